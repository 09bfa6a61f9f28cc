/**
 * The market filter (issue 39): an offer is shown in a language iff it has no countries (valid
 * everywhere), or the language has no market entry in the site config (`markets`), or the two
 * share a country. One pure function over a catalog in every language (or one language's):
 * every per-language view (the build's, the edge's shard source, the reference API's) applies
 * it before localizing, so pages, listings, counts, search, feeds and /data files agree.
 * The brand, category and site counts drop by the offers left out, as src/catalog/live-catalog.ts
 * does for offers that are over; brands and categories stay (a brand with no offer in a market
 * keeps its page with the empty state).
 */
import type { LocalizedCatalog } from './schemas.ts';

/** The site config's `markets`: language code to ISO 3166-1 alpha-2 country codes. */
export type Markets = Readonly<Record<string, readonly string[]>>;

/** Whether an offer with `countries` is shown in a language whose market is `market`. */
export function inMarket(countries: readonly string[] | undefined, market: readonly string[] | undefined): boolean {
  if (!countries || countries.length === 0) return true;
  if (!market || market.length === 0) return true;
  const wanted = new Set(market.map((c) => c.toUpperCase()));
  return countries.some((c) => wanted.has(c.toUpperCase()));
}

const minus = (n: number, k: number | undefined) => Math.max(0, n - (k ?? 0));

function countBy<T>(items: readonly T[], key: (t: T) => number | null): Map<number, number> {
  const m = new Map<number, number>();
  for (const item of items) {
    const k = key(item);
    if (k !== null) m.set(k, (m.get(k) ?? 0) + 1);
  }
  return m;
}

/** `catalog` as language `lang` sees it under `markets`; the same object when nothing is left out. */
export function marketCatalog<C extends LocalizedCatalog>(catalog: C, lang: string, markets: Markets | undefined): C {
  const market = markets?.[lang];
  if (!market || market.length === 0) return catalog;
  const coupons = catalog.coupons.filter((c) => inMarket(c.countries, market));
  const deals = catalog.deals.filter((d) => inMarket(d.countries, market));
  if (coupons.length === catalog.coupons.length && deals.length === catalog.deals.length) return catalog;
  const goneCoupons = catalog.coupons.filter((c) => !inMarket(c.countries, market));
  const goneDeals = catalog.deals.filter((d) => !inMarket(d.countries, market));
  const couponsByBrand = countBy(goneCoupons, (c) => c.brandId);
  const dealsByBrand = countBy(goneDeals, (d) => d.brandId);
  const couponsByCategory = countBy(goneCoupons, (c) => c.categoryId);
  const dealsByCategory = countBy(goneDeals, (d) => d.categoryId);
  return {
    ...catalog,
    coupons,
    deals,
    categories: catalog.categories.map((c) => ({
      ...c,
      totalCoupons: minus(c.totalCoupons, couponsByCategory.get(c.id)),
      totalDeals: minus(c.totalDeals, dealsByCategory.get(c.id)),
    })),
    brands: catalog.brands.map((b) => ({
      ...b,
      totalCoupons: minus(b.totalCoupons, couponsByBrand.get(b.id)),
      totalDeals: minus(b.totalDeals, dealsByBrand.get(b.id)),
      category: b.category
        ? { ...b.category, totalCoupons: minus(b.category.totalCoupons, couponsByCategory.get(b.category.id)) }
        : null,
    })),
    stats: {
      ...catalog.stats,
      totalCoupons: minus(catalog.stats.totalCoupons, goneCoupons.length),
      totalDeals: minus(catalog.stats.totalDeals, goneDeals.length),
    },
  };
}
