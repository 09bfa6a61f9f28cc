/**
 * `CatalogSource` over the static JSON files of `src/catalog/static-export.ts` (SPEC §4
 * "Static-data mode"): each call fetches only the few files it needs (file layout and query
 * plan are described at the top of static-export.ts) and keeps every fetched file in memory.
 * Answers are the same as the memory source's (same contract tests).
 */

import { SEARCH_TYPES } from '../catalog/constants.ts';
import { isExpiringWithin } from '../catalog/display.ts';
import {
  brandWords,
  byBrandPopularity,
  categoryWords,
  couponComparators,
  couponWords,
  dealComparators,
  dealWords,
  intersectSorted,
  matchesTokens,
  queryTokens,
  relatedOf,
  SHORT_LIST_LIMIT,
  suggestionOf,
  unionSorted,
} from '../catalog/query.ts';
import type {
  Brand,
  BrandSummary,
  Category,
  Coupon,
  Deal,
  HomeData,
  SearchResult,
  SearchSuggestion,
  Sort,
} from '../catalog/schemas.ts';
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
  pageOf,
  SUGGESTIONS_LIMIT,
  TRENDING_LIMIT,
} from '../catalog/source.ts';
import {
  type BrandIndexFile,
  byIdBucket,
  decodeDeltas,
  fromBrandRow,
  type SearchShardFile,
  type StaticMeta,
  type StaticPageFile,
  shardKey,
} from '../catalog/static-export.ts';

export type StaticSourceOptions = {
  /** Where the files are served, e.g. "/data" (default) or "https://cdn.example/data". */
  baseUrl?: string;
  /** The fetch to use (default: globalThis.fetch). */
  fetch?: (url: string) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>;
  /** The clock for "expiring soon" (default: the real clock). */
  now?: () => Date;
};

/** A static data file could not be loaded (network error or a non-404 HTTP error). */
export class StaticDataError extends Error {
  readonly path: string;
  readonly status: number | null;
  constructor(path: string, status: number | null, cause?: unknown) {
    super(`Failed to load catalog data ${path}${status === null ? '' : ` (HTTP ${status})`}`, { cause });
    this.name = 'StaticDataError';
    this.path = path;
    this.status = status;
  }
}

type Kind = 'coupons' | 'deals';
type ItemOf<K extends Kind> = K extends 'coupons' ? Coupon : Deal;

