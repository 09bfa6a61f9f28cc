/**
 * Pure query logic over a catalog: sorts, filters, text search, suggestions (SPEC §4
 * "Static-data mode", §5 "Search"). `indexCatalog` builds every lookup once (maps by id and
 * slug, per-brand and per-category lists, one rank table per sort, a word index), linear in
 * catalog size plus one sort per sort order. The static export and the static source reuse
 * the comparators, tokenizer and haystacks here so every source gives the same answers.
 */

import { toBrandSummary } from './brand-summary.ts';
import { SORTS } from './constants.ts';
import { discountNumber } from './display.ts';
import { compareHealth } from './health.ts';
import { foldText } from './localized.ts';
import type { BrandSummary, Catalog, Category, Coupon, Deal, HomeData, Sort } from './schemas.ts';
import type { SearchSuggestion } from './search-schemas.ts';
import { FEATURED_BRANDS_LIMIT, FEATURED_COUPONS_LIMIT, MIN_TOKEN_LENGTH } from './source.ts';
import { buildWordIndex, searchWordIndex, type WordIndex } from './word-index.ts';

export * from './word-index.ts';
export { toBrandSummary };

/** Default limit of featured deals, limited deals and other short lists. */
export const SHORT_LIST_LIMIT = 8;

// ---------------------------------------------------------------------------
// Text
// ---------------------------------------------------------------------------

