/**
 * Static-data mode files (SPEC §4 "Static-data mode"): the catalog as small JSON files so the
 * browser fetches only what one screen needs. Served under `/data/` by
 * `src/pages/data/[...file].ts`; written by `buildStaticFiles` (export.ts), read by
 * `createStaticSource` (source.ts). This module is the format both share.
 *
 * Every coupon and deal is stored TWICE, in compact form (see "Items" below), whatever the catalog
 * size: once in the page of the newest-first list that holds it, once in its brand's shard. (The
 * 8 featured coupons and 8 featured deals of home.json are the only other copies.) Everything
 * else is an index of positions: "n" is an item's position in the newest-first list of its kind
 * (0-based), so item n is at index n mod pageSize of page ⌊n/pageSize⌋+1; a "rank" is a
 * position in the catalog-wide order of one sort (newest|popular|expiring|discount); for
 * newest, rank = n. Ascending lists of numbers are delta-encoded ([3, 5, 9] → [3, 2, 4]);
 * other lists too, with negative steps where they go down.
 *
 *   meta.json                          StaticMeta: counts, page and block sizes, shard boundaries,
 *                                      the keys of the name and search shards that exist
 *   home.json                          HomeData; trending.json string[]; categories.json Category[]
 *   <kind>/newest/<page>.json          ItemFile: the items n = (page-1)·pageSize … page·pageSize-1
 *   <kind>/order/<sort>/<b>.json       n of ranks b·blockSize … (b+1)·blockSize-1 of a sort (not newest)
 *   <kind>/sets/<sort>/category-<id>.json  ranks (ascending) of a category's items in that sort
 *   coupons/sets/<sort>/featured.json  ranks (ascending) of featured coupons
 *   <kind>/ids/<s>.json                { ids, n }: ids (ascending) of id shard s and their n;
 *                                      shard s starts at id meta.idShards[kind][s]
 *   <kind>/lists/<name>.json           { n[], at?[] } short ready lists: coupons featured (popular
 *                                      order) and expiring (soonest first, within 31 days of the
 *                                      build, `at` = expiresAt); deals hot, featured, limited
 *   brands/shard/<s>.json              BrandShardFile: full Brand records and every item of the
 *                                      brands whose id starts at meta.brandShards[s]; a brand too
 *                                      large for one file continues in <s>-2.json, <s>-3.json, …
 *   brands/index.json                  { rows: BrandRow[] } every brand, name order (brands page)
 *   brands/category/<id>.json          { rows } a category's brands, name order
 *   brands/category-heads.json         { [categoryId]: BrandRow[] } the first 16 of each category
 *   brands/names/<key>.json            { rows, more } the first 16 brands (name order) with a NAME
 *                                      word whose first two characters encode to <key> (see
 *                                      `shardKey`); more: true when <key>-all.json holds the rest too
 *   brands/featured.json, brands/popular.json  { rows } first 100 of each
 *   search/<sort>/<key>.json           { c: { word: ranks }, d: { word: ranks } } every indexed
 *                                      coupon/deal word whose first two characters encode to <key>
 *   search/head/<key>.json             the same with only the first 16 newest ranks of each word
 *                                      (enough for the search box's first suggestions)
 *
 * Page files and brand shards also carry `formats`: the price and date texts their items' cards
 * show, in the files' language (src/catalog/intl.ts), so the browser loads no Intl data for them.
 *
 * meta.json's shard boundaries are delta-encoded too. The search box reads only heads (the first
 * suggestions of one word never need a whole brand list or a whole postings list).
 *
 * How the browser answers a list: a brand → its shard, filtered, sorted and paged locally; no
 * filter, newest → one page file; no filter, another sort → the order block of the page's ranks,
 * then the page files holding those items (fetched in parallel); a category, featured or text →
 * intersect the rank sets (category set, featured set, the search shard of each token), slice
 * the page, then as before. Every file is bounded by a page, a block, a brand shard, a
 * category's set or the words of one 2-character prefix, and the export is linear in catalog
 * size.
 */

import type { FormatSeed } from '../../catalog/intl.ts';
import { isCatalogLanguage } from '../../catalog/localized.ts';
import type { Brand, BrandRef, BrandSummary, CategoryRef, Coupon, Deal, Sort } from '../../catalog/schemas.ts';

