import { describe, expect, it } from 'vitest';
import { localizeCatalog } from '../../../src/catalog/localize-catalog.ts';
import { generateCatalog } from '../../../src/catalog/sample.ts';
import {
  CHUNK_TARGET,
  ChunkCache,
  type ChunkPlan,
  chunkOf,
  chunkText,
  fileOf,
  isChunked,
  parseChunk,
  planChunks,
} from '../../../src/edge/data-chunks.ts';
import { buildStaticFiles } from '../../../src/sources/static/export.ts';

/** The /data export an edge site's Worker answers from chunks (issue 32). */

const now = new Date('2026-05-10T12:00:00Z');

/** The /data texts of a generated catalog in English (top level) and French (fr/), as the build writes them. */
function exportOf(size: { brands: number; coupons: number; deals: number }): Map<string, string> {
  const all = generateCatalog({ ...size, now });
  const out = new Map<string, string>();
  for (const [lang, prefix] of [
    ['en', ''],
    ['fr', 'fr/'],
  ] as const) {
    const { catalog } = localizeCatalog(all, { lang, defaultLang: 'en' });
    for (const [path, value] of buildStaticFiles(catalog, { now })) out.set(`${prefix}${path}`, JSON.stringify(value));
  }
  return out;
}

/** What the Worker answers for a path: from the chunk's text as written (UTF-8) and read back. */
function worker(plan: ChunkPlan, texts: ReadonlyMap<string, string>): (path: string) => string | undefined {
  const chunks = plan.chunks.map((paths) =>
    parseChunk(Buffer.from(chunkText(paths.map((p) => [p, texts.get(p)!])), 'utf8').toString('utf8')),
  );
  return (path) => {
    const n = chunkOf(plan.index, path);
    return n < 0 ? undefined : fileOf(chunks[n]!, path);
  };
}

/** The files an edge build writes for the /data export: the ones left static, the chunks and their index. */
const edgeFiles = (texts: Map<string, string>, plan: ChunkPlan) =>
  [...texts.keys()].filter((p) => !isChunked(p)).length + plan.chunks.length + 1;