/** Lowercase words of letters/digits with accents folded (`foldText`): "Café 20% OFF!" → ["cafe", "20", "off"]. */
export function tokenize(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Query tokens beyond this many are ignored. */
export const MAX_QUERY_TOKENS = 16;

/** The usable tokens of a query: unique, at least 2 characters, at most 16 (see source.ts search rules). */
export function queryTokens(q: string | null | undefined): string[] {
  return q ? [...new Set(tokenize(q).filter((t) => t.length >= MIN_TOKEN_LENGTH))].slice(0, MAX_QUERY_TOKENS) : [];
}

/** Distinct indexable words (2+ characters) of some texts. */
export function wordsOf(...texts: (string | null | undefined)[]): string[] {
  const set = new Set<string>();
  for (const t of texts) if (t) for (const w of tokenize(t)) if (w.length >= MIN_TOKEN_LENGTH) set.add(w);
  return [...set];
}

export const couponWords = (c: Coupon) => wordsOf(c.name, c.description, c.brand?.name, c.category?.name);
export const dealWords = (d: Deal) => wordsOf(d.title, d.description, d.brand?.name, d.category?.name);
/** Brands are searched by name and category name (kept small so the browser can search its brand index). */
export const brandWords = (b: { name: string }, categoryName: string | undefined) => wordsOf(b.name, categoryName);
export const categoryWords = (c: Category) => wordsOf(c.name, c.description);

/** Every query token is a prefix of some word. */
export function matchesTokens(words: readonly string[], tokens: readonly string[]): boolean {
  return tokens.every((t) => words.some((w) => w.startsWith(t)));
}

// ---------------------------------------------------------------------------
// Sorts
// ---------------------------------------------------------------------------

const time = (iso: string | null) => (iso ? Date.parse(iso) : Number.NaN);

/** createdAt desc (unknown last), then id desc. */
function byNewest(a: { createdAt: string | null; id: number }, b: { createdAt: string | null; id: number }): number {
  const ta = time(a.createdAt);
  const tb = time(b.createdAt);
  const na = Number.isNaN(ta);
  const nb = Number.isNaN(tb);
  if (na !== nb) return na ? 1 : -1;
  if (!na && ta !== tb) return tb - ta;
  return b.id - a.id;
}

function byExpiring<T extends { expiresAt: string | null; createdAt: string | null; id: number }>(a: T, b: T): number {
  const ta = time(a.expiresAt);
  const tb = time(b.expiresAt);
  const na = Number.isNaN(ta);
  const nb = Number.isNaN(tb);
  if (na !== nb) return na ? 1 : -1;
  if (!na && ta !== tb) return ta - tb;
  return byNewest(a, b);
}

export const couponPopularity = (c: Coupon) => (c.featured ? 2 : 0) + (c.exclusive ? 1 : 0);
export const dealPopularity = (d: Deal) => (d.featured ? 2 : 0) + (d.hot ? 1 : 0);

/**
 * Pinned offers first (issue 40: an operator's pin, set on the item by applyOverrides while the pin
 * holds at the build's or the request's clock), in every order: so first on their brand,
 * category and home listings.
 */
const byPin = (a: { pinnedUntil?: string | null }, b: { pinnedUntil?: string | null }) =>
  (b.pinnedUntil ? 1 : 0) - (a.pinnedUntil ? 1 : 0);

export const couponComparators: Record<Sort, (a: Coupon, b: Coupon) => number> = {
  newest: (a, b) => byPin(a, b) || byNewest(a, b),
  // Code health first (Wilson lower bound of the worked share, src/catalog/health.ts): codes
  // shoppers report failing sink; then the catalog's flags, then newest.
  popular: (a, b) => byPin(a, b) || compareHealth(a, b) || couponPopularity(b) - couponPopularity(a) || byNewest(a, b),
  expiring: (a, b) => byPin(a, b) || byExpiring(a, b),
  discount: (a, b) => byPin(a, b) || discountNumber(b.discount) - discountNumber(a.discount) || byNewest(a, b),
};

export const dealComparators: Record<Sort, (a: Deal, b: Deal) => number> = {
  newest: (a, b) => byPin(a, b) || byNewest(a, b),
  popular: (a, b) => byPin(a, b) || dealPopularity(b) - dealPopularity(a) || byNewest(a, b),
  expiring: (a, b) => byPin(a, b) || byExpiring(a, b),
  discount: (a, b) => byPin(a, b) || discountNumber(b.discount) - discountNumber(a.discount) || byNewest(a, b),
};

/**
 * Created on the first comparison, not when the module loads: building a collator loads ICU
 * data (tens of ms in a browser), which a page that imports this module need not pay for.
 */
let collator: Intl.Collator | undefined;
/** Brand list order: name, then id. */
export const byName = (a: { name: string; id: number }, b: { name: string; id: number }) => {
  collator ??= new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  return collator.compare(a.name, b.name) || a.id - b.id;
};
/** Popular brands: most coupons + deals first, then name. */
export const byBrandPopularity = (a: BrandSummary, b: BrandSummary) =>
  b.totalCoupons + b.totalDeals - (a.totalCoupons + a.totalDeals) || byName(a, b);
/** Limited deals: lowest known stock first, then newest. */
export const byStock = (a: Deal, b: Deal) => (a.stock ?? Infinity) - (b.stock ?? Infinity) || byNewest(a, b);

// ---------------------------------------------------------------------------
// Catalog index
// ---------------------------------------------------------------------------

type Sorted<T> = {
  /** Items per sort, fully ordered. */
  bySort: Record<Sort, T[]>;
  /** id → position in bySort[sort]. */
  rank: Record<Sort, Map<number, number>>;
};

function sortAll<T extends { id: number }>(items: readonly T[], cmp: Record<Sort, (a: T, b: T) => number>): Sorted<T> {
  const bySort = {} as Record<Sort, T[]>;
  const rank = {} as Record<Sort, Map<number, number>>;
  for (const s of SORTS) {
    bySort[s] = [...items].sort(cmp[s]);
    rank[s] = new Map(bySort[s].map((x, i) => [x.id, i]));
  }
  return { bySort, rank };
}

function groupBy<T>(items: readonly T[], key: (item: T) => number | null): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === null) continue;
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

export type CatalogIndex = ReturnType<typeof indexCatalog>;

