/**
 * `CatalogSource` over the static JSON files (SPEC §4 "Static-data mode"): each call fetches only
 * the few files it needs (file layout and query plan are described at the top of format.ts), in
 * parallel, and keeps every fetched file in memory. Answers are the same as the memory source's
 * (same contract tests). Parts: loader.ts (fetching, caching), items.ts (coupon and deal query
 * plans), names.ts (brand and category name search); this file assembles the contract.
 */

import { SEARCH_TYPES } from '../../catalog/constants.ts';
import { isExpiringWithin } from '../../catalog/display.ts';
import { liveOnly } from '../../catalog/offer-time.ts';
import { byBrandPopularity, queryTokens, SHORT_LIST_LIMIT, suggestionOf } from '../../catalog/query.ts';
import type { Coupon, Deal, HomeData } from '../../catalog/schemas.ts';
import type { SearchResult, SearchSuggestion } from '../../catalog/search-schemas.ts';
import {
  type CatalogSource,
  EXPIRING_DAYS,
  EXPIRING_LIMIT,
  FEATURED_BRANDS_LIMIT,
  FEATURED_COUPONS_LIMIT,
  HOT_DEALS_LIMIT,
  makePage,
  PAGE_SIZE,
  type Page,
  SUGGESTIONS_LIMIT,
  TRENDING_LIMIT,
} from '../../catalog/source.ts';
import { rankNameSuggestions } from '../../catalog/suggest.ts';
import { HEAD_SIZE, type Kind, LIST_CAP, type ListFile } from './format.ts';
import { createStaticItems, type ItemOf } from './items.ts';
import { createStaticLoader, isObject, type StaticSourceOptions } from './loader.ts';
import { createStaticNames } from './names.ts';

export { StaticDataError, type StaticSourceOptions } from './loader.ts';

