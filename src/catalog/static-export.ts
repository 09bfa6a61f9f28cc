/**
 * Static-data mode files (SPEC §4 "Static-data mode"): the catalog split into small JSON files
 * so the browser fetches only what one screen needs, never the whole catalog. Served under
 * `/data/` by `src/pages/data/[...file].ts`; read by `createStaticSource` (src/api/static-source.ts).
 *
 * Layout (every path relative to the data root; <sort> is newest|popular|expiring|discount;
 * "ranks" are positions in the catalog-wide order of that sort, 0-based; lists of ranks are
 * ascending and delta-encoded: [first, second-first, third-second, …]):
 *
 *   meta.json                              { version, pageSize, generatedAt, counts{coupons,deals,brands,categories} }
 *   home.json                              HomeData (stats, featured categories/brands/coupons/deals)
 *   trending.json                          string[]
 *   categories.json                        Category[] (catalog order; small)
 *   brands/index.json                      { rows: [id, slug, name, logo, categoryId, featured 0|1, totalCoupons,
 *                                          totalDeals][] } in name order: brand select, brands page, brand search
 *   brand/<id>.json                        Brand (full)
 *   brand/<id>/coupons.json                Coupon[] of that brand, newest first (sorted/paged in the browser)
 *   brand/<id>/deals.json                  Deal[] of that brand, newest first
 *   coupons/<sort>/<page>.json             { total, items: Coupon[] }  unfiltered list, `pageSize` per page;
 *                                          item of rank r is on page ⌊r/pageSize⌋+1 at r mod pageSize
 *   coupons/featured.json                  Coupon[] featured, popular order (first 100)
 *   coupons/expiring.json                  Coupon[] expiring within 31 days of the build, soonest first (first 200);
 *                                          the browser filters with its own clock
 *   coupons/ranks/<sort>/featured.json     ranks of featured coupons
 *   coupons/ranks/<sort>/category-<id>.json ranks of a category's coupons (category + text filters)
 *   coupons/by-id/<⌊id/200⌋>.json          { [id]: Coupon }  (by-id look-ups)
 *   category/<id>/coupons/newest/<page>.json { total, items }  a category's coupons, ready to show (other
 *                                          sorts of a category go through its rank list)
 *   deals/…, category/<id>/deals/…         the same for deals (hot.json, featured.json, limited.json: first 100)
 *   search/<sort>/<key>.json               { c: { word: ranks }, d: { word: ranks } } for every indexed word
 *                                          whose first two characters encode to <key> (see `shardKey`)
 *
 * How the browser answers a coupon list: no filter → the sort's page file; category only →
 * the category's newest page file (other sorts: its rank list); a brand → the brand file, filtered/sorted/paged locally; text,
 * featured or category+text → intersect rank lists (search shards of each query token,
 * category ranks, featured ranks), slice the page, and read those ranks from the sort's page
 * files. Every file is bounded by a page, a brand, a category's rank list, or the words of one
 * 2-character prefix; the export is linear in catalog size (each item is copied into a fixed
 * number of files: 4 sort pages, 1 category page, 1 brand file, 1 by-id bucket).
 */

import { SORTS } from './constants.ts';
import { isExpiringWithin } from './display.ts';
import { buildWordIndex, byStock, type CatalogIndex, couponWords, dealWords, homeOf, indexCatalog } from './query.ts';
import type { BrandSummary, Catalog, Coupon, Deal } from './schemas.ts';
import { PAGE_SIZE } from './source.ts';

export const STATIC_FORMAT_VERSION = 1;
export const BY_ID_BUCKET = 200;
export const LIST_CAP = 100;
export const EXPIRING_WINDOW_DAYS = 31;
export const EXPIRING_CAP = 200;

export type StaticMeta = {
  version: number;
  pageSize: number;
  generatedAt: string;
  counts: { coupons: number; deals: number; brands: number; categories: number };
};
export type StaticPageFile<T> = { total: number; items: T[] };
/** [id, slug, name, logo, categoryId, featured 0|1, totalCoupons, totalDeals] */
export type BrandRow = [number, string, string, string | null, number | null, 0 | 1, number, number];
export type BrandIndexFile = { rows: BrandRow[] };
export type SearchShardFile = { c?: Record<string, number[]>; d?: Record<string, number[]> };

