/**
 * The writer of the static-data files (layout and encodings in format.ts): `buildStaticFiles`
 * turns a catalog into every file, path → JSON value. Run at build time (src/sources/build.ts).
 */
import { SORTS } from '../../catalog/constants.ts';
import { isExpiringWithin } from '../../catalog/display.ts';
import type { FormatSeed } from '../../catalog/intl.ts';
import { lastChange } from '../../catalog/last-change.ts';
import {
  buildWordIndex,
  byBrandPopularity,
  byStock,
  type CatalogIndex,
  couponWords,
  dealWords,
  homeOf,
  indexCatalog,
  wordsOf,
} from '../../catalog/query.ts';
import type { BrandSummary, Catalog, Coupon, Deal, Sort } from '../../catalog/schemas.ts';
import { PAGE_SIZE } from '../../catalog/source.ts';
import {
  BLOCK_SIZE,
  BRAND_SHARD_BRANDS,
  BRAND_SHARD_ITEMS,
  type BrandRow,
  type BrandRowsFile,
  type BrandShardFile,
  brandShardFile,
  EXPIRING_CAP,
  EXPIRING_WINDOW_DAYS,
  encodeDeltas,
  encodeItem,
  HEAD_SIZE,
  IDS_PER_SHARD,
  type IdShardFile,
  type ItemFile,
  type Kind,
  LIST_CAP,
  type ListFile,
  orderFile,
  pageFile,
  RefTable,
  type SearchShardFile,
  STATIC_FORMAT_VERSION,
  type StaticFiles,
  type StaticMeta,
  shardKey,
  shardKeysOf,
  toBrandRow,
} from './format.ts';

export type { StaticFiles } from './format.ts';

/** The format seed of a file's items (the build's card texts in the file's language), if any. */
export type Seeder = (offers: { coupons?: readonly Coupon[]; deals?: readonly Deal[] }) => FormatSeed;

/** `{ formats }` for the items when a seeder is given and they have texts to seed, else nothing. */
function formatsOf(seed: Seeder | undefined, offers: Parameters<Seeder>[0]): { formats?: FormatSeed } {
  const formats = seed?.(offers);
  return formats && Object.keys(formats).length > 0 ? { formats } : {};
}

function itemFile(kind: Kind, items: readonly (Coupon | Deal)[], seed?: Seeder): ItemFile {
  const table = new RefTable();
  const encoded = items.map((x) => encodeItem(kind, x, table));
  const offers = kind === 'coupons' ? { coupons: items as readonly Coupon[] } : { deals: items as readonly Deal[] };
  return { items: encoded, refs: table.refs, ...formatsOf(seed, offers) };
}

type KindIndex = {
  kind: Kind;
  bySort: Record<Sort, (Coupon | Deal)[]>;
  rank: Record<Sort, Map<number, number>>;
  byCategory: Map<number, (Coupon | Deal)[]>;
  words: (x: Coupon | Deal) => string[];
};

function addItems(files: StaticFiles, k: KindIndex, pageSize: number, blockSize: number, seed?: Seeder): number[] {
  const newest = k.bySort.newest;
  const n = k.rank.newest;
  const pages = Math.max(1, Math.ceil(newest.length / pageSize));
  for (let p = 1; p <= pages; p++) {
    files.set(pageFile(k.kind, p), itemFile(k.kind, newest.slice((p - 1) * pageSize, p * pageSize), seed));
  }
  for (const sort of SORTS) {
    if (sort === 'newest') continue;
    const order = k.bySort[sort];
    for (let b = 0; b * blockSize < order.length; b++) {
      files.set(
        orderFile(k.kind, sort, b),
        encodeDeltas(order.slice(b * blockSize, (b + 1) * blockSize).map((x) => n.get(x.id)!)),
      );
    }
  }
  // Id shards: ids ascending with their n.
  const byId = [...newest].sort((a, b) => a.id - b.id);
  const starts: number[] = [];
  for (let s = 0; s * IDS_PER_SHARD < byId.length; s++) {
    const chunk = byId.slice(s * IDS_PER_SHARD, (s + 1) * IDS_PER_SHARD);
    starts.push(chunk[0]!.id);
    files.set(`${k.kind}/ids/${s}.json`, {
      ids: encodeDeltas(chunk.map((x) => x.id)),
      n: chunk.map((x) => n.get(x.id)!),
    } satisfies IdShardFile);
  }
  return starts;
}

function addSets(files: StaticFiles, k: KindIndex, categories: readonly { id: number }[]): void {
  // The catalog's categories, and any category id an item names.
  const ids = new Set([...categories.map((c) => c.id), ...k.byCategory.keys()]);
  for (const sort of SORTS) {
    const rank = k.rank[sort];
    const ranks = (items: readonly { id: number }[]) =>
      encodeDeltas(items.map((x) => rank.get(x.id)!).sort((a, b) => a - b));
    for (const id of ids) {
      files.set(`${k.kind}/sets/${sort}/category-${id}.json`, ranks(k.byCategory.get(id) ?? []));
    }
    if (k.kind === 'coupons') {
      files.set(`coupons/sets/${sort}/featured.json`, ranks(k.bySort.newest.filter((c) => c.featured)));
    }
  }
}

