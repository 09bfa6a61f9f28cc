import { afterEach, describe, expect, it } from 'vitest';
import {
  adPlatformForIndex,
  GRID_PRELOAD_MARGIN_PX,
  onAdPreload,
  preloadAfterIdle,
  preloadWhenNear,
  requestAdPreload,
  requestedAdPreloads,
  resetAdPreloads,
} from '../../../src/ads/preload.ts';

afterEach(() => resetAdPreloads());

describe('ad preload seam', () => {
  it('alternates adsense and adsterra by card index', () => {
    expect([0, 1, 2, 3, 7].map(adPlatformForIndex)).toEqual(['adsense', 'adsterra', 'adsense', 'adsterra', 'adsterra']);
  });

  it('records each platform once and notifies listeners (also of earlier requests)', () => {
    expect(requestAdPreload('adsense')).toBe(true);
    expect(requestAdPreload('adsense')).toBe(false);
    const seen: string[] = [];
    onAdPreload((p) => seen.push(p));
    requestAdPreload('adsterra');
    expect(seen).toEqual(['adsense', 'adsterra']);
    expect(requestedAdPreloads()).toEqual(['adsense', 'adsterra']);
  });

  it('preloads when the element comes within 200 px of the viewport', () => {
    let callback: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
    let options: IntersectionObserverInit | undefined;
    let disconnected = false;
    class FakeObserver {
      constructor(cb: typeof callback, opts: IntersectionObserverInit) {
        callback = cb;
        options = opts;
      }
      observe() {}
      disconnect() {
        disconnected = true;
      }
    }
    preloadWhenNear({} as Element, 'adsterra', FakeObserver as unknown as typeof IntersectionObserver);
    expect(options?.rootMargin).toBe(`${GRID_PRELOAD_MARGIN_PX}px`);
    callback?.([{ isIntersecting: false }]);
    expect(requestedAdPreloads()).toEqual([]);
    callback?.([{ isIntersecting: true }]);
    expect(requestedAdPreloads()).toEqual(['adsterra']);
    expect(disconnected).toBe(true);
  });

  it('preloads every platform after 2 s at the next idle moment; cleanup cancels', () => {
    const timers: { fn: () => void; ms: number }[] = [];
    const idle: (() => void)[] = [];
    const fake = {
      setTimeout: (fn: () => void, ms: number) => timers.push({ fn, ms }),
      clearTimeout: () => {},
      requestIdleCallback: (fn: () => void) => idle.push(fn),
    };
    preloadAfterIdle(['adsense', 'adsterra'], fake);
    expect(timers[0]?.ms).toBe(2000);
    timers[0]?.fn();
    expect(requestedAdPreloads()).toEqual([]);
    idle[0]?.();
    expect(requestedAdPreloads()).toEqual(['adsense', 'adsterra']);

    resetAdPreloads();
    const cancel = preloadAfterIdle(['adsense'], { ...fake, requestIdleCallback: undefined });
    cancel();
    timers[1]?.fn();
    expect(requestedAdPreloads()).toEqual([]);
  });
});
