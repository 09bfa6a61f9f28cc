/**
 * Browser-side coupon fetching for the coupons page (SPEC §4 "Coupons page 1 and fallback",
 * ARCHITECTURE "Decisions on quirks"): the site's source (static JSON or the API); in API mode,
 * when the API fails, the static JSON of the catalog pulled at build time answers instead; if that fails too the
 * error is thrown (the page shows "Failed to load coupons"). Loaded on demand.
 */
import type { Coupon } from '../../catalog/schemas.ts';
import { type CatalogSource, type CouponListOptions, PAGE_SIZE, type Page } from '../../catalog/source.ts';
import type { CouponFilters } from '../../lib/listing.ts';

export type SourcePick = {
  primary: () => CatalogSource;
  fallback: (() => CatalogSource) | null;
  warn?: (...args: unknown[]) => void;
};

/** One page of coupons for the filters, with the fallback rule. Pure over the injected sources. */
export async function fetchCouponPage(filters: CouponFilters, page: number, pick: SourcePick): Promise<Page<Coupon>> {
  const options: CouponListOptions = {
    page,
    pageSize: PAGE_SIZE,
    categoryId: filters.category,
    brandId: filters.brand,
    sort: filters.sort ?? 'newest',
  };
  const q = filters.q.trim();
  const run = (source: CatalogSource) => (q ? source.coupons.search(q, options) : source.coupons.list(options));
  try {
    return await run(pick.primary());
  } catch (error) {
    if (!pick.fallback) throw error;
    (pick.warn ?? console.warn)('Coupons API failed; using the built-in sample:', error);
    return run(pick.fallback());
  }
}

/** The browser's sources: dynamic import so the data layer loads only when a fetch is needed. */
export async function browserCouponPage(filters: CouponFilters, page: number): Promise<Page<Coupon>> {
  const [m, q] = await Promise.all([import('../../data/browser-source.ts'), import('../../stores/query.ts')]);
  // SPEC §9: page 1 of the unfiltered newest list is cached 5 minutes, every other page 1 minute.
  const unfiltered = !filters.q.trim() && filters.category === null && filters.brand === null;
  const ttl =
    unfiltered && page === 1 && (filters.sort ?? 'newest') === 'newest'
      ? q.CACHE_TIME.COUPON_PAGE1_UNFILTERED
      : q.CACHE_TIME.COUPON_OTHER;
  const key = [
    'coupons',
    filters.q.trim(),
    filters.category ?? '',
    filters.brand ?? '',
    filters.sort ?? 'newest',
    page,
  ];
  return q.cachedFetch(key.join(q.KEY_SEPARATOR), ttl, () =>
    fetchCouponPage(filters, page, {
      primary: m.getBrowserSource,
      fallback: m.isStaticMode() ? null : m.getStaticSource,
    }),
  );
}