export const STATIC_FORMAT_VERSION = 2;
/** Ranks per order block. */
export const BLOCK_SIZE = 500;
/** Ids per id shard. */
export const IDS_PER_SHARD = 2000;
/** Items (coupons + deals) per brand shard before a new one starts; a larger brand is split. */
export const BRAND_SHARD_ITEMS = 120;
/** Brands per brand shard at most. */
export const BRAND_SHARD_BRANDS = 40;
export const LIST_CAP = 100;
export const EXPIRING_WINDOW_DAYS = 31;
export const EXPIRING_CAP = 200;
/** Rows of a brand-name or category head, ranks per word of a search head. */
export const HEAD_SIZE = 16;

export type Kind = 'coupons' | 'deals';

/** Field order of an encoded coupon (a unit test checks it against couponSchema). */
export const COUPON_FIELDS = [
  'id',
  'brandId',
  'categoryId',
  'code',
  'name',
  'description',
  'discount',
  'discountType',
  'featured',
  'exclusive',
  'verified',
  'successRate',
  'status',
  'startsAt',
  'expiresAt',
  'link',
  'createdAt',
  'updatedAt',
  'brand',
  'category',
  'lastWorkedAt',
  'lastFailedAt',
  'votes',
  'verifiedAt',
  'lang',
  'countries',
  'pinnedUntil',
] as const satisfies readonly (keyof Coupon)[];

/** Field order of an encoded deal (a unit test checks it against dealSchema). */
export const DEAL_FIELDS = [
  'id',
  'brandId',
  'categoryId',
  'code',
  'title',
  'description',
  'image',
  'discount',
  'discountType',
  'hot',
  'featured',
  'limited',
  'stock',
  'originalPrice',
  'salePrice',
  'currency',
  'status',
  'originUrl',
  'trackingUrl',
  'link',
  'startsAt',
  'expiresAt',
  'createdAt',
  'updatedAt',
  'brand',
  'category',
  'lang',
  'exclusive',
  'countries',
  'pinnedUntil',
] as const satisfies readonly (keyof Deal)[];

export const FIELDS = { coupons: COUPON_FIELDS, deals: DEAL_FIELDS } as const;
const DATE_FIELDS = new Set([
  'startsAt',
  'expiresAt',
  'createdAt',
  'updatedAt',
  'lastWorkedAt',
  'lastFailedAt',
  'verifiedAt',
]);

/**
 * An item as an array of its field values in FIELDS order, with `brand` and `category` as indexes
 * into the file's `refs` (or null) and dates as epoch milliseconds when that gives back the
 * exact same text.
 */
export type EncodedItem = unknown[];
export type Refs = { b: BrandRef[]; c: CategoryRef[] };
/**
 * `formats`: the texts the cards of the file's items show (prices, days), in the file's language
 * (src/catalog/intl.ts `FormatSeed`), so a browser rendering them loads no Intl data.
 */
export type ItemFile = { items: EncodedItem[]; refs: Refs; formats?: FormatSeed };
export type BrandShardFile = {
  brands: Brand[];
  coupons: EncodedItem[];
  deals: EncodedItem[];
  refs: Refs;
  /** Number of files this shard spans (this one + <s>-2.json, …); more than 1 only for one large brand. */
  parts: number;
  /** When parts > 1: items per part (the last may hold fewer; newest order across the parts) and totals. */
  split?: { partSize: Record<Kind, number>; totals: Record<Kind, number> };
  /** As in ItemFile. */
  formats?: FormatSeed;
};
export type ListFile = { n: number[]; at?: (string | null)[] };
export type IdShardFile = { ids: number[]; n: number[] };

export type StaticMeta = {
  version: number;
  pageSize: number;
  blockSize: number;
  generatedAt: string;
  counts: { coupons: number; deals: number; brands: number; categories: number };
  /** First brand id of each brand shard, ascending (delta-encoded in the file). */
  brandShards: number[];
  /** First item id of each id shard, ascending (delta-encoded in the file). */
  idShards: Record<Kind, number[]>;
  /**
   * The `shardKey`s that have a file: brands/names/<key>.json and search/<sort|head>/<key>.json.
   * A prefix not listed matches nothing, so the reader does not ask for it (no 404).
   */
  keys?: ShardKeys;
};
export type ShardKeys = { names: string[]; search: string[] };

/** The shard keys of the name and search files in `files` (sorted). */
export function shardKeysOf(files: StaticFiles): ShardKeys {
  const names: string[] = [];
  const search: string[] = [];
  for (const path of files.keys()) {
    const name = /^brands\/names\/([a-z0-9_]+)\.json$/.exec(path);
    if (name) names.push(name[1]!);
    const head = /^search\/head\/([a-z0-9_]+)\.json$/.exec(path);
    if (head) search.push(head[1]!);
  }
  return { names: names.sort(), search: search.sort() };
}

