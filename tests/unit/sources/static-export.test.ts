/**
 * The static export (src/sources/static/export.ts): its encodings, that each coupon and deal is
 * stored twice, and the size targets of issue 15 checked on a generated catalog a fifth of the
 * benchmark's (100,000 coupons / 10,000 brands; figures in README from scripts/bench/catalog.ts):
 * total gzip and file count scaled by 1/5, every listing or filter change under 60 KB gzip, the
 * first search-box suggestion under 25 KB gzip.
 */
import { describe, expect, it } from 'vitest';
import { exportFigures, type MeteredChange, meterChanges } from '../../../scripts/lib/catalog/export-figures.ts';
import { type Catalog, couponSchema, dealSchema } from '../../../src/catalog/schemas.ts';
import { buildStaticFiles } from '../../../src/sources/static/export.ts';
import {
  COUPON_FIELDS,
  DEAL_FIELDS,
  decodeDeltas,
  decodeItem,
  encodeDeltas,
  encodeItem,
  RefTable,
  shardKey,
  shardOf,
} from '../../../src/sources/static/format.ts';
import { createStaticSource } from '../../../src/sources/static/source.ts';
import { englishGenerated, englishSample } from '../../fixtures/catalogs/sample-en.ts';

const now = new Date('2026-05-10T12:00:00Z');
const KB = 1024;
const MB = 1024 * KB;

describe('static export encodings', () => {
  it('delta-encodes lists, going down too', () => {
    expect(encodeDeltas([3, 5, 9, 10])).toEqual([3, 2, 4, 1]);
    expect(decodeDeltas(encodeDeltas([0, 7, 700, 70000]))).toEqual([0, 7, 700, 70000]);
    expect(decodeDeltas(encodeDeltas([9, 3, 12, 0]))).toEqual([9, 3, 12, 0]);
    expect(encodeDeltas([])).toEqual([]);
  });
  it('keys shards by the first two characters, file-name safe', () => {
    expect(shardKey('shipping')).toBe('sh');
    expect(shardKey('x')).toBe('x');
    expect(shardKey('中文字')).toBe('_4e2d_6587');
    expect(shardKey('ß1')).toBe('_df1');
  });
  it('finds the shard of a value from the shards’ first values', () => {
    expect(shardOf([1, 40, 90], 1)).toBe(0);
    expect(shardOf([1, 40, 90], 39)).toBe(0);
    expect(shardOf([1, 40, 90], 40)).toBe(1);
    expect(shardOf([1, 40, 90], 1000)).toBe(2);
    expect(shardOf([1, 40, 90], 0)).toBe(-1);
    expect(shardOf([], 5)).toBe(-1);
  });
  it('encodes every field of the coupon and deal schemas, in a fixed order', () => {
    expect([...COUPON_FIELDS].sort()).toEqual(Object.keys(couponSchema.shape).sort());
    expect([...DEAL_FIELDS].sort()).toEqual(Object.keys(dealSchema.shape).sort());
  });
  it('gives back exactly the items it encoded, refs stored once per file', () => {
    const catalog = englishSample(now);
    const table = new RefTable();
    const coupons = catalog.coupons.map((c) => encodeItem('coupons', c, table));
    const deals = catalog.deals.map((d) => encodeItem('deals', d, table));
    expect(coupons.map((x) => decodeItem('coupons', x, table.refs))).toEqual(catalog.coupons);
    expect(deals.map((x) => decodeItem('deals', x, table.refs))).toEqual(catalog.deals);
    expect(table.refs.b.length).toBeLessThanOrEqual(catalog.brands.length);
    // A date that is not in the canonical ISO form is kept as written.
    const odd = { ...catalog.coupons[0]!, createdAt: '2026-05-01', updatedAt: null };
    expect(decodeItem('coupons', encodeItem('coupons', odd, table), table.refs)).toEqual(odd);
  });
});

describe('static export of the sample', () => {
  const catalog = englishSample(now);
  const files = buildStaticFiles(catalog, { now });
  it('has the documented files, with file-name-safe paths', () => {
    for (const path of [
      'meta.json',
      'home.json',
      'trending.json',
      'categories.json',
      'coupons/newest/1.json',
      'coupons/newest/5.json',
      'coupons/order/discount/0.json',
      'coupons/sets/expiring/category-1.json',
      'coupons/sets/popular/featured.json',
      'coupons/ids/0.json',
      'coupons/lists/featured.json',
      'coupons/lists/expiring.json',
      'deals/newest/3.json',
      'deals/lists/hot.json',
      'deals/lists/limited.json',
      'brands/shard/0.json',
      'brands/index.json',
      'brands/category/1.json',
      'brands/category-heads.json',
      'brands/names/vo.json',
      'search/newest/fr.json',
      'search/discount/fr.json',
      'search/head/fr.json',
    ]) {
      expect(files.has(path), path).toBe(true);
    }
    expect(files.has('coupons/newest/6.json')).toBe(false);
    for (const path of files.keys()) expect(path).toMatch(/^[a-z0-9_/-]+\.json$/);
  });

  it('stores each coupon and deal twice (a page and its brand’s shard), home’s featured ones once more', () => {
    const { copies } = exportFigures(files);
    expect(copies.coupons).toEqual({ min: 2, max: 3 });
    expect(copies.deals).toEqual({ min: 2, max: 3 });
  });
});