export function createStaticSource(options: StaticSourceOptions = {}): CatalogSource {
  const loader = createStaticLoader(options);
  const { now, load, need, categoriesFile, rows, brandIndex } = loader;
  const { itemsAt, headPositions, brandGroup, shortList, list, byId, related } = createStaticItems(loader);
  const { matchBrands, suggestBrands, matchCategories } = createStaticNames(loader);

  const home = () => need<HomeData>('home.json', isObject);

  /** A text search of coupons or deals; no searchable word → an empty page. */
  const searchList = <K extends Kind>(kind: K, q: string, o: { page?: number; pageSize?: number }) =>
    queryTokens(q).length
      ? list(kind, { ...o, q })
      : Promise.resolve(makePage([], o.page ?? 1, o.pageSize ?? PAGE_SIZE, 0));

  const source: CatalogSource = {
    home,
    stats: async () => (await home()).stats,

    categories: {
      list: categoriesFile,
      byId: async (id) => (await categoriesFile()).find((c) => c.id === id) ?? null,
      bySlug: async (slug) => (await categoriesFile()).find((c) => c.slug === slug) ?? null,
      featured: async () => (await categoriesFile()).filter((c) => c.featured),
      search: async (q) => matchCategories(queryTokens(q)),
      coupons: (id, o = {}) => list('coupons', { ...o, categoryId: id }),
      deals: (id, o = {}) => list('deals', { ...o, categoryId: id }),
    },

    brands: {
      list: async (o = {}) => {
        const hasCategory = o.categoryId !== undefined && o.categoryId !== null;
        if (o.q?.trim()) {
          const found = await matchBrands(queryTokens(o.q));
          return hasCategory ? found.filter((b) => b.categoryId === o.categoryId) : found;
        }
        return hasCategory ? rows(`brands/category/${o.categoryId}.json`) : brandIndex();
      },
      byId: async (id) => (await brandGroup(id))?.brands[0] ?? null,
      bySlug: async (slug) => {
        const summary = (await brandIndex()).find((b) => b.slug === slug);
        return summary ? ((await brandGroup(summary.id))?.brands[0] ?? null) : null;
      },
      featured: async (limit = FEATURED_BRANDS_LIMIT) =>
        (limit <= LIST_CAP ? await rows('brands/featured.json') : (await brandIndex()).filter((b) => b.featured)).slice(
          0,
          limit,
        ),
      popular: async (limit = FEATURED_BRANDS_LIMIT) => {
        if (limit <= LIST_CAP) return (await rows('brands/popular.json')).slice(0, limit);
        return [...(await brandIndex())].sort(byBrandPopularity).slice(0, limit);
      },
      search: async (q) => (q.trim() ? matchBrands(queryTokens(q)) : brandIndex()),
      coupons: (id, o = {}) => list('coupons', { ...o, brandId: id }),
      deals: (id, o = {}) => list('deals', { ...o, brandId: id }),
    },

    coupons: {
      list: (o = {}) => list('coupons', o),
      byId: (id) => byId('coupons', id),
      featured: (limit = FEATURED_COUPONS_LIMIT) => shortList('coupons', 'featured', limit),
      search: (q, o = {}) => searchList('coupons', q, o),
      expiring: async (days = EXPIRING_DAYS, limit = EXPIRING_LIMIT) => {
        const at = now();
        const file = await load<ListFile>('coupons/lists/expiring.json', (v) => isObject(v) && Array.isArray(v.n));
        const ns = (file?.n ?? []).filter((_, i) => isExpiringWithin(file?.at?.[i] ?? null, days, at));
        return itemsAt('coupons', ns.slice(0, Math.max(0, limit)));
      },
      related: (id, limit = 4) => related('coupons', id, limit),
    },

    deals: {
      list: (o = {}) => list('deals', o),
      byId: (id) => byId('deals', id),
      hot: (limit = HOT_DEALS_LIMIT) => shortList('deals', 'hot', limit),
      featured: (limit = SHORT_LIST_LIMIT) => shortList('deals', 'featured', limit),
      limited: (limit = SHORT_LIST_LIMIT) => shortList('deals', 'limited', limit),
      search: (q, o = {}) => searchList('deals', q, o),
      related: (id, limit = 4) => related('deals', id, limit),
    },

    search: async (q, o = {}): Promise<SearchResult> => {
      const types = new Set(o.types?.length ? o.types : SEARCH_TYPES);
      const tokens = queryTokens(q);
      const page = Math.max(1, Math.floor(o.page ?? 1));
      const pageSize = Math.max(1, Math.floor(o.pageSize ?? PAGE_SIZE));
      const empty = makePage([], page, pageSize, 0);
      const section = <T>(p: Page<T>) => ({
        items: p.items,
        totalItems: p.total,
        page: p.page,
        totalPages: p.totalPages,
      });
      const [coupons, deals, brandList, categories] = await Promise.all([
        types.has('coupons') && tokens.length ? list('coupons', { q, page, pageSize }) : (empty as Page<Coupon>),
        types.has('deals') && tokens.length ? list('deals', { q, page, pageSize }) : (empty as Page<Deal>),
        types.has('brands') ? matchBrands(tokens) : [],
        types.has('categories') ? matchCategories(tokens) : [],
      ]);
      return { coupons: section(coupons), deals: section(deals), brands: brandList, categories };
    },

    suggestions: async (q, limit = SUGGESTIONS_LIMIT): Promise<SearchSuggestion[]> => {
      const tokens = queryTokens(q);
      if (tokens.length === 0 || limit <= 0) return [];
      // Brands named like the query, and brands and categories matching it by any field: a match
      // on the name ranks first (issue 33).
      const [byName, brandList, categories, cats] = await Promise.all([
        suggestBrands(tokens, limit, true),
        suggestBrands(tokens, limit),
        matchCategories(tokens),
        categoriesFile(),
      ]);
      const catName = new Map(cats.map((c) => [c.id, c.name]));
      const brands = [...new Map([...byName, ...brandList].map((b) => [b.id, b])).values()];
      const out: SearchSuggestion[] = rankNameSuggestions(
        [
          ...brands.map((b) => suggestionOf.brand(b, catName.get(b.categoryId ?? -1))),
          ...categories.map(suggestionOf.category),
        ],
        q,
        limit,
      );
      // One word: the first items come from the search head; more words need the whole postings.
      const first = async <K extends Kind>(kind: K, count: number): Promise<ItemOf<K>[]> =>
        tokens.length === 1 && count <= HEAD_SIZE
          ? itemsAt(kind, await headPositions(kind, tokens[0]!, count))
          : (await list(kind, { q, pageSize: count })).items;
      // Never suggest an offer that ended since the build (the visitor's clock).
      const live = <T extends { expiresAt: string | null }>(items: T[]) => liveOnly(items, now());
      if (out.length < limit) out.push(...live(await first('coupons', limit - out.length)).map(suggestionOf.coupon));
      if (out.length < limit) out.push(...live(await first('deals', limit - out.length)).map(suggestionOf.deal));
      return out;
    },

    trending: async (limit = TRENDING_LIMIT) =>
      ((await load<string[]>('trending.json', Array.isArray)) ?? []).slice(0, Math.max(0, limit)),
  };
  return source;
}