/** [id, slug, name, logo, categoryId, featured 0|1, totalCoupons, totalDeals, lang?] (lang: a fallback's mark, issue 24) */
export type BrandRow =
  | [number, string, string, string | null, number | null, 0 | 1, number, number]
  | [number, string, string, string | null, number | null, 0 | 1, number, number, string];
export type BrandRowsFile = { rows: BrandRow[]; more?: boolean };
export type SearchShardFile = { c?: Record<string, number[]>; d?: Record<string, number[]> };

export function toBrandRow(b: BrandSummary): BrandRow {
  const row: BrandRow = [b.id, b.slug, b.name, b.logo, b.categoryId, b.featured ? 1 : 0, b.totalCoupons, b.totalDeals];
  return b.lang ? [...row, b.lang] : row;
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
    ...(r.length > 8 && isCatalogLanguage(r[8]) ? { lang: r[8] } : {}),
  };
}

/** [3, 5, 9] → [3, 2, 4]; [9, 3] → [9, -6]. */
export function encodeDeltas(list: readonly number[]): number[] {
  const out = new Array<number>(list.length);
  let prev = 0;
  for (let i = 0; i < list.length; i++) {
    out[i] = list[i]! - prev;
    prev = list[i]!;
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

/** Index of the last boundary ≤ value (boundaries ascending); -1 when value is below the first. */
export function shardOf(boundaries: readonly number[], value: number): number {
  let lo = 0;
  let hi = boundaries.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (boundaries[mid]! <= value) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

export const pageFile = (kind: Kind, page: number) => `${kind}/newest/${page}.json`;
export const orderFile = (kind: Kind, sort: Sort, block: number) => `${kind}/order/${sort}/${block}.json`;
export const brandShardFile = (shard: number, part = 1) =>
  part === 1 ? `brands/shard/${shard}.json` : `brands/shard/${shard}-${part}.json`;

// ---------------------------------------------------------------------------
// Items
// ---------------------------------------------------------------------------

/** Collects the brand and category refs of one file, each stored once. */
export class RefTable {
  readonly refs: Refs = { b: [], c: [] };
  private readonly keys = { b: new Map<string, number>(), c: new Map<string, number>() };
  add(kind: 'b' | 'c', ref: BrandRef | CategoryRef | null): number | null {
    if (ref === null) return null;
    const key = JSON.stringify(ref);
    let i = this.keys[kind].get(key);
    if (i === undefined) {
      i = this.refs[kind].length;
      (this.refs[kind] as (BrandRef | CategoryRef)[]).push(ref);
      this.keys[kind].set(key, i);
    }
    return i;
  }
}

const exactMillis = (v: unknown): unknown => {
  if (typeof v !== 'string') return v;
  const ms = Date.parse(v);
  return !Number.isNaN(ms) && new Date(ms).toISOString() === v ? ms : v;
};

export function encodeItem(kind: Kind, item: Coupon | Deal, table: RefTable): EncodedItem {
  const record = item as unknown as Record<string, unknown>;
  const out = FIELDS[kind].map((field) => {
    if (field === 'brand') return table.add('b', item.brand);
    if (field === 'category') return table.add('c', item.category);
    return DATE_FIELDS.has(field) ? exactMillis(record[field]) : record[field];
  });
  // Optional fields at the end (code health) that an item does not have take no room.
  while (out.length > 0 && out[out.length - 1] === undefined) out.pop();
  return out;
}

export function decodeItem<K extends Kind>(
  kind: K,
  encoded: EncodedItem,
  refs: Refs,
): K extends 'coupons' ? Coupon : Deal {
  const out: Record<string, unknown> = {};
  const fields = FIELDS[kind];
  for (let i = 0; i < fields.length && i < encoded.length; i++) {
    const field = fields[i]!;
    const v = encoded[i];
    if (field === 'lang') {
      if (typeof v === 'string') out.lang = v;
    } else if (field === 'brand') out.brand = v === null ? null : refs.b[v as number];
    else if (field === 'category') out.category = v === null ? null : refs.c[v as number];
    else out[field] = typeof v === 'number' && DATE_FIELDS.has(field) ? new Date(v).toISOString() : v;
  }
  return out as K extends 'coupons' ? Coupon : Deal;
}

/** Every file of an export: path (relative, ending in .json) → JSON value. */
export type StaticFiles = Map<string, unknown>;

/**
 * Where a language's files sit under /data/: the default language's at the top ("" →
 * /data/meta.json), another language's in its folder ("es/" → /data/es/meta.json).
 */
export function staticDataPrefix(lang: string, defaultLang: string): string {
  return lang === defaultLang ? '' : `${lang}/`;
}
