/**
 * `CatalogSource` over an in-memory catalog (the built-in sample at build time, tests, the
 * reference API server). All lookups go through the indexes of `query.ts`, built once.
 */

import { SEARCH_TYPES } from '../catalog/constants.ts';
import { isExpiringWithin } from '../catalog/display.ts';
import {
  byBrandPopularity,
  byStock,
  type CatalogIndex,
  featuredOf,
  filterBrands,
  filterCoupons,
  filterDeals,
  homeOf,
  indexCatalog,
  queryTokens,
  relatedOf,
  SHORT_LIST_LIMIT,
  suggestionOf,
} from '../catalog/query.ts';
import type { Catalog } from '../catalog/schemas.ts';
import type { SearchResult, SearchSuggestion, SearchType } from '../catalog/search-schemas.ts';
import {
  type CatalogSource,
  EXPIRING_DAYS,
  EXPIRING_LIMIT,
  FEATURED_BRANDS_LIMIT,
  HOT_DEALS_LIMIT,
  PAGE_SIZE,
  pageOf,
  SUGGESTIONS_LIMIT,
  TRENDING_LIMIT,
} from '../catalog/source.ts';
import { rankNameSuggestions } from '../catalog/suggest.ts';

export type MemorySourceOptions = {
  /** The clock for "expiring soon": a fixed date or a function read on each call. Default: the real clock. */
  now?: Date | (() => Date);
  /** An index of this catalog built earlier (`indexCatalog`), so it is not built twice. */
  index?: CatalogIndex;
  /** The page size of a call that names none (a site's features.pagination.itemsPerPage). Default 20. */
  pageSize?: number;
};

const RELATED_LIMIT = 4;

