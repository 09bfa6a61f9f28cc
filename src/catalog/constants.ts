/**
 * Plain constants of the catalog model, kept free of zod so browser code that only needs
 * them (sort names, search sections) does not ship the schema library.
 */

/** Listing sorts (SPEC §5 "Query params": only these four are accepted). */
export const SORTS = ['newest', 'popular', 'expiring', 'discount'] as const;

/** Sections of a search result (SPEC §7 "Search" types). */
export const SEARCH_TYPES = ['coupons', 'deals', 'brands', 'categories'] as const;