describe('a large brand split over several shard files', () => {
  const catalog = englishGenerated({ brands: 3, coupons: 300, deals: 30, seed: 2, now });
  const files = buildStaticFiles(catalog, { now, brandShardItems: 25 });
  it('reads only the parts holding the newest page asked for', async () => {
    const brand = catalog.brands[1]!;
    const fetched: string[] = [];
    const source = createStaticSource({
      now: () => now,
      fetch: async (url) => {
        fetched.push(url);
        const value = files.get(url.replace(/^\/data\//, ''));
        return { ok: value !== undefined, status: value ? 200 : 404, json: async () => value };
      },
    });
    const page = await source.brands.coupons(brand.id, { page: 3 });
    const expected = catalog.coupons
      .filter((c) => c.brandId === brand.id)
      .sort((a, b) => Date.parse(b.createdAt!) - Date.parse(a.createdAt!) || b.id - a.id);
    expect(page.items.map((c) => c.id)).toEqual(expected.slice(40, 60).map((c) => c.id));
    expect(page.total).toBe(expected.length);
    // Its shard and the parts holding items 40–59, not all of its parts.
    const shard = fetched.find((u) => u.includes('/brands/shard/'))!.replace(/^.*\/brands\/shard\/(\d+)\.json$/, '$1');
    const allParts = [...files.keys()].filter((p) => p.startsWith(`brands/shard/${shard}-`)).length + 1;
    expect(allParts).toBeGreaterThan(3);
    expect(fetched.filter((u) => u.includes('/brands/shard/')).length).toBeLessThanOrEqual(3);
  });
});

/** Issue 15 targets at 100,000 coupons / 10,000 brands, here at a fifth of that. */
describe('static export at a fifth of the benchmark (2,000 brands, 20,000 coupons, 4,000 deals)', () => {
  const SCALE = 5;
  const catalog: Catalog = englishGenerated({ brands: 2_000, coupons: 20_000, deals: 4_000, seed: 3, now });
  const files = buildStaticFiles(catalog, { now });
  const figures = exportFigures(files);

  it('stays under 40 MB gzip and 15,000 files (scaled)', () => {
    expect(figures.gzip).toBeLessThan((40 * MB) / SCALE);
    expect(figures.files).toBeLessThan(15_000 / SCALE);
    expect(figures.copies.coupons.max).toBeLessThanOrEqual(3);
    expect(figures.copies.deals.max).toBeLessThanOrEqual(3);
  });

  it('costs any listing or filter change under 60 KB gzip, the first suggestion under 25 KB', async () => {
    const brand = catalog.brands[500]!;
    const changes: MeteredChange[] = [
      ['coupons: Show More', (s) => s.coupons.list({ page: 2 })],
      ['coupons: popular', (s) => s.coupons.list({ sort: 'popular' })],
      ['coupons: expiring, page 4', (s) => s.coupons.list({ sort: 'expiring', page: 4 })],
      ['coupons: category', (s) => s.coupons.list({ categoryId: 2 })],
      ['coupons: category + discount', (s) => s.coupons.list({ categoryId: 1, sort: 'discount' })],
      ['coupons: brand', (s) => s.coupons.list({ brandId: brand.id, sort: 'discount' })],
      ['coupons: common word + popular', (s) => s.coupons.search('off', { sort: 'popular' })],
      ['coupons: two words + category', (s) => s.coupons.search('free shipping', { categoryId: 2 })],
      ['deals: discount', (s) => s.deals.list({ sort: 'discount' })],
      ['deals: category', (s) => s.deals.list({ categoryId: 3, sort: 'expiring' })],
      ['brands: category', (s) => s.brands.list({ categoryId: 4 })],
      ['brands: search', (s) => s.brands.list({ q: 'blue' })],
      ['brand page: Show More', (s) => s.brands.coupons(brand.id, { page: 2, pageSize: 5 })],
      ['category page: Show More', (s) => s.categories.coupons(5, { page: 3 })],
      ['search page', (s) => s.search('save on')],
    ];
    for (const r of await meterChanges(files, changes, now)) {
      expect(r.result, r.name).toBeTruthy();
      expect(r.gzip, r.name).toBeLessThan(60 * KB);
    }
    const suggestions: MeteredChange[] = ['fr', 'go', 'bl', 'ho', 'sa', 'zz', 'el'].map((q) => [
      `suggestions "${q}"`,
      (s) => s.suggestions(q),
    ]);
    for (const r of await meterChanges(files, suggestions, now)) expect(r.gzip, r.name).toBeLessThan(25 * KB);
  });

  it('answers for real: a common word matches thousands of coupons', async () => {
    const [r] = await meterChanges(files, [['q', (s) => s.coupons.search('off', { sort: 'popular' })]], now);
    const page = r!.result as { total: number; items: unknown[] };
    expect(page.total).toBeGreaterThan(2_000);
    expect(page.items).toHaveLength(20);
  });
});

describe('export growth', () => {
  it('is linear in catalog size', () => {
    const size = (coupons: number) => {
      const c = englishGenerated({ brands: coupons / 10, coupons, deals: coupons / 5, seed: 9, now });
      const f = buildStaticFiles(c, { now });
      let bytes = 0;
      for (const v of f.values()) bytes += JSON.stringify(v).length;
      return { bytes, files: f.size };
    };
    const small = size(5_000);
    const double = size(10_000);
    expect(double.bytes / small.bytes).toBeGreaterThan(1.8);
    expect(double.bytes / small.bytes).toBeLessThan(2.2);
    expect(double.files / small.files).toBeLessThan(2.2);
  });
});