export function toBrandRow(b: BrandSummary): BrandRow {
  return [b.id, b.slug, b.name, b.logo, b.categoryId, b.featured ? 1 : 0, b.totalCoupons, b.totalDeals];
}

export function fromBrandRow(r: BrandRow): BrandSummary {
  return {
    id: r[0],
    slug: r[1],
    name: r[2],
    logo: r[3],
    categoryId: r[4],
    featured: r[5] === 1,
    totalCoupons: r[6],
    totalDeals: r[7],
  };
}

/** [3, 5, 9] → [3, 2, 4] */
export function encodeDeltas(ascending: readonly number[]): number[] {
  const out = new Array<number>(ascending.length);
  let prev = 0;
  for (let i = 0; i < ascending.length; i++) {
    out[i] = ascending[i]! - prev;
    prev = ascending[i]!;
  }
  return out;
}

/** [3, 2, 4] → [3, 5, 9] */
export function decodeDeltas(deltas: readonly number[]): number[] {
  const out = new Array<number>(deltas.length);
  let acc = 0;
  for (let i = 0; i < deltas.length; i++) {
    acc += deltas[i]!;
    out[i] = acc;
  }
  return out;
}

/**
 * File-name-safe key of a word's first two characters: a–z and 0–9 stay as they are, any
 * other character becomes "_" plus its code point in hex ("中文" → "_4e2d_6587").
 */
export function shardKey(word: string): string {
  return Array.from(word)
    .slice(0, 2)
    .map((ch) => (/^[a-z0-9]$/.test(ch) ? ch : `_${ch.codePointAt(0)!.toString(16)}`))
    .join('');
}

export const byIdBucket = (id: number) => Math.floor(id / BY_ID_BUCKET);

export type StaticFiles = Map<string, unknown>;

function addPages<T>(files: StaticFiles, prefix: string, items: readonly T[], pageSize: number): void {
  const pages = Math.max(1, Math.ceil(items.length / pageSize));
  for (let p = 1; p <= pages; p++) {
    files.set(`${prefix}/${p}.json`, {
      total: items.length,
      items: items.slice((p - 1) * pageSize, p * pageSize),
    } satisfies StaticPageFile<T>);
  }
}

function addById<T extends { id: number }>(files: StaticFiles, prefix: string, items: readonly T[]): void {
  const buckets = new Map<number, Record<number, T>>();
  for (const item of items) {
    const b = byIdBucket(item.id);
    let bucket = buckets.get(b);
    if (!bucket) {
      bucket = {};
      buckets.set(b, bucket);
    }
    bucket[item.id] = item;
  }
  for (const [b, bucket] of buckets) files.set(`${prefix}/by-id/${b}.json`, bucket);
}

function addRanks<T extends { id: number }>(
  files: StaticFiles,
  path: string,
  members: readonly T[],
  rank: Map<number, number>,
): void {
  files.set(path, encodeDeltas(members.map((m) => rank.get(m.id)!).sort((a, b) => a - b)));
}

function addSearchShards(files: StaticFiles, index: CatalogIndex): void {
  const shards = new Map<string, SearchShardFile>();
  for (const sort of SORTS) {
    const parts: [key: 'c' | 'd', items: (Coupon | Deal)[], words: (x: never) => string[]][] = [
      ['c', index.coupons.bySort[sort], couponWords as (x: never) => string[]],
      ['d', index.deals.bySort[sort], dealWords as (x: never) => string[]],
    ];
    for (const [key, items, words] of parts) {
      const wordIndex = buildWordIndex(items, words as (x: Coupon | Deal) => string[]);
      wordIndex.words.forEach((word, i) => {
        const path = `search/${sort}/${shardKey(word)}.json`;
        let shard = shards.get(path);
        if (!shard) {
          shard = {};
          shards.set(path, shard);
        }
        shard[key] ??= {};
        const section = shard[key];
        section[word] = encodeDeltas(wordIndex.postings[i]!);
      });
    }
  }
  for (const [path, shard] of shards) files.set(path, shard);
}

