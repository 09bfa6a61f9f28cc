import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createStaticSource } from '../../../src/api/static-source.ts';
import { createSampleCatalog, generateCatalog } from '../../../src/catalog/sample.ts';
import type { Catalog } from '../../../src/catalog/schemas.ts';
import {
  buildStaticFiles,
  decodeDeltas,
  encodeDeltas,
  type StaticFiles,
  shardKey,
} from '../../../src/catalog/static-export.ts';

const now = new Date('2026-05-10T12:00:00Z');
const KB = 1024;

describe('static export helpers', () => {
  it('delta-encodes ascending lists', () => {
    expect(encodeDeltas([3, 5, 9, 10])).toEqual([3, 2, 4, 1]);
    expect(decodeDeltas(encodeDeltas([0, 7, 700, 70000]))).toEqual([0, 7, 700, 70000]);
    expect(encodeDeltas([])).toEqual([]);
  });
  it('keys shards by the first two characters, file-name safe', () => {
    expect(shardKey('shipping')).toBe('sh');
    expect(shardKey('x')).toBe('x');
    expect(shardKey('中文字')).toBe('_4e2d_6587');
    expect(shardKey('ß1')).toBe('_df1');
  });
});

describe('static export of the sample', () => {
  const files = buildStaticFiles(createSampleCatalog(now), { now });
  it('has the documented files', () => {
    for (const path of [
      'meta.json',
      'home.json',
      'trending.json',
      'categories.json',
      'brands/index.json',
      'brand/1.json',
      'brand/1/coupons.json',
      'coupons/newest/1.json',
      'coupons/discount/5.json',
      'coupons/featured.json',
      'coupons/expiring.json',
      'coupons/ranks/popular/featured.json',
      'coupons/ranks/expiring/category-1.json',
      'coupons/by-id/0.json',
      'category/1/coupons/newest/1.json',
      'deals/hot.json',
      'deals/limited.json',
      'deals/newest/3.json',
      'search/newest/fr.json',
    ]) {
      expect(files.has(path), path).toBe(true);
    }
    expect(files.has('coupons/newest/6.json')).toBe(false);
    expect(files.get('coupons/newest/5.json')).toMatchObject({ total: 98 });
    for (const path of files.keys()) expect(path).toMatch(/^[a-z0-9_/-]+\.json$/);
  });
});

const gz = (value: unknown) => gzipSync(JSON.stringify(value)).length;

/** A fetch over the export that records the gzip size of every file the browser downloads. */
function meteredSource(files: StaticFiles) {
  let bytes = 0;
  const source = createStaticSource({
    now: () => now,
    fetch: async (url) => {
      const value = files.get(url.replace(/^\/data\//, ''));
      if (value !== undefined) bytes += gz(value);
      return { ok: value !== undefined, status: value === undefined ? 404 : 200, json: async () => value };
    },
  });
  return {
    source,
    /** Bytes (gzip) downloaded since the last call; a fresh cache per screen via `fresh`. */
    take: () => {
      const b = bytes;
      bytes = 0;
      return b;
    },
  };
}

describe('static export at scale (10,000 brands, 100,000 coupons, 20,000 deals)', () => {
  const catalog: Catalog = generateCatalog({ brands: 10_000, coupons: 100_000, deals: 20_000, seed: 3, now });
  const files = buildStaticFiles(catalog, { now });
  const BUDGET = 300 * KB;

  it('keeps every kind of file small (largest of each kind, gzip)', () => {
    const largest = new Map<string, [string, number]>();
    for (const [path, value] of files) {
      const kind = path.replace(/\d+/g, 'N').replace(/^search\/(\w+)\/.*$/, 'search/$1/*');
      const size = JSON.stringify(value).length;
      if ((largest.get(kind)?.[1] ?? -1) < size) largest.set(kind, [path, size]);
    }
    expect(largest.size).toBeGreaterThan(20);
    for (const [kind, [path]] of largest) {
      expect(gz(files.get(path)), `${kind} (${path})`).toBeLessThan(BUDGET);
    }
    expect(gz(files.get('brands/index.json'))).toBeLessThan(200 * KB);
  });

  it('costs each screen’s first interaction at most a few hundred KB (gzip)', async () => {
    const screens: [string, (s: ReturnType<typeof createStaticSource>) => Promise<unknown>][] = [
      ['home', (s) => Promise.all([s.home(), s.coupons.expiring()])],
      [
        'coupons page',
        (s) =>
          Promise.all([
            s.coupons.list(),
            s.coupons.featured(),
            s.coupons.expiring(),
            s.brands.list(),
            s.categories.list(),
          ]),
      ],
      ['coupons page, category + discount sort', (s) => s.coupons.list({ categoryId: 1, sort: 'discount' })],
      ['coupons page, common word + popular sort', (s) => s.coupons.list({ q: 'off', sort: 'popular' })],
      ['coupons page, word + category', (s) => s.coupons.list({ q: 'free shipping', categoryId: 2, sort: 'expiring' })],
      ['deals page', (s) => Promise.all([s.deals.hot(), s.deals.list({ sort: 'discount' })])],
      ['brands page', (s) => Promise.all([s.brands.list(), s.categories.list(), s.brands.featured()])],
      ['brand page', (s) => Promise.all([s.brands.bySlug(catalog.brands[500]!.slug), s.brands.coupons(501)])],
      [
        'category page',
        (s) => Promise.all([s.categories.bySlug('fashion'), s.categories.coupons(2), s.categories.deals(2)]),
      ],
      ['search page', (s) => s.search('save on')],
      ['search suggestions', (s) => s.suggestions('fr')],
      ['coupon by id', (s) => s.coupons.byId(77_777)],
    ];
    for (const [name, run] of screens) {
      const metered = meteredSource(files);
      const result = await run(metered.source);
      expect(result, name).toBeTruthy();
      expect(metered.take(), name).toBeLessThan(BUDGET);
    }
    // And the answers are real: a common word matches thousands of coupons.
    const { source } = meteredSource(files);
    const page = await source.coupons.list({ q: 'off', sort: 'popular' });
    expect(page.total).toBeGreaterThan(10_000);
    expect(page.items).toHaveLength(20);
  });
});

describe('export growth', () => {
  it('is linear in catalog size', () => {
    const size = (coupons: number) => {
      const c = generateCatalog({ brands: coupons / 10, coupons, deals: coupons / 5, seed: 9, now });
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
