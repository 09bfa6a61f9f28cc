// @vitest-environment happy-dom
// @vitest-environment-options { "settings": { "disableJavaScriptFileLoading": true, "handleDisabledFileLoadingAsSuccess": true } }
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsentState } from '../../../src/ads/core/consent.ts';
import { createEventBus } from '../../../src/ads/core/events.ts';
import { createScriptLoader } from '../../../src/ads/core/loader.ts';
import { type AdRegistry, type AdsterraUnit, buildRegistry } from '../../../src/ads/core/registry.ts';
import { adsenseProvider } from '../../../src/ads/providers/adsense.ts';
import {
  ADSTERRA_FRAME_SCRIPT,
  adsterraFrameDoc,
  adsterraProvider,
  pickBanner,
  pickNative,
} from '../../../src/ads/providers/adsterra.ts';
import { MOCK_LOAD_MS, mockProvider, mockText } from '../../../src/ads/providers/mock.ts';
import type { ProviderContext, SlotSpec } from '../../../src/ads/providers/types.ts';
import type { SiteConfig } from '../../../src/config/schema.ts';
import { validateSiteConfig } from '../../../src/config/validate.ts';
import { defaultConfig } from '../config/helpers.ts';

const GRANTED: ConsentState = { status: 'granted', personalized: true, source: 'banner' };
const DENIED: ConsentState = { status: 'denied', personalized: false, source: 'banner' };

function registry(): AdRegistry {
  const r = validateSiteConfig(defaultConfig());
  if (!r.ok) throw new Error('default config invalid');
  return buildRegistry(r.config as SiteConfig);
}

/** IntersectionObserver that reports everything in view at once. */
class InViewObserver {
  private cb: (entries: { isIntersecting: boolean; intersectionRatio: number }[]) => void;
  constructor(cb: (entries: { isIntersecting: boolean; intersectionRatio: number }[]) => void) {
    this.cb = cb;
  }
  observe() {
    queueMicrotask(() => this.cb([{ isIntersecting: true, intersectionRatio: 1 }]));
  }
  disconnect() {}
}

let consent: ConsentState;
/** A real loader; happy-dom reports every script as loaded without fetching it. */
function context(loadable = true): ProviderContext & { scripts: string[] } {
  const scripts: string[] = [];
  const loader = createScriptLoader({
    doc: document,
    allowedOrigins: ['https://pagead2.googlesyndication.com', 'https://www.highperformanceformat.com'],
    canLoad: () => loadable && consent.status !== 'pending',
  });
  const realLoad = loader.load;
  loader.load = (id, url, opts) => {
    scripts.push(url ?? '');
    return realLoad(id, url, opts);
  };
  (window as unknown as { IntersectionObserver: unknown }).IntersectionObserver = InViewObserver;
  return {
    win: window as unknown as Window,
    doc: document,
    loader,
    bus: createEventBus(),
    registry: registry(),
    consent: () => consent,
    now: () => Date.now(),
    scripts,
  };
}

function container(width = 468): HTMLElement {
  const el = document.createElement('div');
  Object.defineProperty(el, 'clientWidth', { value: width });
  document.body.appendChild(el);
  return el;
}

const slot = (over: Partial<SlotSpec> = {}): SlotSpec => ({
  id: 'modal-top-1',
  position: 'modal-top',
  size: { width: 300, height: 250 },
  kind: 'banner',
  platform: 'adsense',
  mockText: 'Mock ad · {{platform}} · {{width}}×{{height}}',
  ...over,
});

beforeEach(() => {
  consent = GRANTED;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  (window as unknown as { adsbygoogle?: unknown }).adsbygoogle = undefined;
});
afterEach(() => vi.useRealTimers());

describe('AdSense provider', () => {
  it("renders AdSense's own markup and pushes exactly once", async () => {
    const ctx = context();
    const queue: object[] = [];
    (window as unknown as { adsbygoogle: object[] }).adsbygoogle = queue;
    const box = container();
    const ad = await adsenseProvider.render(box, slot(), ctx, new AbortController().signal);
    expect(ctx.scripts).toEqual([
      'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=ca-pub-0000000000000000',
    ]);
    const tag = document.head.querySelector('script');
    expect(tag?.async).toBe(true);
    expect(tag?.getAttribute('crossorigin')).toBe('anonymous');
    const ins = box.querySelector('ins');
    expect(ins?.className).toBe('adsbygoogle');
    expect(ins?.getAttribute('data-ad-client')).toBe('ca-pub-0000000000000000');
    expect(ins?.getAttribute('data-ad-slot')).toBe('1234567890');
    expect(ins?.getAttribute('data-adtest')).toBe('on');
    expect(ins?.style.width).toBe('300px');
    expect(ins?.style.height).toBe('250px');
    expect(queue).toHaveLength(1);
    expect((queue as unknown as { requestNonPersonalizedAds: number }).requestNonPersonalizedAds).toBe(0);
    ins?.setAttribute('data-ad-status', 'filled');
    await expect(ad.filled).resolves.toBe(true);
  });

  it('Reject all: requestNonPersonalizedAds = 1; unfilled reports no fill', async () => {
    consent = DENIED;
    const ctx = context();
    const box = container();
    const ad = await adsenseProvider.render(box, slot(), ctx, new AbortController().signal);
    expect(
      (window as unknown as { adsbygoogle: { requestNonPersonalizedAds: number } }).adsbygoogle
        .requestNonPersonalizedAds,
    ).toBe(1);
    box.querySelector('ins')?.setAttribute('data-ad-status', 'unfilled');
    await expect(ad.filled).resolves.toBe(false);
  });

  it('"already have ads in them" counts as loaded; any other push error removes the unit and rejects', async () => {
    const ctx = context();
    const push = vi.fn(() => {
      throw new Error(
        "adsbygoogle.push() error: All 'ins' elements in the DOM with class=adsbygoogle already have ads in them.",
      );
    });
    (window as unknown as { adsbygoogle: object }).adsbygoogle = { push };
    const box = container();
    await expect(adsenseProvider.render(box, slot(), ctx, new AbortController().signal)).resolves.toBeTruthy();
    expect(box.querySelector('ins')).not.toBeNull();

    push.mockImplementation(() => {
      throw new Error('No slot size for availableWidth=0');
    });
    const other = container();
    await expect(adsenseProvider.render(other, slot(), ctx, new AbortController().signal)).rejects.toThrow(
      'AdSense push failed: No slot size for availableWidth=0',
    );
    expect(other.querySelector('ins')).toBeNull();
  });

  it('"Failed to load AdSense script" when the loader fails', async () => {
    const ctx = context(false);
    await expect(adsenseProvider.render(container(), slot(), ctx, new AbortController().signal)).rejects.toThrow(
      'Failed to load AdSense script',
    );
  });
});

