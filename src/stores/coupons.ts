/**
 * Coupons (SPEC §2 "Coupons page", §4 "Listings", §5 "Query params"): which coupons were just
 * copied (3 s, SPEC §9), the coupons page filters with their URL form, the search text
 * (debounced), the grid/list view and the listing itself with its fetcher. The listing reads
 * the URL when the page's island first subscribes, then keeps the URL in step and starts again
 * from page 1 on every filter change (store listeners; components only render and call actions).
 */
import { atom, map } from 'nanostores';
import { SORTS } from '../catalog/constants.ts';
import type { Coupon, Sort } from '../catalog/schemas.ts';
import type { CatalogSource, CouponListOptions, Page } from '../catalog/source.ts';
import { createListingStore, LISTING_PAGE_SIZE, type ListingStore } from './listing.ts';
import { createDebouncedText, followFilters, prerenderedFirst, toQueryString } from './listing-url.ts';
import { CACHE_TIME, cachedFetch, KEY_SEPARATOR } from './query.ts';
import { loadBrowserData } from './source.ts';
import { currentSearch, replaceSearch } from './url.ts';

// The copied state lives in its own small module (cards on every page need it, not the filters).
export { $copiedCoupons, COPIED_MS, markCouponCopied } from './copied.ts';

// ---------------------------------------------------------------------------
// Filters and their URL form (SPEC §5 "Query params")
// ---------------------------------------------------------------------------

export type CouponFilters = {
  q: string;
  category: number | null;
  brand: number | null;
  sort: Sort | null;
};

export const EMPTY_COUPON_FILTERS: CouponFilters = Object.freeze({ q: '', category: null, brand: null, sort: null });

/** A positive integer from a query param ("12" → 12); anything else → null. */
export function parseIntParam(value: string | null | undefined): number | null {
  if (value == null || !/^\s*\d+\s*$/.test(value)) return null;
  const n = Number.parseInt(value, 10);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** Only newest, popular, expiring or discount are accepted (SPEC §5). */
export function parseSortParam(value: string | null | undefined): Sort | null {
  return (SORTS as readonly string[]).includes(value ?? '') ? (value as Sort) : null;
}

/** Filters from a query string ("?category=3&sort=popular"). Unknown or invalid values are ignored. */
export function parseCouponFilters(search: string | URLSearchParams): CouponFilters {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return {
    q: (params.get('q') ?? '').trim(),
    category: parseIntParam(params.get('category')),
    brand: parseIntParam(params.get('brand')),
    sort: parseSortParam(params.get('sort')),
  };
}

/**
 * The query string for filters (with "?" or empty), in the order q, category, brand, sort.
 * Other params already in `base` are kept.
 */
export function couponFiltersToSearch(filters: CouponFilters, base = ''): string {
  const params = new URLSearchParams(base);
  for (const key of ['q', 'category', 'brand', 'sort']) params.delete(key);
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.category !== null) params.set('category', String(filters.category));
  if (filters.brand !== null) params.set('brand', String(filters.brand));
  if (filters.sort) params.set('sort', filters.sort);
  return toQueryString(params);
}

/** Any search text, category or brand (sort alone is not a filter). */
export function hasCouponFilters(f: CouponFilters): boolean {
  return f.q.trim() !== '' || f.category !== null || f.brand !== null;
}

/** The unfiltered newest first page the build pre-renders (SPEC §4 "Coupons page 1"). */
export function isDefaultCouponQuery(f: CouponFilters): boolean {
  return !hasCouponFilters(f) && (f.sort === null || f.sort === 'newest');
}

export function sameCouponFilters(a: CouponFilters, b: CouponFilters): boolean {
  return a.q.trim() === b.q.trim() && a.category === b.category && a.brand === b.brand && a.sort === b.sort;
}

/**
 * Coupons page filters (SPEC §5 "Query params"). It starts as EMPTY_COUPON_FILTERS itself (a map
 * copies on every change): the listing island compares against it right after hydration and
 * renders a second time only when the address had filters.
 */
export const $couponFilters = map<CouponFilters>(EMPTY_COUPON_FILTERS);

export function setCouponFilters(next: Partial<CouponFilters>): void {
  $couponFilters.set({ ...$couponFilters.get(), ...next });
}

/** The search field's text; it becomes the `q` filter 300 ms after the last keystroke. */
export const COUPON_SEARCH_DEBOUNCE_MS = 300;
const couponText = createDebouncedText(COUPON_SEARCH_DEBOUNCE_MS, (text) => {
  if (text.trim() !== $couponFilters.get().q) setCouponFilters({ q: text.trim() });
});
export const $couponText = couponText.$text;

export function setCouponText(text: string): void {
  couponText.set(text);
}