export function createStaticSource(options: StaticSourceOptions = {}): CatalogSource {
  const base = (options.baseUrl ?? '/data').replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((url: string) => globalThis.fetch(url));
  const now = options.now ?? (() => new Date());
  const cache = new Map<string, Promise<unknown>>();

  /** Fetch a file once; a missing file (404) is null. Failures are not cached. */
  function load<T>(path: string): Promise<T | null> {
    let p = cache.get(path);
    if (!p) {
      p = (async () => {
        let res: Awaited<ReturnType<typeof doFetch>>;
        try {
          res = await doFetch(`${base}/${path}`);
        } catch (e) {
          throw new StaticDataError(path, null, e);
        }
        if (res.status === 404) return null;
        if (!res.ok) throw new StaticDataError(path, res.status);
        return res.json();
      })();
      p.catch(() => cache.delete(path));
      cache.set(path, p);
    }
    return p as Promise<T | null>;
  }
  async function need<T>(path: string): Promise<T> {
    const v = await load<T>(path);
    if (v === null) throw new StaticDataError(path, 404);
    return v;
  }

  const meta = () => need<StaticMeta>('meta.json');
  const categoriesFile = () => need<Category[]>('categories.json');
  let brandSummaries: Promise<BrandSummary[]> | undefined;
  const brands = () => {
    brandSummaries ??= need<BrandIndexFile>('brands/index.json').then((f) => f.rows.map(fromBrandRow));
    brandSummaries.catch(() => {
      brandSummaries = undefined;
    });
    return brandSummaries;
  };
  const comparators = { coupons: couponComparators, deals: dealComparators } as const;
  const wordsOf = { coupons: couponWords, deals: dealWords } as const;

  /** Items at the given ranks of a sort, read from that sort's page files. */
  async function itemsAtRanks<K extends Kind>(kind: K, sort: Sort, ranks: readonly number[]): Promise<ItemOf<K>[]> {
    const { pageSize } = await meta();
    const pages = [...new Set(ranks.map((r) => Math.floor(r / pageSize) + 1))];
    const files = new Map(
      await Promise.all(
        pages.map(async (p) => [p, await load<StaticPageFile<ItemOf<K>>>(`${kind}/${sort}/${p}.json`)] as const),
      ),
    );
    return ranks.flatMap((r) => {
      const item = files.get(Math.floor(r / pageSize) + 1)?.items[r % pageSize];
      return item ? [item] : [];
    });
  }

  async function ranksFile(path: string): Promise<number[]> {
    const deltas = await load<number[]>(path);
    return deltas ? decodeDeltas(deltas) : [];
  }

  /** Ranks (in `sort`) of items matching every token. */
  async function searchRanks(kind: Kind, sort: Sort, tokens: readonly string[]): Promise<number[]> {
    const key = kind === 'coupons' ? 'c' : 'd';
    const perToken = await Promise.all(
      tokens.map(async (t) => {
        const shard = await load<SearchShardFile>(`search/${sort}/${shardKey(t)}.json`);
        const words = shard?.[key] ?? {};
        return unionSorted(
          Object.keys(words)
            .filter((w) => w.startsWith(t))
            .map((w) => decodeDeltas(words[w]!)),
        );
      }),
    );
    return intersectSorted(perToken);
  }

  type ListFilter = {
    page?: number | undefined;
    pageSize?: number | undefined;
    sort?: Sort | undefined;
    categoryId?: number | null | undefined;
    brandId?: number | null | undefined;
    q?: string | null | undefined;
    featured?: boolean | undefined;
  };

  async function list<K extends Kind>(kind: K, o: ListFilter): Promise<Page<ItemOf<K>>> {
    const sort = o.sort ?? 'newest';
    const page = Math.max(1, Math.floor(o.page ?? 1));
    const pageSize = Math.max(1, Math.floor(o.pageSize ?? PAGE_SIZE));
    const tokens = queryTokens(o.q);
    if (o.q?.trim() && tokens.length === 0) return makePage([], page, pageSize, 0);
    const hasBrand = o.brandId !== undefined && o.brandId !== null;
    const hasCategory = o.categoryId !== undefined && o.categoryId !== null;

    if (hasBrand) {
      const all = (await load<ItemOf<K>[]>(`brand/${o.brandId}/${kind}.json`)) ?? [];
      const words = wordsOf[kind] as (x: ItemOf<K>) => string[];
      const cmp = comparators[kind][sort] as (a: ItemOf<K>, b: ItemOf<K>) => number;
      const filtered = all.filter(
        (x) =>
          (!hasCategory || x.categoryId === o.categoryId) &&
          (!o.featured || x.featured) &&
          (tokens.length === 0 || matchesTokens(words(x), tokens)),
      );
      return pageOf(filtered.sort(cmp), page, pageSize);
    }

    const m = await meta();
    if (!tokens.length && !o.featured && hasCategory && sort === 'newest' && pageSize === m.pageSize) {
      const file = await load<StaticPageFile<ItemOf<K>>>(`category/${o.categoryId}/${kind}/newest/${page}.json`);
      const total =
        file?.total ??
        (await load<StaticPageFile<ItemOf<K>>>(`category/${o.categoryId}/${kind}/newest/1.json`))?.total ??
        0;
      return makePage(file?.items ?? [], page, pageSize, total);
    }

    const sets: Promise<number[]>[] = [];
    if (hasCategory) sets.push(ranksFile(`${kind}/ranks/${sort}/category-${o.categoryId}.json`));
    if (o.featured && kind === 'coupons') sets.push(ranksFile(`coupons/ranks/${sort}/featured.json`));
    if (tokens.length) sets.push(searchRanks(kind, sort, tokens));
    const start = (page - 1) * pageSize;
    if (sets.length === 0) {
      const total = m.counts[kind];
      const ranks: number[] = [];
      for (let r = start; r < Math.min(total, start + pageSize); r++) ranks.push(r);
      return makePage(await itemsAtRanks(kind, sort, ranks), page, pageSize, total);
    }
    const ranks = intersectSorted(await Promise.all(sets));
    return makePage(await itemsAtRanks(kind, sort, ranks.slice(start, start + pageSize)), page, pageSize, ranks.length);
  }

  async function byId<K extends Kind>(kind: K, id: number): Promise<ItemOf<K> | null> {
    const bucket = await load<Record<string, ItemOf<K>>>(`${kind}/by-id/${byIdBucket(id)}.json`);
    return bucket?.[String(id)] ?? null;
  }

  async function related<K extends Kind>(kind: K, id: number, limit: number): Promise<ItemOf<K>[]> {
    const item = await byId(kind, id);
    if (!item) return [];
    const byBrand =
      item.brandId === null ? [] : ((await load<ItemOf<K>[]>(`brand/${item.brandId}/${kind}.json`)) ?? []);
    const byCategory: ItemOf<K>[] = [];
    if (item.categoryId !== null) {
      // Enough of the category (newest) to fill `limit` after skipping the item and its brand's items.
      const needed = limit + 1 + byBrand.length;
      for (let p = 1; byCategory.length < needed; p++) {
        const file = await load<StaticPageFile<ItemOf<K>>>(`category/${item.categoryId}/${kind}/newest/${p}.json`);
        if (!file || file.items.length === 0) break;
        byCategory.push(...file.items);
        if (byCategory.length >= file.total) break;
      }
    }
    return relatedOf(item, byBrand, byCategory, limit);
  }

  async function matchBrands(tokens: readonly string[]): Promise<BrandSummary[]> {
    if (tokens.length === 0) return [];
    const [all, cats] = await Promise.all([brands(), categoriesFile()]);
    const catName = new Map(cats.map((c) => [c.id, c.name]));
    return all.filter((b) => matchesTokens(brandWords(b, catName.get(b.categoryId ?? -1)), tokens));
  }

  async function matchCategories(tokens: readonly string[]): Promise<Category[]> {
    if (tokens.length === 0) return [];
    return (await categoriesFile()).filter((c) => matchesTokens(categoryWords(c), tokens));
  }

  const home = () => need<HomeData>('home.json');

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
        const all = o.q?.trim() ? await matchBrands(queryTokens(o.q)) : await brands();
        return o.categoryId === undefined || o.categoryId === null
          ? all
          : all.filter((b) => b.categoryId === o.categoryId);
      },
      byId: (id) => load<Brand>(`brand/${id}.json`),
      bySlug: async (slug) => {
        const summary = (await brands()).find((b) => b.slug === slug);
        return summary ? load<Brand>(`brand/${summary.id}.json`) : null;
      },
      featured: async (limit = FEATURED_BRANDS_LIMIT) => (await brands()).filter((b) => b.featured).slice(0, limit),
      popular: async (limit = FEATURED_BRANDS_LIMIT) => [...(await brands())].sort(byBrandPopularity).slice(0, limit),
      search: async (q) => (q.trim() ? matchBrands(queryTokens(q)) : brands()),
      coupons: (id, o = {}) => list('coupons', { ...o, brandId: id }),
      deals: (id, o = {}) => list('deals', { ...o, brandId: id }),
    },

    coupons: {
      list: (o = {}) => list('coupons', o),
      byId: (id) => byId('coupons', id),
      featured: async (limit = FEATURED_COUPONS_LIMIT) =>
        ((await load<Coupon[]>('coupons/featured.json')) ?? []).slice(0, limit),
      search: async (q, o = {}) =>
        queryTokens(q).length ? list('coupons', { ...o, q }) : makePage([], o.page ?? 1, o.pageSize ?? PAGE_SIZE, 0),
      expiring: async (days = EXPIRING_DAYS, limit = EXPIRING_LIMIT) => {
        const at = now();
        const all = (await load<Coupon[]>('coupons/expiring.json')) ?? [];
        return all.filter((c) => isExpiringWithin(c.expiresAt, days, at)).slice(0, limit);
      },
      related: (id, limit = 4) => related('coupons', id, limit),
    },

    deals: {
      list: (o = {}) => list('deals', o),
      byId: (id) => byId('deals', id),
      hot: async (limit = HOT_DEALS_LIMIT) => ((await load<Deal[]>('deals/hot.json')) ?? []).slice(0, limit),
      featured: async (limit = SHORT_LIST_LIMIT) => ((await load<Deal[]>('deals/featured.json')) ?? []).slice(0, limit),
      limited: async (limit = SHORT_LIST_LIMIT) => ((await load<Deal[]>('deals/limited.json')) ?? []).slice(0, limit),
      search: async (q, o = {}) =>
        queryTokens(q).length ? list('deals', { ...o, q }) : makePage([], o.page ?? 1, o.pageSize ?? PAGE_SIZE, 0),
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
      const [brandList, categories, cats] = await Promise.all([
        matchBrands(tokens),
        matchCategories(tokens),
        categoriesFile(),
      ]);
      const catName = new Map(cats.map((c) => [c.id, c.name]));
      const out: SearchSuggestion[] = [
        ...brandList.map((b) => suggestionOf.brand(b, catName.get(b.categoryId ?? -1))),
        ...categories.map(suggestionOf.category),
      ].slice(0, limit);
      if (out.length < limit) {
        const coupons = await list('coupons', { q, pageSize: limit - out.length });
        out.push(...coupons.items.map(suggestionOf.coupon));
      }
      if (out.length < limit) {
        const deals = await list('deals', { q, pageSize: limit - out.length });
        out.push(...deals.items.map(suggestionOf.deal));
      }
      return out;
    },

    trending: async (limit = TRENDING_LIMIT) =>
      ((await load<string[]>('trending.json')) ?? []).slice(0, Math.max(0, limit)),
  };
  return source;
}
