import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEventBus } from '../../../src/ads/core/events.ts';
import {
  createScriptLoader,
  DEFAULT_SCRIPT_SCORE,
  SCRIPT_TIMEOUT_MS,
  scriptPerformanceScore,
} from '../../../src/ads/core/loader.ts';
import { fakeDocument } from './helpers.ts';

const ADSENSE = 'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=ca-pub-1';
const ORIGINS = ['https://pagead2.googlesyndication.com', 'https://www.highperformanceformat.com'];

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup(canLoad = () => true) {
  const doc = fakeDocument();
  const bus = createEventBus();
  const timedOut = vi.fn();
  bus.on('timed-out', timedOut);
  let t = 0;
  const loader = createScriptLoader({ doc, allowedOrigins: ORIGINS, canLoad, bus, now: () => t });
  return { doc, loader, timedOut, advance: (ms: number) => (t += ms) };
}

describe('script loader', () => {
  it('N concurrent requests for a platform make one async script tag and share one pending load', async () => {
    const { doc, loader } = setup();
    const loads = [1, 2, 3, 4, 5].map(() => loader.load('adsense', ADSENSE, { crossOrigin: 'anonymous' }));
    expect(new Set(loads).size).toBe(1);
    expect(doc.appended).toHaveLength(1);
    const tag = doc.appended[0]!;
    expect(tag).toMatchObject({ tagName: 'SCRIPT', async: true, src: ADSENSE, crossOrigin: 'anonymous' });
    expect(loader.state('adsense')).toBe('loading');
    tag.fire('load');
    await Promise.all(loads);
    expect(loader.state('adsense')).toBe('loaded');
    // Later requests reuse the loaded script.
    await loader.load('adsense', ADSENSE);
    expect(doc.appended).toHaveLength(1);
  });

  it('"Failed to load script: {url}" on error; the failure is remembered for the page view', async () => {
    const { doc, loader } = setup();
    const p = loader.load('adsense', ADSENSE);
    doc.appended[0]!.fire('error');
    await expect(p).rejects.toThrow(`Failed to load script: ${ADSENSE}`);
    await expect(loader.load('adsense', ADSENSE)).rejects.toThrow('Failed to load script');
    expect(doc.appended).toHaveLength(1);
    expect(loader.state('adsense')).toBe('failed');
  });

  it('a 3 s timeout counts as a failure and emits timed-out', async () => {
    const { loader, timedOut, advance } = setup();
    const p = loader.load('adsense', ADSENSE);
    const settled = vi.fn();
    p.catch(settled);
    advance(SCRIPT_TIMEOUT_MS - 1);
    vi.advanceTimersByTime(SCRIPT_TIMEOUT_MS - 1);
    await Promise.resolve();
    expect(settled).not.toHaveBeenCalled();
    advance(1);
    vi.advanceTimersByTime(1);
    await expect(p).rejects.toMatchObject({ message: `Failed to load script: ${ADSENSE}`, timedOut: true });
    expect(timedOut).toHaveBeenCalledWith(
      expect.objectContaining({ platform: 'adsense', url: ADSENSE, timeoutMs: SCRIPT_TIMEOUT_MS }),
    );
    expect(loader.stats().adsense).toMatchObject({ attempts: 1, failures: 1 });
  });

  it('"No script URL for platform: {platform}" without an address', async () => {
    const { doc, loader } = setup();
    await expect(loader.load('adsterra', undefined)).rejects.toThrow('No script URL for platform: adsterra');
    await expect(loader.load('facebook', '')).rejects.toThrow('No script URL for platform: facebook');
    expect(doc.appended).toHaveLength(0);
  });

  it('only addresses from the allowed hosts, over https', async () => {
    const { doc, loader } = setup();
    for (const url of [
      'https://evil.example/adsbygoogle.js',
      'http://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js',
      'javascript:alert(1)',
      'https://pagead2.googlesyndication.com.evil.example/x.js',
    ]) {
      await expect(loader.load(`adsense:${url}`, url)).rejects.toThrow(/Script host not allowed for adsense/);
    }
    expect(doc.appended).toHaveLength(0);
    // Protocol-relative network code is fine and becomes https.
    expect(loader.check('adsterra', '//www.highperformanceformat.com/k/invoke.js')).toBe(
      'https://www.highperformanceformat.com/k/invoke.js',
    );
  });

  it('nothing is requested before consent (no tag, no preconnect); after consent it loads', async () => {
    let consent = false;
    const { doc, loader } = setup(() => consent);
    await expect(loader.load('adsense', ADSENSE)).rejects.toThrow(/wait for consent/);
    loader.preconnect(['https://pagead2.googlesyndication.com']);
    expect(doc.appended).toHaveLength(0);
    consent = true;
    const p = loader.load('adsense', ADSENSE);
    loader.preconnect(['https://pagead2.googlesyndication.com', 'https://not-allowed.example']);
    loader.preconnect(['https://pagead2.googlesyndication.com']);
    expect(doc.appended.map((e) => `${e.tagName} ${e.rel} ${e.href || e.src}`)).toEqual([
      `SCRIPT  ${ADSENSE}`,
      'LINK preconnect https://pagead2.googlesyndication.com',
    ]);
    doc.appended[0]!.fire('load');
    await p;
  });

  it('script performance score: 0.7 * success rate + 0.3 * (1 - average load / 5000); 0.5 before any load', async () => {
    expect(scriptPerformanceScore({ attempts: 0, successes: 0, averageLoadMs: 0 })).toBe(DEFAULT_SCRIPT_SCORE);
    // 3 of 4 loaded, 1000 ms on average: 0.7 * 0.75 + 0.3 * 0.8 = 0.765.
    expect(scriptPerformanceScore({ attempts: 4, successes: 3, averageLoadMs: 1000 })).toBeCloseTo(0.765, 10);
    const { doc, loader, advance } = setup();
    expect(loader.score('adsense')).toBe(0.5);
    const p = loader.load('adsense', ADSENSE);
    advance(500);
    doc.appended[0]!.fire('load');
    await p;
    loader.record('adsense', false, 0);
    // 1 of 2, 500 ms: 0.35 + 0.3 * 0.9 = 0.62.
    expect(loader.score('adsense')).toBeCloseTo(0.62, 10);
    expect(loader.stats().adsense).toMatchObject({ attempts: 2, successes: 1, failures: 1, averageLoadMs: 500 });
  });
});