/** The search form was submitted: apply the text at once. */
export function submitCouponText(): void {
  setCouponFilters({ q: couponText.flush().trim() });
}

/** "Clear filters": no text, category or brand; the sort stays. */
export function clearCouponFilters(): void {
  couponText.clear();
  $couponFilters.set({ ...EMPTY_COUPON_FILTERS, sort: $couponFilters.get().sort });
}

export type ListingView = 'grid' | 'list';
export const $couponView = atom<ListingView>('grid');

// ---------------------------------------------------------------------------
// Fetching (SPEC §4 "Coupons page 1 and fallback", ARCHITECTURE "Decisions on quirks")
// ---------------------------------------------------------------------------

export type SourcePick = {
  primary: () => CatalogSource;
  fallback: (() => CatalogSource) | null;
  warn?: (...args: unknown[]) => void;
};

/**
 * One page of coupons for the filters: the site's source (static JSON or the API); in API mode,
 * when the API fails, the static JSON of the catalog pulled at build time answers instead; if
 * that fails too the error is thrown (the page shows "Failed to load coupons").
 */
export async function fetchCouponPage(
  filters: CouponFilters,
  page: number,
  pick: SourcePick,
  pageSize = LISTING_PAGE_SIZE,
): Promise<Page<Coupon>> {
  const options: CouponListOptions = {
    page,
    pageSize,
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

/** A page in the browser: the data layer loads on the first call; answers are cached (SPEC §9). */
export async function browserCouponPage(filters: CouponFilters, page: number): Promise<Page<Coupon>> {
  const m = await loadBrowserData();
  // SPEC §9: page 1 of the unfiltered newest list is cached 5 minutes, every other page 1 minute.
  const ttl =
    isDefaultCouponQuery(filters) && page === 1 ? CACHE_TIME.COUPON_PAGE1_UNFILTERED : CACHE_TIME.COUPON_OTHER;
  const key = [
    'coupons',
    filters.q.trim(),
    filters.category ?? '',
    filters.brand ?? '',
    filters.sort ?? 'newest',
    LISTING_PAGE_SIZE,
    page,
  ];
  return cachedFetch(key.join(KEY_SEPARATOR), ttl, () =>
    fetchCouponPage(filters, page, {
      primary: m.getBrowserSource,
      fallback: m.isStaticMode() ? null : m.getStaticSource,
    }),
  );
}

// ---------------------------------------------------------------------------
// The coupons page listing
// ---------------------------------------------------------------------------

let listing: ListingStore<Coupon> | undefined;
/** The pre-rendered page `listing` started from: a build renders every language's page in one process. */
let listingFrom: Page<Coupon> | undefined;

/**
 * The coupons page's listing, starting from the pre-rendered unfiltered page 1. While an island
 * subscribes to its `$state`, the filters follow the URL (read once, then written on every
 * change) and any change starts again from page 1.
 */
export function couponsListing(initialPage: Page<Coupon>): ListingStore<Coupon> {
  if (listing && listingFrom === initialPage) return listing;
  listingFrom = initialPage;
  const fetcherFor = prerenderedFirst(initialPage, isDefaultCouponQuery, browserCouponPage);
  const store = createListingStore<Coupon>(fetcherFor(EMPTY_COUPON_FILTERS), initialPage);
  listing = store;
  followFilters(store, {
    $filters: $couponFilters,
    applied: () => EMPTY_COUPON_FILTERS,
    same: sameCouponFilters,
    fetcherFor,
    onChange: (filters) => replaceSearch(couponFiltersToSearch(filters, currentSearch())),
    start: () => {
      const fromUrl = parseCouponFilters(currentSearch());
      $couponText.set(fromUrl.q);
      // The same filters stay the same value (no second render of the whole list after hydration).
      if (!sameCouponFilters(fromUrl, $couponFilters.get())) $couponFilters.set(fromUrl);
    },
  });
  return store;
}

/**
 * The filter form's fields held something else than the build's values when the listing took
 * over (text typed while the page started, a category chosen, fields restored on Back): what they
 * show wins over the address, validated like it (issue 33). Field name → value (`changedControls`).
 */
export function adoptCouponControls(store: ListingStore<Coupon>, changed: Readonly<Record<string, string>>): void {
  const keys = (['q', 'category', 'brand', 'sort'] as const).filter((k) => typeof changed[k] === 'string');
  if (keys.length === 0) return;
  store.$state.get(); // the address first (mounts the listing, which reads it), then the fields over it
  const fields = parseCouponFilters(new URLSearchParams(changed as Record<string, string>));
  const next: Partial<CouponFilters> = {};
  for (const k of keys) Object.assign(next, { [k]: fields[k] });
  if (keys.includes('q')) {
    couponText.flush();
    $couponText.set(changed.q ?? '');
  }
  setCouponFilters(next);
}
