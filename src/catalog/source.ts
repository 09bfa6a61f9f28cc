/**
 * The one data contract every screen talks to (ARCHITECTURE "data"): `CatalogSource`.
 *
 * Implementations:
 * - `createMemorySource(catalog, { now })` in `src/sources/memory.ts` (build time, tests);
 * - `createStaticSource({ baseUrl, fetch })` in `src/sources/static/source.ts` (browser, static JSON);
 * - the HTTP API source in `src/sources/http/source.ts` (SPEC §7).
 * The same contract tests (`tests/unit/sources/contract.ts`) run against all of them.
 *
 * Rules shared by every implementation:
 * - Everything is async and returns normalized models from `schemas.ts`.
 * - A missing entity is `null`, never a thrown error; transport/data failures throw.
 * - Paging is 1-based. `pageSize` defaults to 20 (SPEC §9). A page past the end is empty.
 * - Sorts (SPEC §4 "Static-data mode"), ties always broken by newest then id descending:
 *   newest = createdAt desc; popular = featured 2 + exclusive 1 (deals: featured 2 + hot 1), desc;
 *   expiring = soonest expiresAt first, no expiry last; discount = first number in the discount text, desc.
 * - Search text is split into lowercase word tokens (letters/digits, accents folded); tokens
 *   shorter than 2 characters are ignored; an item matches when EVERY token is a prefix of some word
 *   of its name/title, description, brand name or category name. No usable token → no results.
 *   Search results come in newest order unless a sort is given.
 */
import type { Brand, BrandSummary, Category, Coupon, Deal, HomeData, Sort, Stats } from './schemas.ts';
import type { SearchResult, SearchSuggestion, SearchType } from './search-schemas.ts';

export type { SearchSection } from './search-schemas.ts';

/** Page size of coupons, deals, brands and search (SPEC §9). */
export const PAGE_SIZE = 20;
/** SPEC §9 "Listings and search". */
export const FEATURED_COUPONS_LIMIT = 8;
export const FEATURED_BRANDS_LIMIT = 8;
export const HOT_DEALS_LIMIT = 6;
export const EXPIRING_DAYS = 7;
export const EXPIRING_LIMIT = 6;
export const SUGGESTIONS_LIMIT = 5;
export const TRENDING_LIMIT = 10;
/** Search tokens shorter than this are ignored (SPEC §5: suggestions need 2 characters). */
export const MIN_TOKEN_LENGTH = 2;

/** One page of a listing. */
export type Page<T> = {
  items: T[];
  /** 1-based. */
  page: number;
  pageSize: number;
  /** Items across all pages. */
  total: number;
  totalPages: number;
  /** SPEC §4: true only when this page is exactly full and page*pageSize < total. */
  hasMore: boolean;
};

/** Build a `Page` from the items of one page and the grand total (applies the SPEC §4 hasMore rule). */
export function makePage<T>(items: T[], page: number, pageSize: number, total: number): Page<T> {
  return {
    items,
    page,
    pageSize,
    total,
    totalPages: pageSize > 0 ? Math.ceil(total / pageSize) : 0,
    hasMore: items.length === pageSize && page * pageSize < total,
  };
}

/** Slice page `page` (1-based) out of a complete list. */
export function pageOf<T>(all: readonly T[], page = 1, pageSize = PAGE_SIZE): Page<T> {
  const p = Math.max(1, Math.floor(page));
  const size = Math.max(1, Math.floor(pageSize));
  return makePage(all.slice((p - 1) * size, p * size), p, size, all.length);
}

export type PageOptions = { page?: number; pageSize?: number };
export type SortedPageOptions = PageOptions & { sort?: Sort };

export type CouponListOptions = SortedPageOptions & {
  categoryId?: number | null;
  brandId?: number | null;
  /** Free text; see the search rules above. Blank means no text filter. */
  q?: string | null;
  /** true: only featured coupons. */
  featured?: boolean;
};

export type DealListOptions = SortedPageOptions & {
  categoryId?: number | null;
  brandId?: number | null;
  q?: string | null;
};

export type BrandListOptions = { categoryId?: number | null; q?: string | null };

export type SearchOptions = PageOptions & {
  /** Which sections to fill; default all. Sections not asked for come back empty. */
  types?: SearchType[];
};

export interface CatalogSource {
  /** Home screen data (SPEC §3 "Home data"): stats, featured categories/brands/coupons/deals. */
  home(): Promise<HomeData>;
  stats(): Promise<Stats>;

  categories: {
    /** All categories, in catalog order. */
    list(): Promise<Category[]>;
    byId(id: number): Promise<Category | null>;
    bySlug(slug: string): Promise<Category | null>;
    /** Featured (trending) categories. */
    featured(): Promise<Category[]>;
    search(q: string): Promise<Category[]>;
    coupons(categoryId: number, options?: SortedPageOptions): Promise<Page<Coupon>>;
    deals(categoryId: number, options?: SortedPageOptions): Promise<Page<Deal>>;
  };

  brands: {
    /** The whole filtered list, name order; the UI pages it by slicing (SPEC §7 "Brands"). */
    list(options?: BrandListOptions): Promise<BrandSummary[]>;
    byId(id: number): Promise<Brand | null>;
    bySlug(slug: string): Promise<Brand | null>;
    /** Featured brands, name order (default limit 8). */
    featured(limit?: number): Promise<BrandSummary[]>;
    /** Brands with the most coupons + deals (default limit 8). */
    popular(limit?: number): Promise<BrandSummary[]>;
    search(q: string): Promise<BrandSummary[]>;
    coupons(brandId: number, options?: SortedPageOptions): Promise<Page<Coupon>>;
    deals(brandId: number, options?: SortedPageOptions): Promise<Page<Deal>>;
  };

  coupons: {
    list(options?: CouponListOptions): Promise<Page<Coupon>>;
    byId(id: number): Promise<Coupon | null>;
    /** Featured coupons, popular order (default limit 8). */
    featured(limit?: number): Promise<Coupon[]>;
    /** Text search, newest order unless sorted; same filters as list. */
    search(q: string, options?: Omit<CouponListOptions, 'q'>): Promise<Page<Coupon>>;
    /** Coupons expiring from now to now+days, soonest first (defaults 7 days, 6 items). */
    expiring(days?: number, limit?: number): Promise<Coupon[]>;
    /** Same brand first, then same category; never the coupon itself (default limit 4). */
    related(id: number, limit?: number): Promise<Coupon[]>;
  };

  deals: {
    list(options?: DealListOptions): Promise<Page<Deal>>;
    byId(id: number): Promise<Deal | null>;
    /** Hot deals, newest first (default limit 6). */
    hot(limit?: number): Promise<Deal[]>;
    /** Featured deals, newest first (default limit 8). */
    featured(limit?: number): Promise<Deal[]>;
    /** Limited deals, lowest stock first (default limit 8). */
    limited(limit?: number): Promise<Deal[]>;
    search(q: string, options?: Omit<DealListOptions, 'q'>): Promise<Page<Deal>>;
    /** Same brand first, then same category; never the deal itself (default limit 4). */
    related(id: number, limit?: number): Promise<Deal[]>;
  };

  /** The search page (SPEC §7 "Search"): coupons and deals paged (pageSize 20), brands and categories whole. */
  search(q: string, options?: SearchOptions): Promise<SearchResult>;
  /** Search-box suggestions: brands and categories first, then coupons and deals (default limit 5). */
  suggestions(q: string, limit?: number): Promise<SearchSuggestion[]>;
  /** Trending search terms, most popular first (default limit 10). */
  trending(limit?: number): Promise<string[]>;
}
