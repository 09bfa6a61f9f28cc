/**
 * `CatalogSource` over the static JSON files of `src/sources/static/export.ts` (SPEC §4
 * "Static-data mode"): each call fetches only the few files it needs (file layout and query
 * plan are described at the top of export.ts), in parallel, and keeps every fetched file
 * in memory. Answers are the same as the memory source's (same contract tests).
 */

import { SEARCH_TYPES } from '../../catalog/constants.ts';
import { isExpiringWithin } from '../../catalog/display.ts';
import {
  byBrandPopularity,
  byName,
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
  wordsOf,
} from '../../catalog/query.ts';
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
} from '../../catalog/schemas.ts';
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
} from '../../catalog/source.ts';
import {
  type BrandRow,
  type BrandRowsFile,
  type BrandShardFile,
  brandShardFile,
  decodeDeltas,
  decodeItem,
  fromBrandRow,
  HEAD_SIZE,
  type IdShardFile,
  type ItemFile,
  type Kind,
  LIST_CAP,
  type ListFile,
  orderFile,
  pageFile,
  type SearchShardFile,
  type StaticMeta,
  shardKey,
  shardOf,
} from './export.ts';

export type StaticSourceOptions = {
  /** Where the files are served, e.g. "/data" (default) or "https://cdn.example/data". */
  baseUrl?: string;
  /** The fetch to use (default: globalThis.fetch). */
  fetch?: (url: string) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>;
  /** The clock for "expiring soon" (default: the real clock). */
  now?: () => Date;
};

/** A static data file could not be loaded (network error, a non-404 HTTP error, or the wrong shape). */
export class StaticDataError extends Error {
  readonly path: string;
  readonly status: number | null;
  constructor(path: string, status: number | null, cause?: unknown, what = 'Failed to load catalog data') {
    super(`${what} ${path}${status === null ? '' : ` (HTTP ${status})`}`, { cause });
    this.name = 'StaticDataError';
    this.path = path;
    this.status = status;
  }
}