describe('Adsterra provider', () => {
  const units = registry().adsterraSlotUnits;

  it('picks the largest banner that fits, a native only in a box 90 px high or more', () => {
    expect(pickBanner(units, { width: 300, height: 250 })?.width).toBe(300);
    expect(pickBanner(units, { width: 468, height: 60 })?.width).toBe(468);
    expect(pickBanner(units, { width: 728, height: 90 })?.width).toBe(728);
    expect(pickBanner(units, { width: 343, height: 90 })).toMatchObject({ width: 320, height: 50 });
    expect(pickBanner(units, { width: 160, height: 600 })).toBeUndefined();
    expect(pickNative(units, { width: 468, height: 60 })).toBeUndefined();
    expect(pickNative(units, { width: 300, height: 250 })?.type).toBe('native');
  });

  it('the frame document: atOptions for a banner, the container for a native, escaped', () => {
    const banner: AdsterraUnit = {
      type: 'banner',
      key: 'a'.repeat(32),
      width: 300,
      height: 250,
      format: 'iframe',
      params: { sub: '</script><script>alert(1)</script>' },
      host: 'www.highperformanceformat.com',
    };
    const doc = adsterraFrameDoc(banner, `https://www.highperformanceformat.com/${'a'.repeat(32)}/invoke.js`);
    // The options are data in the frame document (one constant inline script for every unit).
    const options = new DOMParser()
      .parseFromString(doc, 'text/html')
      .querySelector('meta[name="at-options"]')
      ?.getAttribute('content');
    expect(JSON.parse(options ?? 'null')).toEqual({
      key: 'a'.repeat(32),
      format: 'iframe',
      height: 250,
      width: 300,
      params: { sub: '</script><script>alert(1)</script>' },
    });
    expect(doc).toContain(`<script>${ADSTERRA_FRAME_SCRIPT}</script>`);
    expect(doc).not.toContain('<script>alert(1)');
    expect(doc).toContain(
      `<script data-cfasync="false" src="https://www.highperformanceformat.com/${'a'.repeat(32)}/invoke.js"></script>`,
    );
    const native = adsterraFrameDoc({ ...banner, type: 'native' }, 'https://x/invoke.js');
    expect(native).toContain(`<div id="container-${'a'.repeat(32)}"></div>`);
    expect(native).not.toContain('<meta name="at-options"');
  });

  it('"Failed to load Adsterra {type} ad" without consent or a fitting unit', async () => {
    consent = DENIED;
    const ctx = context();
    await expect(adsterraProvider.render(container(), slot(), ctx, new AbortController().signal)).rejects.toThrow(
      'Failed to load Adsterra banner ad',
    );
    consent = GRANTED;
    await expect(
      adsterraProvider.render(
        container(),
        slot({ size: { width: 160, height: 600 } }),
        ctx,
        new AbortController().signal,
      ),
    ).rejects.toThrow('Failed to load Adsterra banner ad');
    expect(adsterraProvider.supports('generic', { width: 468, height: 60 }, ctx.registry)).toBe(false);
  });
});

describe('mock provider', () => {
  it('a box of the exact size reading "Mock ad · {platform} · {width}×{height}", after 200 ms', async () => {
    vi.useFakeTimers();
    const ctx = context();
    const box = container();
    const p = mockProvider.render(
      box,
      slot({ platform: 'adsterra', size: { width: 468, height: 60 } }),
      ctx,
      new AbortController().signal,
    );
    await vi.advanceTimersByTimeAsync(MOCK_LOAD_MS - 1);
    expect(box.childElementCount).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    const ad = await p;
    expect(ad.element.textContent).toBe('Mock ad · adsterra · 468×60');
    expect(ad.element.style.width).toBe('468px');
    expect(ad.element.style.height).toBe('60px');
    expect(ad.impressionAfterMs).toBe(500);
    expect(mockText('Anuncio de prueba · {{platform}} · {{width}}×{{height}}', 'adsense', 300, 250)).toBe(
      'Anuncio de prueba · adsense · 300×250',
    );
  });
});
