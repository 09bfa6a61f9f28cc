/**
 * Format seeds (src/catalog/intl.ts, src/components/offers/format-seed.ts): the build records
 * the price and date texts of an island's first cards; with them seeded, the cards hydrate
 * without creating an Intl formatter (each first one costs 25–45 ms of a phone's main thread)
 * and read exactly as without, before and after the visitor's clock takes over.
 */
import i18next, { type TFunction } from 'i18next';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localizeCatalog } from '../../../src/catalog/localize-catalog.ts';
import { createSampleCatalog } from '../../../src/catalog/sample.ts';
import type { Coupon, Deal } from '../../../src/catalog/schemas.ts';
import { getResources } from '../../../src/i18n/index.ts';

const NOW = Date.parse('2026-11-25T12:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function translator(lang: string): TFunction {
  const i = i18next.createInstance();
  i.init({
    lng: lang,
    resources: { [lang]: getResources(lang, ['coupons', 'deals', 'offers', 'health']) },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return i.t;
}

/** A fresh copy of the modules (empty formatter caches and seeds), in a site time zone. */
async function load(timezone = 'America/New_York') {
  vi.resetModules();
  vi.doMock('../../../src/config/site-runtime.ts', async () => {
    const real = (await import('../stubs/site-runtime.ts')).default;
    return { siteRuntime: { ...real, timezone } };
  });
  const [intl, seed, coupons, deals, ends, exporter, reader] = await Promise.all([
    import('../../../src/catalog/intl.ts'),
    import('../../../src/components/offers/format-seed.ts'),
    import('../../../src/components/coupons/CouponGrid.tsx'),
    import('../../../src/components/deals/DealGrid.tsx'),
    import('../../../src/components/offers/EndsLabel.tsx'),
    import('../../../src/sources/static/export.ts'),
    import('../../../src/sources/static/source.ts'),
  ]);
  return { ...intl, ...seed, ...coupons, ...deals, ...ends, ...exporter, ...reader };
}

afterEach(() => {
  vi.doUnmock('../../../src/config/site-runtime.ts');
  vi.restoreAllMocks();
});

/** Sample offers with every formatted field: ends this year and next, fixed amounts, verified and last-worked dates, prices. */
function offers(): { coupons: Coupon[]; deals: Deal[] } {
  const { coupons, deals } = sampleWithTexts();
  return { coupons: coupons.slice(0, 8), deals: deals.slice(0, 6) };
}

/** The sample catalog with end dates, fixed amounts, verified and last-worked dates and prices. */
function sampleWithTexts() {
  const { catalog } = localizeCatalog(createSampleCatalog(new Date(NOW - 30 * DAY)), { lang: 'en', defaultLang: 'en' });
  const ends = [NOW + 3 * DAY, NOW + 45 * DAY, NOW + 10 * HOUR, NOW + 400 * DAY];
  const coupons = catalog.coupons.map((c, i) => ({
    ...c,
    expiresAt: i === 7 ? null : new Date(ends[i % ends.length]!).toISOString(),
    ...(i % 2 === 0 ? { discountType: 'fixed' as const, discount: `$${10 + i}.50 off`, currency: 'USD' } : {}),
    ...(i % 3 === 0 ? { verifiedAt: new Date(NOW - 2 * DAY).toISOString() } : {}),
    ...(i % 3 === 1 ? { lastWorkedAt: new Date(NOW - 3 * DAY).toISOString(), votes: { worked: 4, failed: 1 } } : {}),
  }));
  const deals = catalog.deals.map((d, i) => ({
    ...d,
    expiresAt: new Date(ends[i % ends.length]!).toISOString(),
    salePrice: 19.99 + i,
    originalPrice: 40 + i,
  }));
  return { ...catalog, coupons, deals };
}

describe('format seeds', () => {
  it.each([
    ['de', 'Europe/Berlin'],
    ['en', 'America/New_York'],
    ['es', 'Asia/Tokyo'],
  ])('%s, %s: seeded cards create no Intl formatter and read as without a seed', async (lang, zone) => {
    const data = offers();
    const t = translator(lang);
    const render = (m: Awaited<ReturnType<typeof load>>) =>
      renderToString(<m.CouponGrid coupons={data.coupons} t={t} lang={lang} />) +
      renderToString(<m.DealGrid deals={data.deals} t={t} lang={lang} />);

    const build = await load(zone);
    const seed = build.offerFormats(lang, data, NOW);
    const expected = render(build);
    expect(expected).toContain(lang === 'en' ? 'Ends ' : '');

    const browser = await load(zone);
    browser.seedFormats(JSON.parse(JSON.stringify(seed)));
    const dates = vi.spyOn(Intl, 'DateTimeFormat');
    const numbers = vi.spyOn(Intl, 'NumberFormat');
    expect(render(browser)).toBe(expected);
    // After hydration, by the visitor's clock (a day later): the days need no new formatter either.
    for (const o of [...data.coupons, ...data.deals]) {
      if (!o.expiresAt) continue;
      const at = Date.parse(o.expiresAt);
      browser.endsText(t, { kind: 'date', at }, lang, NOW + DAY);
    }
    expect(dates).not.toHaveBeenCalled();
    expect(numbers).not.toHaveBeenCalled();
  });

  it('static data files carry their items’ texts: a later page read in the browser renders without Intl', async () => {
    const catalog = sampleWithTexts();
    const build = await load('Europe/Berlin');
    const files = build.buildStaticFiles(catalog, {
      now: new Date(NOW),
      formats: (o) => build.offerFormats('de', o, NOW),
    });
    expect(files.get('coupons/newest/3.json')).toHaveProperty('formats');
    expect(
      Object.keys(build.buildStaticFiles(catalog, { now: new Date(NOW) }).get('coupons/newest/3.json') as object),
    ).toEqual(['items', 'refs']);
    const t = translator('de');
    const render = async (m: typeof build) => {
      const source = m.createStaticSource({
        now: () => new Date(NOW),
        fetch: async (url) => {
          const value = files.get(url.replace(/^\/data\//, ''));
          return { ok: value !== undefined, status: value ? 200 : 404, json: async () => value };
        },
      });
      const page = await source.coupons.list({ page: 3, sort: 'newest' });
      const brand = catalog.deals[0]!.brandId!;
      const deals = await source.deals.list({ brandId: brand, sort: 'newest' });
      return (
        renderToString(<m.CouponGrid coupons={page.items} t={t} lang="de" />) +
        renderToString(<m.DealGrid deals={deals.items} t={t} lang="de" />)
      );
    };
    const expected = await render(build);
    const browser = await load('Europe/Berlin');
    const dates = vi.spyOn(Intl, 'DateTimeFormat');
    const numbers = vi.spyOn(Intl, 'NumberFormat');
    expect(await render(browser)).toBe(expected);
    expect(expected).toMatch(/Du sparst [\d,]+\s\$/);
    expect(dates).not.toHaveBeenCalled();
    expect(numbers).not.toHaveBeenCalled();
  });

  it('a value the build did not see is formatted by Intl, the same as without seeds', async () => {
    const m = await load();
    m.seedFormats(m.offerFormats('fr', { deals: offers().deals }, NOW));
    const numbers = vi.spyOn(Intl, 'NumberFormat');
    const { formatPrice } = await import('../../../src/catalog/display.ts');
    const text = formatPrice(1234.5, 'EUR', 'fr');
    expect(numbers).toHaveBeenCalled();
    expect(text).toBe(new Intl.NumberFormat('fr', { style: 'currency', currency: 'EUR' }).format(1234.5));
  });

  it('a malformed seed is ignored entry by entry; a bad time zone still falls back', async () => {
    const m = await load();
    m.seedFormats(null);
    m.seedFormats('x');
    m.seedFormats({ a: null, b: { 1: 2 }, 'n|en|{}': { 5: 'five', 6: 7 } });
    expect(m.numberFormat('en', {}).format(5)).toBe('five');
    expect(m.numberFormat('en', {}).format(6)).toBe('6');
    expect(() => m.dateFormat('en', { timeZone: 'Mars/Olympus' }).format(NOW)).toThrow(RangeError);
  });

  it('recordFormats returns what was formatted inside it, seeded or not, and nests', async () => {
    const m = await load();
    m.seedFormats({ 'n|en|{}': { 1: 'one' } });
    let inner = {};
    const outer = m.recordFormats(() => {
      m.numberFormat('en', {}).format(1);
      inner = m.recordFormats(() => m.numberFormat('en', {}).format(2000));
    });
    expect(inner).toEqual({ 'n|en|{}': { 2000: '2,000' } });
    expect(outer).toEqual({ 'n|en|{}': { 1: 'one', 2000: '2,000' } });
    expect(m.recordFormats(() => m.numberFormat('en', {}).format(3))).toEqual({ 'n|en|{}': { 3: '3' } });
  });
});