function addSearchShards(files: StaticFiles, kinds: KindIndex[]): void {
  const shards = new Map<string, SearchShardFile>();
  for (const sort of SORTS) {
    for (const k of kinds) {
      const key = k.kind === 'coupons' ? 'c' : 'd';
      const wordIndex = buildWordIndex(k.bySort[sort], k.words);
      wordIndex.words.forEach((word, i) => {
        const path = `search/${sort}/${shardKey(word)}.json`;
        let shard = shards.get(path);
        if (!shard) {
          shard = {};
          shards.set(path, shard);
        }
        shard[key] ??= {};
        shard[key][word] = encodeDeltas(wordIndex.postings[i]!);
        if (sort === 'newest') {
          const headPath = `search/head/${shardKey(word)}.json`;
          let head = shards.get(headPath);
          if (!head) {
            head = {};
            shards.set(headPath, head);
          }
          head[key] ??= {};
          head[key][word] = encodeDeltas(wordIndex.postings[i]!.slice(0, HEAD_SIZE));
        }
      });
    }
  }
  for (const [path, shard] of shards) files.set(path, shard);
}

/** Brand shards: brands by id, packed until BRAND_SHARD_ITEMS items or BRAND_SHARD_BRANDS brands. */
function addBrandShards(
  files: StaticFiles,
  catalog: Catalog,
  index: CatalogIndex,
  shardItems: number,
  seed?: Seeder,
): number[] {
  // Every brand id: the catalog's brands and any id an item names (its items are still found by brand).
  const records = new Map(catalog.brands.map((b) => [b.id, b]));
  const ids = [...new Set([...records.keys(), ...index.couponsByBrand.keys(), ...index.dealsByBrand.keys()])].sort(
    (a, b) => a - b,
  );
  const starts: number[] = [];
  let group: number[] = [];
  let groupItems = 0;
  const flush = () => {
    if (group.length === 0) return;
    const shard = starts.length;
    starts.push(group[0]!);
    const coupons = group.flatMap((id) => index.couponsByBrand.get(id) ?? []);
    const deals = group.flatMap((id) => index.dealsByBrand.get(id) ?? []);
    // A single brand larger than a shard is split into parts of BRAND_SHARD_ITEMS items.
    const partCount = Math.max(1, Math.ceil((coupons.length + deals.length) / shardItems));
    const partSize = { coupons: Math.ceil(coupons.length / partCount), deals: Math.ceil(deals.length / partCount) };
    const perPart = (kind: Kind, list: readonly (Coupon | Deal)[], part: number) =>
      list.slice(part * partSize[kind], (part + 1) * partSize[kind]);
    for (let part = 0; part < partCount; part++) {
      const table = new RefTable();
      const partCoupons = perPart('coupons', coupons, part) as Coupon[];
      const partDeals = perPart('deals', deals, part) as Deal[];
      files.set(brandShardFile(shard, part + 1), {
        brands: part === 0 ? group.flatMap((id) => records.get(id) ?? []) : [],
        coupons: partCoupons.map((x) => encodeItem('coupons', x, table)),
        deals: partDeals.map((x) => encodeItem('deals', x, table)),
        refs: table.refs,
        parts: partCount,
        ...(partCount > 1 ? { split: { partSize, totals: { coupons: coupons.length, deals: deals.length } } } : {}),
        ...formatsOf(seed, { coupons: partCoupons, deals: partDeals }),
      } satisfies BrandShardFile);
    }
    group = [];
    groupItems = 0;
  };
  for (const id of ids) {
    const items = (index.couponsByBrand.get(id)?.length ?? 0) + (index.dealsByBrand.get(id)?.length ?? 0);
    if (group.length > 0 && (groupItems + items > shardItems || group.length >= BRAND_SHARD_BRANDS)) flush();
    group.push(id);
    groupItems += items;
  }
  flush();
  return starts;
}