/** Build every lookup once. Search indexes are built lazily on first use. */
export function indexCatalog(catalog: Catalog) {
  const coupons = sortAll(catalog.coupons, couponComparators);
  const deals = sortAll(catalog.deals, dealComparators);
  const brandsByName = [...catalog.brands].sort(byName);
  const categoryById = new Map(catalog.categories.map((c) => [c.id, c]));
  const brandSummaries = brandsByName.map(toBrandSummary);
  let couponSearch: WordIndex | undefined;
  let dealSearch: WordIndex | undefined;
  // Lazy too (issue 42): an edge Worker indexes a shard per brand page, which never searches.
  let brandWordList: string[][] | undefined;
  let categoryWordList: string[][] | undefined;
  const brandWordsOf = () =>
    (brandWordList ??= brandSummaries.map((b) => brandWords(b, categoryById.get(b.categoryId ?? -1)?.name)));
  const categoryWordsOf = () => (categoryWordList ??= catalog.categories.map(categoryWords));
  return {
    catalog,
    categoryById,
    categoryBySlug: new Map(catalog.categories.map((c) => [c.slug, c])),
    brandById: new Map(catalog.brands.map((b) => [b.id, b])),
    brandBySlug: new Map(catalog.brands.map((b) => [b.slug, b])),
    /** Brand summaries in name order. */
    brandSummaries,
    /** Brand summaries of each category, name order (a brand page lists its category's brands). */
    brandsByCategory: groupBy(brandSummaries, (b) => b.categoryId),
    couponById: new Map(catalog.coupons.map((c) => [c.id, c])),
    dealById: new Map(catalog.deals.map((d) => [d.id, d])),
    coupons,
    deals,
    /** Newest order within each group (pinned offers first). */
    couponsByBrand: groupBy(coupons.bySort.newest, (c) => c.brandId),
    couponsByCategory: groupBy(coupons.bySort.newest, (c) => c.categoryId),
    dealsByBrand: groupBy(deals.bySort.newest, (d) => d.brandId),
    dealsByCategory: groupBy(deals.bySort.newest, (d) => d.categoryId),
    /** Word index over coupons; positions are newest ranks. */
    couponSearch: () => {
      couponSearch ??= buildWordIndex(coupons.bySort.newest, couponWords);
      return couponSearch;
    },
    dealSearch: () => {
      dealSearch ??= buildWordIndex(deals.bySort.newest, dealWords);
      return dealSearch;
    },
    matchBrands: (tokens: readonly string[]) =>
      tokens.length === 0 ? [] : brandSummaries.filter((_, i) => matchesTokens(brandWordsOf()[i]!, tokens)),
    matchCategories: (tokens: readonly string[]) =>
      tokens.length === 0 ? [] : catalog.categories.filter((_, i) => matchesTokens(categoryWordsOf()[i]!, tokens)),
  };
}

/** Order a subset by a precomputed rank table. */
export function sortByRank<T extends { id: number }>(items: T[], rank: Map<number, number>): T[] {
  return items.sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0));
}

export type ItemFilter = {
  categoryId?: number | null | undefined;
  brandId?: number | null | undefined;
  q?: string | null | undefined;
  featured?: boolean | undefined;
  sort?: Sort | undefined;
};

function filterItems<T extends { id: number; categoryId: number | null; brandId: number | null; featured: boolean }>(
  sorted: Sorted<T>,
  byBrand: Map<number, T[]>,
  byCategory: Map<number, T[]>,
  search: () => WordIndex,
  filter: ItemFilter,
): T[] {
  const sort = filter.sort ?? 'newest';
  const tokens = queryTokens(filter.q);
  const hasQ = !!filter.q?.trim();
  if (hasQ && tokens.length === 0) return [];
  const hasBrand = filter.brandId !== undefined && filter.brandId !== null;
  const hasCategory = filter.categoryId !== undefined && filter.categoryId !== null;
  let base: T[];
  if (hasBrand) base = byBrand.get(filter.brandId!) ?? [];
  else if (hasCategory) base = byCategory.get(filter.categoryId!) ?? [];
  else if (tokens.length) {
    const newest = sorted.bySort.newest;
    base = searchWordIndex(search(), tokens).map((r) => newest[r]!);
  } else base = sorted.bySort[sort];
  if (base === sorted.bySort[sort] && !filter.featured) return base;
  let out = base.filter(
    (x) =>
      (!hasCategory || x.categoryId === filter.categoryId) &&
      (!hasBrand || x.brandId === filter.brandId) &&
      (!filter.featured || x.featured),
  );
  if (tokens.length && (hasBrand || hasCategory)) {
    const matched = new Set(searchWordIndex(search(), tokens).map((r) => sorted.bySort.newest[r]!.id));
    out = out.filter((x) => matched.has(x.id));
  }
  return base === sorted.bySort[sort] ? out : sortByRank(out, sorted.rank[sort]);
}