type ItemOf<K extends Kind> = K extends 'coupons' ? Coupon : Deal;
type BrandGroup = { brands: Brand[]; items: Record<Kind, (Coupon | Deal)[]> };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function createStaticSource(options: StaticSourceOptions = {}): CatalogSource {
  const base = (options.baseUrl ?? '/data').replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((url: string) => globalThis.fetch(url));
  const now = options.now ?? (() => new Date());
  const cache = new Map<string, Promise<unknown>>();
  const decoded = new Map<string, Promise<unknown>>();

  /** Fetch a file once; a missing file (404) is null. Failures are not cached. */
  function load<T>(path: string, valid: (v: unknown) => boolean): Promise<T | null> {
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
        const body: unknown = await res.json();
        if (!valid(body)) throw new StaticDataError(path, null, undefined, 'Unexpected catalog data in');
        return body;
      })();
      p.catch(() => cache.delete(path));
      cache.set(path, p);
    }
    return p as Promise<T | null>;
  }
  async function need<T>(path: string, valid: (v: unknown) => boolean): Promise<T> {
    const v = await load<T>(path, valid);
    if (v === null) throw new StaticDataError(path, 404);
    return v;
  }
  /** A value derived from files, computed once (dropped again when it fails). */
  function memo<T>(key: string, make: () => Promise<T>): Promise<T> {
    let p = decoded.get(key);
    if (!p) {
      p = make();
      p.catch(() => decoded.delete(key));
      decoded.set(key, p);
    }
    return p as Promise<T>;
  }

  const meta = () =>
    memo('meta', async (): Promise<StaticMeta> => {
      const m = await need<StaticMeta>('meta.json', (v) => isObject(v) && Array.isArray(v.brandShards));
      return {
        ...m,
        brandShards: decodeDeltas(m.brandShards),
        idShards: { coupons: decodeDeltas(m.idShards.coupons), deals: decodeDeltas(m.idShards.deals) },
      };
    });
  const categoriesFile = () => need<Category[]>('categories.json', Array.isArray);
  const numbers = (path: string) =>
    memo(path, async () => decodeDeltas((await load<number[]>(path, Array.isArray)) ?? []));
  const rowsFile = (path: string) =>
    memo(path, async () => {
      const file = await load<BrandRowsFile>(path, (v) => isObject(v) && Array.isArray(v.rows));
      return { rows: file ? file.rows.map(fromBrandRow) : [], more: file?.more === true };
    });
  const rows = async (path: string) => (await rowsFile(path)).rows;
  /** Every brand with a name word starting with the key's two characters. */
  const nameRows = async (key: string) => {
    const head = await rowsFile(`brands/names/${key}.json`);
    return head.more ? rows(`brands/names/${key}-all.json`) : head.rows;
  };
  const brandIndex = () => rows('brands/index.json');
  const comparators = { coupons: couponComparators, deals: dealComparators } as const;
  const wordsOfItem = { coupons: couponWords, deals: dealWords } as const;

  // -- Items ------------------------------------------------------------------

  function pageItems<K extends Kind>(kind: K, page: number): Promise<ItemOf<K>[]> {
    const path = pageFile(kind, page);
    return memo(path, async () => {
      const file = await load<ItemFile>(path, (v) => isObject(v) && Array.isArray(v.items));
      return file ? file.items.map((x) => decodeItem(kind, x, file.refs) as ItemOf<K>) : [];
    });
  }

  /** The items at newest positions `ns`, in that order (each page file fetched once, in parallel). */
  async function itemsAt<K extends Kind>(kind: K, ns: readonly number[]): Promise<ItemOf<K>[]> {
    const { pageSize } = await meta();
    const pageOfN = (n: number) => Math.floor(n / pageSize) + 1;
    const pages = new Map(
      await Promise.all([...new Set(ns.map(pageOfN))].map(async (p) => [p, await pageItems(kind, p)] as const)),
    );
    return ns.flatMap((n) => {
      const item = pages.get(pageOfN(n))?.[n % pageSize];
      return item ? [item] : [];
    });
  }

  /** Newest positions of the given ranks of a sort (through that sort's order blocks). */
  async function positionsOf(kind: Kind, sort: Sort, ranks: readonly number[]): Promise<number[]> {
    if (sort === 'newest') return [...ranks];
    const { blockSize } = await meta();
    const blocks = new Map(
      await Promise.all(
        [...new Set(ranks.map((r) => Math.floor(r / blockSize)))].map(
          async (b) => [b, await numbers(orderFile(kind, sort, b))] as const,
        ),
      ),
    );
    return ranks.flatMap((r) => {
      const n = blocks.get(Math.floor(r / blockSize))?.[r % blockSize];
      return n === undefined ? [] : [n];
    });
  }

  /** Ranks (in `sort`) of items matching every token (each token's ranks decoded once). */
  async function searchRanks(kind: Kind, sort: Sort, tokens: readonly string[]): Promise<number[]> {
    const key = kind === 'coupons' ? 'c' : 'd';
    const perToken = await Promise.all(
      tokens.map((t) =>
        memo(`search/${sort}/${key}/${t}`, async () => {
          const shard = await load<SearchShardFile>(`search/${sort}/${shardKey(t)}.json`, isObject);
          const words = shard?.[key] ?? {};
          return unionSorted(
            Object.keys(words)
              .filter((w) => w.startsWith(t))
              .map((w) => decodeDeltas(words[w]!)),
          );
        }),
      ),
    );
    return intersectSorted(perToken);
  }

  // -- Brands -----------------------------------------------------------------

  function shardPart(shard: number, part: number): Promise<BrandShardFile> {
    return need<BrandShardFile>(brandShardFile(shard, part), (v) => isObject(v) && Array.isArray(v.coupons));
  }

  /** A brand's record and every coupon and deal (newest first), or null when no shard holds it. */
  async function brandGroup(brandId: number): Promise<BrandGroup | null> {
    const m = await meta();
    const shard = shardOf(m.brandShards, brandId);
    if (shard < 0) return null;
    const group = await memo(`brand-shard/${shard}`, async (): Promise<BrandGroup> => {
      const first = await shardPart(shard, 1);
      const parts = [
        first,
        ...(await Promise.all(Array.from({ length: first.parts - 1 }, (_, i) => shardPart(shard, i + 2)))),
      ];
      return {
        brands: first.brands,
        items: {
          coupons: parts.flatMap((p) => p.coupons.map((x) => decodeItem('coupons', x, p.refs))),
          deals: parts.flatMap((p) => p.deals.map((x) => decodeItem('deals', x, p.refs))),
        },
      };
    });
    const of = <T extends { brandId: number | null }>(list: T[]) => list.filter((x) => x.brandId === brandId);
    return {
      brands: group.brands.filter((b) => b.id === brandId),
      items: { coupons: of(group.items.coupons), deals: of(group.items.deals) },
    };
  }

  /**
   * A newest-first page of one large brand's items (its shard split into parts): only the parts
   * holding that page. Null when the brand's shard is not split.
   */
  async function bigBrandPage<K extends Kind>(kind: K, brandId: number, start: number, size: number) {
    const m = await meta();
    const shard = shardOf(m.brandShards, brandId);
    if (shard < 0 || m.brandShards[shard] !== brandId) return null;
    const first = await shardPart(shard, 1);
    if (!first.split) return null;
    const per = Math.max(1, first.split.partSize[kind]);
    const total = first.split.totals[kind];
    const end = Math.min(total, start + size);
    const parts: number[] = [];
    for (let p = Math.floor(start / per); p * per < end; p++) parts.push(p);
    const files = await Promise.all(parts.map((p) => shardPart(shard, p + 1)));
    const items = files.flatMap((f) => f[kind].map((x) => decodeItem(kind, x, f.refs) as ItemOf<K>));
    const offset = start - (parts[0] ?? 0) * per;
    return { items: items.slice(offset, offset + Math.max(0, end - start)), total };
  }

  /** Indexed words of each brand name and category name, computed once per row. */
  const nameWords = new WeakMap<BrandSummary, string[]>();
  const categoryNameWords = () =>
    memo('category-name-words', async () => new Map((await categoriesFile()).map((c) => [c.id, wordsOf(c.name)])));
  /** Does a brand match every token by a word of its name or of its category's name (`brandWords`)? */
  async function brandMatcher(tokens: readonly string[]): Promise<(b: BrandSummary) => boolean> {
    const catWords = await categoryNameWords();
    return (b) => {
      let words = nameWords.get(b);
      if (!words) {
        words = wordsOf(b.name);
        nameWords.set(b, words);
      }
      const cw = catWords.get(b.categoryId ?? -1) ?? [];
      return tokens.every((t) => words.some((w) => w.startsWith(t)) || cw.some((w) => w.startsWith(t)));
    };
  }

  /**
   * Brands matching every token by name or category name (name order): the name shard of each
   * token, plus every brand of a category whose name matches all tokens.
   */
  async function matchBrands(tokens: readonly string[]): Promise<BrandSummary[]> {
    if (tokens.length === 0) return [];
    const cats = await categoriesFile();
    const isMatch = await brandMatcher(tokens);
    const viaCategory = cats.filter((c) => matchesTokens(wordsOf(c.name), tokens));
    const lists = await Promise.all([
      ...[...new Set(tokens.map(shardKey))].map(nameRows),
      ...viaCategory.map((c) => rows(`brands/category/${c.id}.json`)),
    ]);
    const found = new Map<number, BrandSummary>();
    for (const list of lists) {
      for (const b of list) {
        if (!found.has(b.id) && isMatch(b)) found.set(b.id, b);
      }
    }
    return [...found.values()].sort(byName);
  }

  /**
   * The first `limit` brands of `matchBrands(tokens)` from the heads of the lists (the first 16 of
   * each name shard and category); the whole lists only when the heads cannot decide.
   */
  async function suggestBrands(tokens: readonly string[], limit: number): Promise<BrandSummary[]> {
    const cats = await categoriesFile();
    const viaCategory = cats.filter((c) => matchesTokens(wordsOf(c.name), tokens));
    const [names, heads] = await Promise.all([
      Promise.all([...new Set(tokens.map(shardKey))].map((key) => rowsFile(`brands/names/${key}.json`))),
      viaCategory.length
        ? need<Record<string, BrandRow[]>>('brands/category-heads.json', isObject)
        : Promise.resolve({} as Record<string, BrandRow[]>),
    ]);
    const lists = [
      ...names,
      ...viaCategory.map((c) => {
        const head = (heads[String(c.id)] ?? []).map(fromBrandRow);
        return { rows: head, more: head.length >= HEAD_SIZE };
      }),
    ];
    const isMatch = await brandMatcher(tokens);
    const found = new Map<number, BrandSummary>();
    for (const list of lists) for (const b of list.rows) if (isMatch(b)) found.set(b.id, b);
    const sorted = [...found.values()].sort(byName);
    // Brands after the last row of a cut-off head may be missing: only those before it are sure.
    const cutoffs = lists.filter((l) => l.more).map((l) => l.rows.at(-1)!);
    if (cutoffs.length === 0) return sorted.slice(0, limit);
    const cutoff = cutoffs.sort(byName)[0]!;
    const sure = sorted.filter((b) => byName(b, cutoff) <= 0);
    return sure.length >= limit ? sure.slice(0, limit) : (await matchBrands(tokens)).slice(0, limit);
  }

  /**
   * The first `count` newest positions of items with a word starting with `token`, from the search
   * head (enough while count ≤ HEAD_SIZE: every one of the first `count` is among the first
   * `count` of its own word).
   */
  async function headPositions(kind: Kind, token: string, count: number): Promise<number[]> {
    const shard = await load<SearchShardFile>(`search/head/${shardKey(token)}.json`, isObject);
    const words = shard?.[kind === 'coupons' ? 'c' : 'd'] ?? {};
    return unionSorted(
      Object.keys(words)
        .filter((w) => w.startsWith(token))
        .map((w) => decodeDeltas(words[w]!)),
    ).slice(0, count);
  }

  async function matchCategories(tokens: readonly string[]): Promise<Category[]> {
    if (tokens.length === 0) return [];
    return (await categoriesFile()).filter((c) => matchesTokens(categoryWords(c), tokens));
  }

  /** The first `limit` items of a short ready list (`<kind>/lists/<name>.json`). */
  async function shortList<K extends Kind>(kind: K, name: string, limit: number): Promise<ItemOf<K>[]> {
    const file = await load<ListFile>(`${kind}/lists/${name}.json`, (v) => isObject(v) && Array.isArray(v.n));
    return itemsAt(kind, (file?.n ?? []).slice(0, Math.max(0, limit)));
  }

  // -- Lists ------------------------------------------------------------------

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
    const hasCategory = o.categoryId !== undefined && o.categoryId !== null;
    const featured = Boolean(o.featured) && kind === 'coupons';

    if (o.brandId !== undefined && o.brandId !== null) {
      if (sort === 'newest' && !tokens.length && !hasCategory && !featured) {
        const big = await bigBrandPage(kind, o.brandId, (page - 1) * pageSize, pageSize);
        if (big) return makePage(big.items, page, pageSize, big.total);
      }
      const all = ((await brandGroup(o.brandId))?.items[kind] ?? []) as ItemOf<K>[];
      const words = wordsOfItem[kind] as (x: ItemOf<K>) => string[];
      const cmp = comparators[kind][sort] as (a: ItemOf<K>, b: ItemOf<K>) => number;
      const filtered = all.filter(
        (x) =>
          (!hasCategory || x.categoryId === o.categoryId) &&
          (!featured || x.featured) &&
          (tokens.length === 0 || matchesTokens(words(x), tokens)),
      );
      return pageOf(filtered.sort(cmp), page, pageSize);
    }

    const sets: Promise<number[]>[] = [];
    if (hasCategory) sets.push(numbers(`${kind}/sets/${sort}/category-${o.categoryId}.json`));
    if (featured) sets.push(numbers(`coupons/sets/${sort}/featured.json`));
    if (tokens.length) sets.push(searchRanks(kind, sort, tokens));
    const start = (page - 1) * pageSize;
    let ranks: number[];
    let total: number;
    if (sets.length === 0) {
      total = (await meta()).counts[kind];
      ranks = [];
      for (let r = start; r < Math.min(total, start + pageSize); r++) ranks.push(r);
    } else {
      const all = intersectSorted(await Promise.all(sets));
      total = all.length;
      ranks = all.slice(start, start + pageSize);
    }
    const items = await itemsAt(kind, await positionsOf(kind, sort, ranks));
    return makePage(items, page, pageSize, total);
  }

  async function byId<K extends Kind>(kind: K, id: number): Promise<ItemOf<K> | null> {
    const shard = shardOf((await meta()).idShards[kind], id);
    if (shard < 0) return null;
    const file = await memo(`${kind}/ids/${shard}`, async () => {
      const f = await need<IdShardFile>(`${kind}/ids/${shard}.json`, (v) => isObject(v) && Array.isArray(v.ids));
      return { ids: decodeDeltas(f.ids), n: f.n };
    });
    const at = file.ids.indexOf(id);
    if (at < 0) return null;
    return (await itemsAt(kind, [file.n[at]!]))[0] ?? null;
  }

  async function related<K extends Kind>(kind: K, id: number, limit: number): Promise<ItemOf<K>[]> {
    const item = await byId(kind, id);
    if (!item) return [];
    const byBrand = (item.brandId === null ? [] : ((await brandGroup(item.brandId))?.items[kind] ?? [])) as ItemOf<K>[];
    let byCategory: ItemOf<K>[] = [];
    if (item.categoryId !== null) {
      // Enough of the category (newest) to fill `limit` after skipping the item and its brand's items.
      const ns = await numbers(`${kind}/sets/newest/category-${item.categoryId}.json`);
      byCategory = await itemsAt(kind, ns.slice(0, limit + 1 + byBrand.length));
    }
    return relatedOf(item, byBrand, byCategory, limit);
  }

  const home = () => need<HomeData>('home.json', isObject);

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
      search: async (q, o = {}) =>
        queryTokens(q).length ? list('coupons', { ...o, q }) : makePage([], o.page ?? 1, o.pageSize ?? PAGE_SIZE, 0),
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
        suggestBrands(tokens, limit),
        matchCategories(tokens),
        categoriesFile(),
      ]);
      const catName = new Map(cats.map((c) => [c.id, c.name]));
      const out: SearchSuggestion[] = [
        ...brandList.map((b) => suggestionOf.brand(b, catName.get(b.categoryId ?? -1))),
        ...categories.map(suggestionOf.category),
      ].slice(0, limit);
      // One word: the first items come from the search head; more words need the whole postings.
      const first = async <K extends Kind>(kind: K, count: number): Promise<ItemOf<K>[]> =>
        tokens.length === 1 && count <= HEAD_SIZE
          ? itemsAt(kind, await headPositions(kind, tokens[0]!, count))
          : (await list(kind, { q, pageSize: count })).items;
      if (out.length < limit) out.push(...(await first('coupons', limit - out.length)).map(suggestionOf.coupon));
      if (out.length < limit) out.push(...(await first('deals', limit - out.length)).map(suggestionOf.deal));
      return out;
    },

    trending: async (limit = TRENDING_LIMIT) =>
      ((await load<string[]>('trending.json', Array.isArray)) ?? []).slice(0, Math.max(0, limit)),
  };
  return source;
}
