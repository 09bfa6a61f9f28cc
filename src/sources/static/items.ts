/**
 * The static source's query plans over coupons and deals (file layout at the top of export.ts):
 * page files, order blocks, category and featured sets, search postings, brand shards (split
 * into parts for large brands) and id shards, each fetched only when a call needs it.
 */

import { seedFormats } from '../../catalog/intl.ts';
import {
  couponComparators,
  couponWords,
  dealComparators,
  dealWords,
  intersectSorted,
  matchesTokens,
  queryTokens,
  relatedOf,
  unionSorted,
} from '../../catalog/query.ts';
import type { Brand, Coupon, Deal, Sort } from '../../catalog/schemas.ts';
import { makePage, PAGE_SIZE, type Page, pageOf } from '../../catalog/source.ts';
import {
  type BrandShardFile,
  brandShardFile,
  decodeDeltas,
  decodeItem,
  type IdShardFile,
  type ItemFile,
  type Kind,
  type ListFile,
  orderFile,
  pageFile,
  type SearchShardFile,
  shardKey,
  shardOf,
} from './format.ts';
import { isObject, type StaticLoader } from './loader.ts';

export type ItemOf<K extends Kind> = K extends 'coupons' ? Coupon : Deal;
type BrandGroup = { brands: Brand[]; items: Record<Kind, (Coupon | Deal)[]> };

export function createStaticItems(loader: StaticLoader) {
  const { load, need, memo, meta, hasShard, numbers } = loader;
  const comparators = { coupons: couponComparators, deals: dealComparators } as const;
  const wordsOfItem = { coupons: couponWords, deals: dealWords } as const;

  // -- Items ------------------------------------------------------------------

  function pageItems<K extends Kind>(kind: K, page: number): Promise<ItemOf<K>[]> {
    const path = pageFile(kind, page);
    return memo(path, async () => {
      const file = await load<ItemFile>(path, (v) => isObject(v) && Array.isArray(v.items));
      seedFormats(file?.formats);
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
          const shard = (await hasShard('search', shardKey(t)))
            ? await load<SearchShardFile>(`search/${sort}/${shardKey(t)}.json`, isObject)
            : null;
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

  async function shardPart(shard: number, part: number): Promise<BrandShardFile> {
    const file = await need<BrandShardFile>(
      brandShardFile(shard, part),
      (v) => isObject(v) && Array.isArray(v.coupons),
    );
    seedFormats(file.formats);
    return file;
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

  /**
   * The first `count` newest positions of items with a word starting with `token`, from the search
   * head (enough while count ≤ HEAD_SIZE: every one of the first `count` is among the first
   * `count` of its own word).
   */
  async function headPositions(kind: Kind, token: string, count: number): Promise<number[]> {
    const shard = (await hasShard('search', shardKey(token)))
      ? await load<SearchShardFile>(`search/head/${shardKey(token)}.json`, isObject)
      : null;
    const words = shard?.[kind === 'coupons' ? 'c' : 'd'] ?? {};
    return unionSorted(
      Object.keys(words)
        .filter((w) => w.startsWith(token))
        .map((w) => decodeDeltas(words[w]!)),
    ).slice(0, count);
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

  return { itemsAt, headPositions, brandGroup, shortList, list, byId, related };
}