/** All coupons matching a filter, in the filter's sort order (default newest). */
export function filterCoupons(index: CatalogIndex, filter: ItemFilter): Coupon[] {
  return filterItems(index.coupons, index.couponsByBrand, index.couponsByCategory, index.couponSearch, filter);
}

/** All deals matching a filter, in the filter's sort order (default newest). */
export function filterDeals(index: CatalogIndex, filter: Omit<ItemFilter, 'featured'>): Deal[] {
  return filterItems(index.deals, index.dealsByBrand, index.dealsByCategory, index.dealSearch, filter);
}

/** Brands in name order, filtered by category and text. */
export function filterBrands(
  index: CatalogIndex,
  filter: { categoryId?: number | null | undefined; q?: string | null | undefined },
): BrandSummary[] {
  const hasQ = !!filter.q?.trim();
  const hasCategory = filter.categoryId !== undefined && filter.categoryId !== null;
  if (!hasQ && hasCategory) return [...(index.brandsByCategory.get(filter.categoryId!) ?? [])];
  const list = hasQ ? index.matchBrands(queryTokens(filter.q)) : index.brandSummaries;
  return hasCategory ? list.filter((b) => b.categoryId === filter.categoryId) : list;
}

/** Same brand first (newest), then same category (newest); never the item itself. */
export function relatedOf<T extends { id: number; brandId: number | null; categoryId: number | null }>(
  item: T,
  byBrand: readonly T[],
  byCategory: readonly T[],
  limit: number,
): T[] {
  const out: T[] = [];
  const seen = new Set<number>([item.id]);
  for (const list of [byBrand, byCategory]) {
    for (const x of list) {
      if (out.length >= limit) return out;
      if (seen.has(x.id)) continue;
      seen.add(x.id);
      out.push(x);
    }
  }
  return out;
}

/** Suggestion rows for each entity type (with the entity's `lang` when it is a marked fallback). */
export const suggestionOf = {
  brand: (b: BrandSummary, categoryName: string | undefined): SearchSuggestion => ({
    id: b.id,
    type: 'brand',
    title: b.name,
    subtitle: categoryName ?? '',
    image: b.logo,
    slug: b.slug,
    ...(b.lang ? { lang: b.lang } : {}),
  }),
  category: (c: Category): SearchSuggestion => ({
    id: c.id,
    type: 'category',
    title: c.name,
    subtitle: c.description,
    image: null,
    slug: c.slug,
    ...(c.lang ? { lang: c.lang } : {}),
  }),
  coupon: (c: Coupon): SearchSuggestion => ({
    id: c.id,
    type: 'coupon',
    title: c.name,
    subtitle: c.brand?.name ?? '',
    image: c.brand?.logo ?? null,
    slug: null,
    ...(c.lang ? { lang: c.lang } : {}),
  }),
  deal: (d: Deal): SearchSuggestion => ({
    id: d.id,
    type: 'deal',
    title: d.title,
    subtitle: d.brand?.name ?? '',
    image: d.image ?? d.brand?.logo ?? null,
    slug: null,
    ...(d.lang ? { lang: d.lang } : {}),
  }),
};

/** Featured lists shared by the home screen and the featured endpoints. */
export const featuredOf = {
  categories: (index: CatalogIndex) => index.catalog.categories.filter((c) => c.featured),
  brands: (index: CatalogIndex, limit = FEATURED_BRANDS_LIMIT) =>
    index.brandSummaries.filter((b) => b.featured).slice(0, limit),
  /** Popular order. */
  coupons: (index: CatalogIndex, limit = FEATURED_COUPONS_LIMIT) =>
    index.coupons.bySort.popular.filter((c) => c.featured).slice(0, limit),
  /** Newest order. */
  deals: (index: CatalogIndex, limit = SHORT_LIST_LIMIT) =>
    index.deals.bySort.newest.filter((d) => d.featured).slice(0, limit),
};

/** Home screen data (SPEC §3 "Home data"). */
export function homeOf(index: CatalogIndex): HomeData {
  return {
    stats: { ...index.catalog.stats },
    featuredCategories: featuredOf.categories(index),
    featuredBrands: featuredOf.brands(index),
    featuredCoupons: featuredOf.coupons(index),
    featuredDeals: featuredOf.deals(index),
  };
}