export function createMemorySource(catalog: Catalog, options: MemorySourceOptions = {}): CatalogSource {
  const index = options.index ?? indexCatalog(catalog);
  const now = () => (typeof options.now === 'function' ? options.now() : (options.now ?? new Date()));
  const size = Math.max(1, Math.floor(options.pageSize ?? PAGE_SIZE));
  /** A page of `all` as a call asked for it, in the source's page size unless it named one. */
  const paged = <T>(all: readonly T[], o: { page?: number; pageSize?: number }) =>
    pageOf(all, o.page, o.pageSize ?? size);
  const categoryName = (id: number | null) => (id === null ? undefined : index.categoryById.get(id)?.name);

  function search(q: string, opts: { page?: number; pageSize?: number; types?: SearchType[] } = {}): SearchResult {
    const types = new Set(opts.types?.length ? opts.types : SEARCH_TYPES);
    const page = Math.max(1, Math.floor(opts.page ?? 1));
    const pageSize = Math.max(1, Math.floor(opts.pageSize ?? size));
    const tokens = queryTokens(q);
    const section = <T>(all: T[]) => {
      const p = pageOf(all, page, pageSize);
      return { items: p.items, totalItems: p.total, page: p.page, totalPages: p.totalPages };
    };
    return {
      coupons: section(types.has('coupons') && tokens.length ? filterCoupons(index, { q }) : []),
      deals: section(types.has('deals') && tokens.length ? filterDeals(index, { q }) : []),
      brands: types.has('brands') ? index.matchBrands(tokens) : [],
      categories: types.has('categories') ? index.matchCategories(tokens) : [],
    };
  }

  function suggestions(q: string, limit = SUGGESTIONS_LIMIT): SearchSuggestion[] {
    const tokens = queryTokens(q);
    if (tokens.length === 0 || limit <= 0) return [];
    // A match on a brand's or category's own name ranks first, grouped by type (issue 33).
    const out: SearchSuggestion[] = rankNameSuggestions(
      [
        ...index.matchBrands(tokens).map((b) => suggestionOf.brand(b, categoryName(b.categoryId))),
        ...index.matchCategories(tokens).map(suggestionOf.category),
      ],
      q,
      limit,
    );
    if (out.length >= limit) return out;
    for (const c of filterCoupons(index, { q }).slice(0, limit - out.length)) out.push(suggestionOf.coupon(c));
    for (const d of filterDeals(index, { q }).slice(0, limit - out.length)) out.push(suggestionOf.deal(d));
    return out;
  }

  const source: CatalogSource = {
    home: async () => homeOf(index),
    stats: async () => ({ ...catalog.stats }),

    categories: {
      list: async () => [...catalog.categories],
      byId: async (id) => index.categoryById.get(id) ?? null,
      bySlug: async (slug) => index.categoryBySlug.get(slug) ?? null,
      featured: async () => featuredOf.categories(index),
      search: async (q) => index.matchCategories(queryTokens(q)),
      coupons: async (id, o = {}) => paged(filterCoupons(index, { categoryId: id, sort: o.sort }), o),
      deals: async (id, o = {}) => paged(filterDeals(index, { categoryId: id, sort: o.sort }), o),
    },

    brands: {
      list: async (o = {}) => filterBrands(index, o),
      byId: async (id) => index.brandById.get(id) ?? null,
      bySlug: async (slug) => index.brandBySlug.get(slug) ?? null,
      featured: async (limit) => featuredOf.brands(index, limit),
      popular: async (limit = FEATURED_BRANDS_LIMIT) =>
        [...index.brandSummaries].sort(byBrandPopularity).slice(0, limit),
      search: async (q) => filterBrands(index, { q }),
      coupons: async (id, o = {}) => paged(filterCoupons(index, { brandId: id, sort: o.sort }), o),
      deals: async (id, o = {}) => paged(filterDeals(index, { brandId: id, sort: o.sort }), o),
    },

    coupons: {
      list: async (o = {}) => paged(filterCoupons(index, o), o),
      byId: async (id) => index.couponById.get(id) ?? null,
      featured: async (limit) => featuredOf.coupons(index, limit),
      search: async (q, o = {}) => paged(queryTokens(q).length ? filterCoupons(index, { ...o, q }) : [], o),
      expiring: async (days = EXPIRING_DAYS, limit = EXPIRING_LIMIT) => {
        const at = now();
        const out = [];
        for (const c of index.coupons.bySort.expiring) {
          if (out.length >= limit || c.expiresAt === null) break;
          if (Date.parse(c.expiresAt) > at.getTime() + days * 86_400_000) break;
          if (isExpiringWithin(c.expiresAt, days, at)) out.push(c);
        }
        return out;
      },
      related: async (id, limit = RELATED_LIMIT) => {
        const c = index.couponById.get(id);
        if (!c) return [];
        const byBrand = c.brandId === null ? [] : (index.couponsByBrand.get(c.brandId) ?? []);
        const byCat = c.categoryId === null ? [] : (index.couponsByCategory.get(c.categoryId) ?? []);
        return relatedOf(c, byBrand, byCat, limit);
      },
    },

    deals: {
      list: async (o = {}) => paged(filterDeals(index, o), o),
      byId: async (id) => index.dealById.get(id) ?? null,
      hot: async (limit = HOT_DEALS_LIMIT) => index.deals.bySort.newest.filter((d) => d.hot).slice(0, limit),
      featured: async (limit) => featuredOf.deals(index, limit),
      limited: async (limit = SHORT_LIST_LIMIT) =>
        index.deals.bySort.newest
          .filter((d) => d.limited)
          .sort(byStock)
          .slice(0, limit),
      search: async (q, o = {}) => paged(queryTokens(q).length ? filterDeals(index, { ...o, q }) : [], o),
      related: async (id, limit = RELATED_LIMIT) => {
        const d = index.dealById.get(id);
        if (!d) return [];
        const byBrand = d.brandId === null ? [] : (index.dealsByBrand.get(d.brandId) ?? []);
        const byCat = d.categoryId === null ? [] : (index.dealsByCategory.get(d.categoryId) ?? []);
        return relatedOf(d, byBrand, byCat, limit);
      },
    },

    search: async (q, o) => search(q, o),
    suggestions: async (q, limit) => suggestions(q, limit),
    trending: async (limit = TRENDING_LIMIT) => catalog.trending.slice(0, Math.max(0, limit)),
  };
  return source;
}
