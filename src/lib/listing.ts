/**
 * Pure listing logic for the coupons and deals screens (SPEC §4 "Listings", §5 "Query params").
 * No React, no DOM: the stores in src/stores/listing.ts and the islands build on these.
 */
import { SORTS } from '../catalog/constants.ts';
import type { Sort } from '../catalog/schemas.ts';
import type { Page } from '../catalog/source.ts';

export type CouponFilters = {
  q: string;
  category: number | null;
  brand: number | null;
  sort: Sort | null;
};

export const EMPTY_COUPON_FILTERS: CouponFilters = { q: '', category: null, brand: null, sort: null };

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
  const s = params.toString();
  return s ? `?${s}` : '';
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

/** What a listing holds (SPEC §4 "Listings"). */
export type ListingState<T> = {
  items: T[];
  /** Last page loaded (0 = nothing yet). */
  page: number;
  total: number;
  hasMore: boolean;
  /** First page loading (skeletons). */
  loading: boolean;
  /** Show More in flight. */
  loadingMore: boolean;
  error: string | null;
};

export function emptyListing<T>(loading = false): ListingState<T> {
  return { items: [], page: 0, total: 0, hasMore: false, loading, loadingMore: false, error: null };
}

/** A listing holding one page: page 1 replaces the items, later pages append (deduplicated by id). */
export function applyPage<T extends { id: number }>(state: ListingState<T>, result: Page<T>): ListingState<T> {
  let items: T[];
  if (result.page <= 1) items = result.items;
  else {
    const seen = new Set(state.items.map((i) => i.id));
    items = [...state.items, ...result.items.filter((i) => !seen.has(i.id))];
  }
  return {
    items,
    page: result.page,
    total: result.total,
    hasMore: result.hasMore,
    loading: false,
    loadingMore: false,
    error: null,
  };
}

/** A listing that starts from a pre-rendered page. */
export function listingFromPage<T extends { id: number }>(page: Page<T> | null): ListingState<T> {
  return page ? applyPage(emptyListing<T>(), page) : emptyListing<T>(true);
}