describe('the /data export of an edge site', () => {
  it('leaves a fixed set of files per language static and chunks every file whose number grows with the catalog', () => {
    for (const prefix of ['', 'es/']) {
      for (const kept of [
        'meta.json',
        'home.json',
        'trending.json',
        'categories.json',
        'coupons/newest/1.json',
        'deals/newest/1.json',
        'coupons/lists/expiring.json',
        'deals/lists/hot.json',
        'coupons/sets/popular/featured.json',
        'brands/index.json',
        'brands/featured.json',
        'brands/popular.json',
        'brands/category-heads.json',
      ])
        expect(isChunked(`${prefix}${kept}`), `${prefix}${kept}`).toBe(false);
      for (const grows of [
        'coupons/newest/2.json',
        'deals/newest/10.json',
        'coupons/order/popular/3.json',
        'deals/ids/0.json',
        'brands/shard/17.json',
        'brands/shard/17-2.json',
        'coupons/sets/discount/category-4.json',
        'brands/category/4.json',
        'brands/names/bl.json',
        'brands/names/bl-all.json',
        'search/head/sa.json',
        'search/newest/_4e2d_6587.json',
      ])
        expect(isChunked(`${prefix}${grows}`), `${prefix}${grows}`).toBe(true);
    }
  });

  it('writes as many files for 3,000 brands as for 300, apart from chunks that follow the bytes, and serves every file byte for byte', () => {
    const small = exportOf({ brands: 300, coupons: 3_000, deals: 600 });
    const large = exportOf({ brands: 3_000, coupons: 30_000, deals: 6_000 });
    const smallPlan = planChunks([...small].map(([p, t]) => [p, t.length]));
    const plan = planChunks([...large].map(([p, t]) => [p, t.length]));

    // What a static site writes grows with the catalog (brand shards, pages, blocks …).
    expect(large.size).toBeGreaterThan(2 * small.size);
    // On an edge site the files left static are the same few, whatever the size…
    const kept = (m: Map<string, string>) => [...m.keys()].filter((p) => !isChunked(p)).sort();
    expect(kept(large)).toEqual(kept(small));
    expect(kept(large).length).toBeLessThan(40);
    // …and the chunks are one per CHUNK_TARGET characters or so (greedy: two neighbours hold more than one target).
    const chars = [...large.values()].reduce((n, t) => n + t.length, 0);
    expect(plan.chunks.length).toBeGreaterThanOrEqual(Math.ceil(chars / CHUNK_TARGET));
    expect(plan.chunks.length).toBeLessThanOrEqual(2 * Math.ceil(chars / CHUNK_TARGET) + 1);
    expect(plan.chunks.length).toBeGreaterThan(10);
    expect(edgeFiles(large, plan)).toBeLessThan(large.size / 50);
    expect(edgeFiles(large, plan) - edgeFiles(small, smallPlan)).toBe(plan.chunks.length - smallPlan.chunks.length);
    // Every chunk is far under Cloudflare's 25 MiB a file.
    const largestFile = Math.max(...[...large.values()].map((t) => t.length));
    for (const paths of plan.chunks) {
      const bytes = Buffer.byteLength(chunkText(paths.map((p) => [p, large.get(p)!])));
      expect(bytes).toBeLessThan(2 * (CHUNK_TARGET + largestFile));
    }
    expect(2 * (CHUNK_TARGET + largestFile)).toBeLessThan(25 * 1024 * 1024);

    // Each chunked file is in exactly one chunk and comes back as the static route writes it.
    const inChunks = plan.chunks.flat();
    expect(new Set(inChunks).size).toBe(inChunks.length);
    expect(inChunks.sort()).toEqual([...large.keys()].filter(isChunked).sort());
    const served = worker(plan, large);
    const wrong = [...large].filter(([path, text]) => isChunked(path) && served(path) !== text);
    expect(wrong.map(([path]) => path)).toEqual([]);
    expect(served('brands/shard/999999.json')).toBeUndefined();
  }, 120_000);

  it('keeps neighbours together: a brand shard and its parts, consecutive pages', () => {
    const texts = new Map<string, string>();
    for (let page = 2; page <= 120; page++) texts.set(`coupons/newest/${page}.json`, 'x'.repeat(1000));
    texts.set('brands/shard/9.json', '{"s":9}');
    texts.set('brands/shard/9-2.json', '{"s":"9-2"}');
    texts.set('brands/shard/10.json', '{"s":10}');
    const plan = planChunks(
      [...texts].map(([p, t]) => [p, t.length]),
      10_000,
    );
    expect(plan.chunks[0]!.slice(0, 5)).toEqual([
      'brands/shard/9.json',
      'brands/shard/9-2.json',
      'brands/shard/10.json',
      'coupons/newest/2.json',
      'coupons/newest/3.json',
    ]);
    expect(plan.chunks.flat().filter((p) => p.startsWith('coupons/'))).toEqual(
      Array.from({ length: 119 }, (_, i) => `coupons/newest/${i + 2}.json`),
    );
    expect(plan.chunks.every((c) => c.filter((p) => p.startsWith('coupons/')).length <= 10)).toBe(true);
    // Each chunk holds at least half the target (the last aside): at most twice the 12 of a greedy cut.
    expect(plan.chunks.length).toBeGreaterThanOrEqual(12);
    expect(plan.chunks.length).toBeLessThanOrEqual(24);
  });

  it('moves only the chunk of a file that grew: the next chunks keep their files (issue 42)', () => {
    const texts = new Map<string, string>();
    for (let page = 2; page <= 400; page++)
      texts.set(`coupons/newest/${page}.json`, 'x'.repeat(900 + ((page * 37) % 200)));
    const before = planChunks(
      [...texts].map(([p, t]) => [p, t.length]),
      10_000,
    ).chunks;
    texts.set('coupons/newest/30.json', 'x'.repeat(3000));
    const after = planChunks(
      [...texts].map(([p, t]) => [p, t.length]),
      10_000,
    ).chunks;
    const key = (c: string[]) => c.join(' ');
    const kept = new Set(before.map(key));
    const moved = after.filter((c) => !kept.has(key(c)));
    // Only the grown file's chunk and its neighbour or so differ, out of about 50.
    expect(before.length).toBeGreaterThan(30);
    expect(moved.length).toBeLessThanOrEqual(3);
    expect(moved.flat()).toContain('coupons/newest/30.json');
  });

  it('serves texts in any script byte for byte, and nothing it was not given', () => {
    const texts = new Map([
      ['brands/shard/0.json', JSON.stringify({ name: 'Café 中文 🎁', note: 'line\nbreak' })],
      ['de/brands/shard/0.json', JSON.stringify({ name: 'Größe' })],
      ['search/head/_4e2d_6587.json', JSON.stringify({ c: { 中文: [1, 2] } })],
    ]);
    const plan = planChunks(
      [...texts].map(([p, t]) => [p, t.length]),
      10,
    );
    expect(plan.chunks).toHaveLength(3);
    const served = worker(plan, texts);
    for (const [path, text] of texts) expect(served(path)).toBe(text);
    for (const unknown of [
      'brands/shard/1.json',
      'brands/shard/0-2.json',
      'aa/meta.json',
      'coupons/newest/0.json',
      '__proto__',
      'constructor',
    ])
      expect(served(unknown), unknown).toBeUndefined();
  });
});

describe('the chunks a Worker keeps in memory', () => {
  const text = (n: number) => chunkText([[`brands/shard/${n}.json`, `"${'x'.repeat(98)}"`]]);
  const size = text(0).length;

  it('stays within its cap, dropping the least recently used chunk first', async () => {
    const cache = new ChunkCache(3 * size);
    let reads = 0;
    const get = (n: number) =>
      cache.get(n, async () => {
        reads++;
        return text(n);
      });
    for (const n of [0, 1, 2]) await get(n);
    expect(cache.kept()).toEqual([0, 1, 2]);
    await get(0); // used again: now the most recent
    expect(reads).toBe(3);
    await get(3);
    expect(cache.kept()).toEqual([2, 0, 3]);
    expect(cache.chars).toBe(3 * size);
    for (let n = 4; n < 50; n++) await get(n);
    expect(cache.chars).toBeLessThanOrEqual(3 * size);
    expect(fileOf(await get(49), 'brands/shard/49.json')).toBe(`"${'x'.repeat(98)}"`);
    expect(reads).toBe(50);
  });

  it('keeps one chunk larger than the cap (the one just read), and forgets a failed read', async () => {
    const cache = new ChunkCache(10);
    expect(fileOf(await cache.get(7, async () => text(7)), 'brands/shard/7.json')).toBeDefined();
    expect(cache.kept()).toEqual([7]);
    await expect(cache.get(8, async () => Promise.reject(new Error('HTTP 500')))).rejects.toThrow('HTTP 500');
    expect(cache.kept()).toEqual([7]);
    await cache.get(9, async () => text(9));
    expect(cache.kept()).toEqual([9]);
  });
});
