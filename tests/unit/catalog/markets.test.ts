import { describe, expect, it } from 'vitest';
import { inMarket, marketCatalog } from '../../../src/catalog/markets.ts';
import { createSampleCatalog } from '../../../src/catalog/sample.ts';

const MARKETS = { en: ['GB', 'US'], es: ['ES', 'MX'], fr: ['FR', 'BE'], de: ['DE', 'AT', 'CH'] };

describe('inMarket: an offer is shown in a language', () => {
  it('when it has no countries (absent or empty: valid everywhere)', () => {
    expect(inMarket(undefined, MARKETS.de)).toBe(true);
    expect(inMarket([], MARKETS.de)).toBe(true);
  });
  it('when the language has no market entry', () => {
    expect(inMarket(['GB'], undefined)).toBe(true);
    expect(inMarket(['GB'], [])).toBe(true);
  });
  it('when its countries meet the market, and not otherwise', () => {
    expect(inMarket(['DE'], MARKETS.de)).toBe(true);
    expect(inMarket(['GB', 'CH'], MARKETS.de)).toBe(true);
    expect(inMarket(['GB'], MARKETS.de)).toBe(false);
    expect(inMarket(['ES', 'FR'], MARKETS.de)).toBe(false);
    expect(inMarket(['es'], MARKETS.es)).toBe(true);
  });
});

describe('marketCatalog: one language view', () => {
  const base = createSampleCatalog(new Date('2026-11-25T12:00:00.000Z'));
  const withCountries = {
    ...base,
    coupons: base.coupons.map((c, i) =>
      i === 0
        ? { ...c, countries: ['DE'] }
        : i === 1
          ? { ...c, countries: ['GB'] }
          : i === 2
            ? { ...c, countries: [] }
            : c,
    ),
    deals: base.deals.map((d, i) => (i === 0 ? { ...d, countries: ['ES'] } : d)),
  };
  const [c0, c1, c2] = withCountries.coupons as [
    (typeof base.coupons)[0],
    (typeof base.coupons)[0],
    (typeof base.coupons)[0],
  ];
  const d0 = withCountries.deals[0]!;

  it('is the same catalog without markets or for a language without an entry', () => {
    expect(marketCatalog(withCountries, 'de', undefined)).toBe(withCountries);
    expect(marketCatalog(withCountries, 'de', { en: ['GB'] })).toBe(withCountries);
  });

  it('in German keeps the DE offer and the everywhere one, drops the GB coupon and the ES deal, and lowers the counts', () => {
    const de = marketCatalog(withCountries, 'de', MARKETS);
    const ids = new Set(de.coupons.map((c) => c.id));
    expect(ids.has(c0.id)).toBe(true);
    expect(ids.has(c2.id)).toBe(true);
    expect(ids.has(c1.id)).toBe(false);
    expect(de.deals.some((d) => d.id === d0.id)).toBe(false);
    expect(de.coupons).toHaveLength(base.coupons.length - 1);
    expect(de.stats.totalCoupons).toBe(base.stats.totalCoupons - 1);
    expect(de.stats.totalDeals).toBe(base.stats.totalDeals - 1);
    const before = base.brands.find((b) => b.id === c1.brandId)!;
    const after = de.brands.find((b) => b.id === c1.brandId)!;
    expect(after.totalCoupons).toBe(before.totalCoupons - 1);
    const catBefore = base.categories.find((c) => c.id === d0.categoryId)!;
    expect(de.categories.find((c) => c.id === d0.categoryId)!.totalDeals).toBe(catBefore.totalDeals - 1);
    // Brands and categories all stay: a brand with no offer left keeps its page (empty state).
    expect(de.brands).toHaveLength(base.brands.length);
    expect(de.categories).toHaveLength(base.categories.length);
  });

  it('in Spanish keeps the ES deal and drops the DE coupon', () => {
    const es = marketCatalog(withCountries, 'es', MARKETS);
    expect(es.deals.some((d) => d.id === d0.id)).toBe(true);
    expect(es.coupons.some((c) => c.id === c0.id)).toBe(false);
    expect(es.coupons.some((c) => c.id === c2.id)).toBe(true);
  });
});