/**
 * Every static data file of a catalog: path (relative, ending in .json) → JSON value.
 * Values share item objects with the catalog (no copies until serialized).
 */
export function buildStaticFiles(
  catalog: Catalog,
  options: { now: Date; pageSize?: number; index?: CatalogIndex },
): StaticFiles {
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const index = options.index ?? indexCatalog(catalog);
  const files: StaticFiles = new Map();
  const nowMs = options.now.getTime();

  files.set('meta.json', {
    version: STATIC_FORMAT_VERSION,
    pageSize,
    generatedAt: options.now.toISOString(),
    counts: {
      coupons: catalog.coupons.length,
      deals: catalog.deals.length,
      brands: catalog.brands.length,
      categories: catalog.categories.length,
    },
  } satisfies StaticMeta);

  files.set('home.json', homeOf(index));
  files.set('trending.json', [...catalog.trending]);
  files.set('categories.json', catalog.categories);
  files.set('brands/index.json', { rows: index.brandSummaries.map(toBrandRow) } satisfies BrandIndexFile);

  for (const b of catalog.brands) {
    files.set(`brand/${b.id}.json`, b);
    files.set(`brand/${b.id}/coupons.json`, index.couponsByBrand.get(b.id) ?? []);
    files.set(`brand/${b.id}/deals.json`, index.dealsByBrand.get(b.id) ?? []);
  }

  for (const sort of SORTS) {
    addPages(files, `coupons/${sort}`, index.coupons.bySort[sort], pageSize);
    addPages(files, `deals/${sort}`, index.deals.bySort[sort], pageSize);
    const couponRank = index.coupons.rank[sort];
    const dealRank = index.deals.rank[sort];
    addRanks(
      files,
      `coupons/ranks/${sort}/featured.json`,
      catalog.coupons.filter((c) => c.featured),
      couponRank,
    );
    for (const c of catalog.categories) {
      const coupons = (index.couponsByCategory.get(c.id) ?? [])
        .slice()
        .sort((a, b) => couponRank.get(a.id)! - couponRank.get(b.id)!);
      const deals = (index.dealsByCategory.get(c.id) ?? [])
        .slice()
        .sort((a, b) => dealRank.get(a.id)! - dealRank.get(b.id)!);
      if (sort === 'newest') {
        addPages(files, `category/${c.id}/coupons/newest`, coupons, pageSize);
        addPages(files, `category/${c.id}/deals/newest`, deals, pageSize);
      }
      addRanks(files, `coupons/ranks/${sort}/category-${c.id}.json`, coupons, couponRank);
      addRanks(files, `deals/ranks/${sort}/category-${c.id}.json`, deals, dealRank);
    }
  }

  files.set('coupons/featured.json', index.coupons.bySort.popular.filter((c) => c.featured).slice(0, LIST_CAP));
  const expiring: Coupon[] = [];
  for (const c of index.coupons.bySort.expiring) {
    if (expiring.length >= EXPIRING_CAP || c.expiresAt === null) break;
    if (isExpiringWithin(c.expiresAt, EXPIRING_WINDOW_DAYS, nowMs)) expiring.push(c);
  }
  files.set('coupons/expiring.json', expiring);
  files.set('deals/hot.json', index.deals.bySort.newest.filter((d) => d.hot).slice(0, LIST_CAP));
  files.set('deals/featured.json', index.deals.bySort.newest.filter((d) => d.featured).slice(0, LIST_CAP));
  files.set(
    'deals/limited.json',
    index.deals.bySort.newest
      .filter((d) => d.limited)
      .sort(byStock)
      .slice(0, LIST_CAP),
  );
  addById(files, 'coupons', catalog.coupons);
  addById(files, 'deals', catalog.deals);
  addSearchShards(files, index);
  return files;
}
