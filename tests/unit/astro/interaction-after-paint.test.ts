// @vitest-environment happy-dom
/**
 * An island that must hydrate without input (the address asks for another page than the build:
 * `/search?q=…`, the coupons' filters) still waits for the first contentful paint, as
 * client:painted does (issue 31: nothing but the HTML before the first paint). In CI the search
 * page's island once asked for its code before the paint.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import interaction from '../../../src/astro/interaction-directive.ts';

/** A PerformanceObserver whose paint entries the test reports. */
let reportPaint: () => void = () => undefined;
class FakePaintObserver {
  constructor(callback: (list: { getEntriesByName(name: string): unknown[] }) => void) {
    reportPaint = () => callback({ getEntriesByName: (n) => (n === 'first-contentful-paint' ? [{}] : []) });
  }
  observe() {}
  disconnect() {}
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('PerformanceObserver', FakePaintObserver);
  // The page is still loading: no load-event fallback yet.
  Object.defineProperty(document, 'readyState', { value: 'interactive', configurable: true });
  history.replaceState(null, '', '/search?q=brickplay');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

it('hydrates an island whose page differs from the build only after the first paint', async () => {
  const island = document.createElement('astro-island');
  document.body.append(island);
  const hydrate = vi.fn(async () => undefined);
  const load = vi.fn(async () => hydrate);
  // Astro types a directive's value as a string; the page hands it the object it was given.
  const value = { params: ['q'] } as unknown as string;
  await interaction(load, { name: 'SearchResults', value }, island);
  await vi.advanceTimersByTimeAsync(3000);
  expect(load).not.toHaveBeenCalled();

  reportPaint();
  await vi.advanceTimersByTimeAsync(2500);
  expect(load).toHaveBeenCalledTimes(1);
  expect(hydrate).toHaveBeenCalledTimes(1);
});