function addBrandLists(files: StaticFiles, catalog: Catalog, index: CatalogIndex): void {
  const rows = (list: readonly BrandSummary[]): BrandRowsFile => ({ rows: list.map(toBrandRow) });
  const all = index.brandSummaries;
  files.set('brands/index.json', rows(all));
  files.set('brands/featured.json', rows(all.filter((b) => b.featured).slice(0, LIST_CAP)));
  files.set('brands/popular.json', rows([...all].sort(byBrandPopularity).slice(0, LIST_CAP)));
  const heads: Record<number, BrandRow[]> = {};
  for (const c of catalog.categories) heads[c.id] = [];
  for (const [id, list] of index.brandsByCategory) {
    files.set(`brands/category/${id}.json`, rows(list));
    heads[id] = list.slice(0, HEAD_SIZE).map(toBrandRow);
  }
  for (const c of catalog.categories) {
    if (!index.brandsByCategory.has(c.id)) files.set(`brands/category/${c.id}.json`, rows([]));
  }
  files.set('brands/category-heads.json', heads);
  const byKey = new Map<string, BrandSummary[]>();
  for (const b of all) {
    const keys = new Set(wordsOf(b.name).map(shardKey));
    for (const key of keys) {
      const list = byKey.get(key);
      if (list) list.push(b);
      else byKey.set(key, [b]);
    }
  }
  for (const [key, list] of byKey) {
    const more = list.length > HEAD_SIZE;
    files.set(`brands/names/${key}.json`, { ...rows(list.slice(0, HEAD_SIZE)), more });
    if (more) files.set(`brands/names/${key}-all.json`, rows(list));
  }
}

/**
 * Every static data file of a catalog: path (relative, ending in .json) → JSON value.
 */
export function buildStaticFiles(
  catalog: Catalog,
  options: {
    now: Date;
    /** Items per page file (default 20, the listing page size). */
    pageSize?: number;
    blockSize?: number;
    /** Items per brand shard (default BRAND_SHARD_ITEMS). */
    brandShardItems?: number;
    index?: CatalogIndex;
    /**
     * The card texts of a file's items in the catalog's language (pages and brand shards carry
     * them as `formats`); none: no seeds.
     */
    formats?: Seeder;
  },
): StaticFiles {
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const blockSize = options.blockSize ?? BLOCK_SIZE;
  const index = options.index ?? indexCatalog(catalog);
  const files: StaticFiles = new Map();
  const nowMs = options.now.getTime();
  const meta: StaticMeta = {
    version: STATIC_FORMAT_VERSION,
    pageSize,
    blockSize,
    // When the catalog last changed, not the build's clock: the same catalog, the same bytes (issue 42).
    generatedAt: lastChange(catalog) ?? options.now.toISOString(),
    counts: {
      coupons: catalog.coupons.length,
      deals: catalog.deals.length,
      brands: catalog.brands.length,
      categories: catalog.categories.length,
    },
    brandShards: [],
    idShards: { coupons: [], deals: [] },
  };
  files.set('meta.json', meta);
  const boundaries = (list: number[]) => encodeDeltas(list);
  files.set('home.json', homeOf(index));
  files.set('trending.json', [...catalog.trending]);
  files.set('categories.json', catalog.categories);

  const kinds: KindIndex[] = [
    {
      kind: 'coupons',
      bySort: index.coupons.bySort,
      rank: index.coupons.rank,
      byCategory: index.couponsByCategory,
      words: couponWords as (x: Coupon | Deal) => string[],
    },
    {
      kind: 'deals',
      bySort: index.deals.bySort,
      rank: index.deals.rank,
      byCategory: index.dealsByCategory,
      words: dealWords as (x: Coupon | Deal) => string[],
    },
  ];
  for (const k of kinds) {
    meta.idShards[k.kind] = boundaries(addItems(files, k, pageSize, blockSize, options.formats));
    addSets(files, k, catalog.categories);
  }
  addSearchShards(files, kinds);
  meta.brandShards = boundaries(
    addBrandShards(files, catalog, index, options.brandShardItems ?? BRAND_SHARD_ITEMS, options.formats),
  );
  addBrandLists(files, catalog, index);

  const n = (kind: Kind) => index[kind].rank.newest;
  const list = (kind: Kind, items: readonly { id: number }[]): ListFile => ({
    n: items.map((x) => n(kind).get(x.id)!),
  });
  files.set(
    'coupons/lists/featured.json',
    list('coupons', index.coupons.bySort.popular.filter((c) => c.featured).slice(0, LIST_CAP)),
  );
  const expiring: Coupon[] = [];
  for (const c of index.coupons.bySort.expiring) {
    if (expiring.length >= EXPIRING_CAP || c.expiresAt === null) break;
    if (isExpiringWithin(c.expiresAt, EXPIRING_WINDOW_DAYS, nowMs)) expiring.push(c);
  }
  files.set('coupons/lists/expiring.json', { ...list('coupons', expiring), at: expiring.map((c) => c.expiresAt) });
  const deals = index.deals.bySort.newest;
  files.set('deals/lists/hot.json', list('deals', deals.filter((d) => d.hot).slice(0, LIST_CAP)));
  files.set('deals/lists/featured.json', list('deals', deals.filter((d) => d.featured).slice(0, LIST_CAP)));
  files.set(
    'deals/lists/limited.json',
    list(
      'deals',
      deals
        .filter((d) => d.limited)
        .sort(byStock)
        .slice(0, LIST_CAP),
    ),
  );
  meta.keys = shardKeysOf(files);
  return files;
}
