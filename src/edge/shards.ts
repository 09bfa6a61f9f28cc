/**
 * The catalog data an edge site's Worker renders its long tail from (issue 32), shipped as static
 * assets under /_edge/ (never bundled into the Worker): an index (brand slug and id → shard,
 * coupon id → shard, the catalog version) and shards, each a small catalog in every language:
 * the brands of one category (at most `SHARD_BRANDS` of them), their offers, every category, and
 * the first brands of the category by name (what "related brands" shows). A memory source over a
 * shard answers a brand page, its feed and a coupon read as the whole catalog would.
 */
import { lastChange } from '../catalog/last-change.ts';
import { CATALOG_LANGUAGES } from '../catalog/localized.ts';
import { byName } from '../catalog/query.ts';
import type { LocalizedCatalog } from '../catalog/schemas.ts';

export const EDGE_DIR = '_edge';
export const EDGE_INDEX = 'index.json';
/** The security headers (CSP …) of the site's pages, for the ones the Worker renders (written after the build). */
export const EDGE_HEADERS = 'headers.json';
/** What every shard shares (categories, stats, trending), written once (issue 42: a shard's bytes change only with its brands). */
export const EDGE_COMMON = 'common.json';
/** The last import's report (issue 40 part 4), when the site's catalog file has one. */
export const EDGE_IMPORT_REPORT = 'import-report.json';
/** Brands per shard: keeps each file small (a few hundred KB) at any catalog size. */
export const SHARD_BRANDS = 200;
/** Related brands shown on a brand page (8) plus the brand itself. */
const RELATED_CANDIDATES = 9;

export interface EdgeIndex {
  /** Changes with the catalog: the edge cache key (src/edge/cache.ts). */
  version: string;
  shards: string[];
  /** [slug, id, shard number] of every brand. */
  brands: [string, number, number][];
  /** [coupon id, shard number]. */
  coupons: [number, number][];
}

type LocalizedBrand = LocalizedCatalog['brands'][number];

/** The brands "related brands" can show on any brand page of the category, in any language. */
function relatedCandidates(brands: readonly LocalizedBrand[]): LocalizedBrand[] {
  const out = new Map<number, LocalizedBrand>();
  for (const lang of CATALOG_LANGUAGES) {
    const named = brands.map((b) => ({
      b,
      id: b.id,
      name: typeof b.name === 'string' ? b.name : (b.name[lang] ?? Object.values(b.name)[0] ?? ''),
    }));
    for (const x of named.sort(byName).slice(0, RELATED_CANDIDATES)) out.set(x.id, x.b);
  }
  return [...out.values()];
}

/** A short stable hash of a text (FNV-1a, 32 bits, hex): the catalog version. */
export function versionOf(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/**
 * No clock here (issue 42: no per-build stamp in /_edge files): the same catalog gives the same
 * bytes at any build time; the last import's time is in the import report (EDGE_IMPORT_REPORT).
 */
export function edgeShards(catalog: LocalizedCatalog): { index: EdgeIndex; shards: Map<string, LocalizedCatalog> } {
  const byCategory = new Map<number | null, LocalizedBrand[]>();
  for (const b of catalog.brands) {
    const list = byCategory.get(b.categoryId) ?? [];
    list.push(b);
    byCategory.set(b.categoryId, list);
  }
  const couponsByBrand = new Map<number, LocalizedCatalog['coupons']>();
  for (const c of catalog.coupons) {
    if (c.brandId === null) continue;
    couponsByBrand.set(c.brandId, [...(couponsByBrand.get(c.brandId) ?? []), c]);
  }
  const dealsByBrand = new Map<number, LocalizedCatalog['deals']>();
  for (const d of catalog.deals) {
    if (d.brandId === null) continue;
    dealsByBrand.set(d.brandId, [...(dealsByBrand.get(d.brandId) ?? []), d]);
  }
  const shards = new Map<string, LocalizedCatalog>();
  const index: EdgeIndex = {
    version: '',
    shards: [],
    brands: [],
    coupons: [],
  };
  const keys = [...byCategory.keys()].sort((a, b) => (a ?? -1) - (b ?? -1));
  for (const key of keys) {
    const brands = [...(byCategory.get(key) ?? [])].sort((a, b) => a.id - b.id);
    const related = key === null ? [] : relatedCandidates(brands);
    for (let start = 0, part = 0; start < brands.length; start += SHARD_BRANDS, part++) {
      const chunk = brands.slice(start, start + SHARD_BRANDS);
      const name = `${key === null ? 'none' : `c${key}`}-${part}.json`;
      const number = index.shards.length;
      index.shards.push(name);
      const own = new Set(chunk.map((b) => b.id));
      const coupons = chunk.flatMap((b) => couponsByBrand.get(b.id) ?? []);
      const deals = chunk.flatMap((b) => dealsByBrand.get(b.id) ?? []);
      shards.set(name, {
        ...catalog,
        brands: [...chunk, ...related.filter((b) => !own.has(b.id))],
        coupons,
        deals,
      });
      for (const b of chunk) index.brands.push([b.slug, b.id, number]);
      for (const c of coupons) index.coupons.push([c.id, number]);
    }
  }
  // Of the catalog only, not of the build's clock (issue 42: the same catalog, the same version):
  // its last change (an edited offer), its counts and its offers' ids (one added or gone).
  index.version = versionOf(JSON.stringify([lastChange(catalog), catalog.stats, index.brands.length, index.coupons]));
  return { index, shards };
}

/** What every shard of `catalog` shares. */
export type ShardCommon = Pick<LocalizedCatalog, 'categories' | 'stats' | 'trending'>;
export type ShardOwn = Pick<LocalizedCatalog, 'brands' | 'coupons' | 'deals'>;

export function commonOf(catalog: LocalizedCatalog): ShardCommon {
  return { categories: catalog.categories, stats: catalog.stats, trending: catalog.trending };
}

/** The file of a shard: its brands and offers only (the rest is in /_edge/common.json). */
export function shardFile(shard: LocalizedCatalog): ShardOwn {
  return { brands: shard.brands, coupons: shard.coupons, deals: shard.deals };
}

/** A shard as the Worker uses it: its file and what all shards share, in the catalog's key order. */
export function joinShard(common: ShardCommon, own: ShardOwn): LocalizedCatalog {
  return {
    categories: common.categories,
    brands: own.brands,
    coupons: own.coupons,
    deals: own.deals,
    stats: common.stats,
    trending: common.trending,
  } as LocalizedCatalog;
}
