/**
 * The build's catalog without the offers that are over (src/catalog/offer-time.ts): what every
 * page, the /data export, search, feeds and the sitemap are built from. The brand, category and
 * site counts drop by the offers left out, so "12 coupons" on a brand never counts a dead one.
 */
import { type Clock, type OverCount, splitLive } from './offer-time.ts';
import type { LocalizedCatalog } from './schemas.ts';

export type LeftOut = { coupons: OverCount; deals: OverCount };

const minus = (n: number, k: number | undefined) => Math.max(0, n - (k ?? 0));

function countBy<T>(items: readonly T[], key: (t: T) => number | null): Map<number, number> {
  const m = new Map<number, number>();
  for (const item of items) {
    const k = key(item);
    if (k !== null) m.set(k, (m.get(k) ?? 0) + 1);
  }
  return m;
}

/** Generic over the text type: a catalog in every language or one language's. */
export function liveCatalog<C extends LocalizedCatalog>(catalog: C, now: Clock): { catalog: C; leftOut: LeftOut } {
  const coupons = splitLive(catalog.coupons, now);
  const deals = splitLive(catalog.deals, now);
  const leftOut = { coupons: coupons.over, deals: deals.over };
  if (coupons.live.length === catalog.coupons.length && deals.live.length === catalog.deals.length) {
    return { catalog, leftOut };
  }
  const liveIds = (list: readonly { id: number }[]) => new Set(list.map((o) => o.id));
  const keptCoupons = liveIds(coupons.live);
  const keptDeals = liveIds(deals.live);
  const goneCoupons = catalog.coupons.filter((c) => !keptCoupons.has(c.id));
  const goneDeals = catalog.deals.filter((d) => !keptDeals.has(d.id));
  const couponsByBrand = countBy(goneCoupons, (c) => c.brandId);
  const dealsByBrand = countBy(goneDeals, (d) => d.brandId);
  const couponsByCategory = countBy(goneCoupons, (c) => c.categoryId);
  const dealsByCategory = countBy(goneDeals, (d) => d.categoryId);
  return {
    leftOut,
    catalog: {
      ...catalog,
      coupons: coupons.live,
      deals: deals.live,
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
    },
  };
}

/** One build-log line: how many offers were left out of a site and why. */
export function describeLeftOut(siteId: string, leftOut: LeftOut): string {
  const total = leftOut.coupons.ended + leftOut.coupons.status + leftOut.deals.ended + leftOut.deals.status;
  if (total === 0) return `  Offers: none over, nothing left out of site "${siteId}"`;
  const part = (n: OverCount, what: string) =>
    `${n.ended + n.status} ${what} (${n.ended} ended, ${n.status} not active)`;
  return `  Offers: ${total} over, left out of site "${siteId}": ${part(leftOut.coupons, 'coupon(s)')}, ${part(leftOut.deals, 'deal(s)')}`;
}
