/**
 * Catalog benchmark: memory-source query times on the sample and on a generated
 * 10,000-brand / 100,000-coupon catalog, the static export build time, and the export's
 * file sizes (raw and gzip). Prints figures only.
 * Run: npx node scripts/bench/catalog.ts
 */
import { gzipSync } from 'node:zlib';
import { createStaticSource } from '../../src/api/static-source.ts';
import { createMemorySource } from '../../src/catalog/memory-source.ts';
import { createSampleCatalog, generateCatalog } from '../../src/catalog/sample.ts';
import type { Catalog } from '../../src/catalog/schemas.ts';
import type { CatalogSource } from '../../src/catalog/source.ts';
import { buildStaticFiles } from '../../src/catalog/static-export.ts';

const now = new Date('2026-05-10T12:00:00Z');
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

async function time(label: string, fn: () => unknown, runs = 20): Promise<void> {
  await fn(); // warm-up (builds lazy indexes)
  const start = performance.now();
  for (let i = 0; i < runs; i++) await fn();
  console.log(`  ${label.padEnd(44)} ${((performance.now() - start) / runs).toFixed(3)} ms`);
}

async function queries(source: CatalogSource): Promise<void> {
  await time('coupons.list() page 1 newest', () => source.coupons.list());
  await time('coupons.list() page 3 discount', () => source.coupons.list({ page: 3, sort: 'discount' }));
  await time('coupons.list({ categoryId: 2, sort: popular })', () =>
    source.coupons.list({ categoryId: 2, sort: 'popular' }),
  );
  await time('coupons.list({ q: "free shipping" })', () => source.coupons.list({ q: 'free shipping' }));
  await time('search("off")', () => source.search('off'));
  await time('search("save on")', () => source.search('save on'));
  await time('suggestions("fr")', () => source.suggestions('fr'));
  await time('brands.list({ q: "blue" })', () => source.brands.list({ q: 'blue' }));
  await time('coupons.expiring()', () => source.coupons.expiring());
}

async function bench(label: string, make: () => Catalog): Promise<void> {
  console.log(`\n== ${label}`);
  let start = performance.now();
  const catalog = make();
  console.log(`  catalog generated in ${(performance.now() - start).toFixed(0)} ms`);
  start = performance.now();
  const memory = createMemorySource(catalog, { now });
  console.log(`  memory source indexed in ${(performance.now() - start).toFixed(0)} ms`);
  console.log(' memory source, mean per query:');
  await queries(memory);

  start = performance.now();
  const files = buildStaticFiles(catalog, { now });
  console.log(`  static export built in ${(performance.now() - start).toFixed(0)} ms: ${files.size} files`);
  start = performance.now();
  let raw = 0;
  let gz = 0;
  let maxGz = 0;
  let maxPath = '';
  const bodies = new Map<string, string>();
  for (const [path, value] of files) {
    const body = JSON.stringify(value);
    bodies.set(path, body);
    raw += body.length;
    const g = gzipSync(body, { level: 6 }).length;
    gz += g;
    if (g > maxGz) {
      maxGz = g;
      maxPath = path;
    }
  }
  console.log(`  serialized + gzipped in ${(performance.now() - start).toFixed(0)} ms`);
  console.log(`  total ${mb(raw)} raw, ${mb(gz)} gzip; largest file ${maxPath} ${kb(maxGz)} gzip`);
  console.log(`  brands/index.json ${kb(gzipSync(bodies.get('brands/index.json')!).length)} gzip`);

  let downloaded = 0;
  const fetch = async (url: string) => {
    const body = bodies.get(url.replace(/^\/data\//, ''));
    if (body !== undefined) downloaded += gzipSync(body).length;
    return { ok: body !== undefined, status: body === undefined ? 404 : 200, json: async () => JSON.parse(body!) };
  };
  console.log(' static source, gzip downloaded per screen (fresh cache):');
  const screens: [string, (s: CatalogSource) => Promise<unknown>][] = [
    ['home', (s) => s.home()],
    [
      'coupons page',
      (s) => Promise.all([s.coupons.list(), s.coupons.featured(), s.coupons.expiring(), s.brands.list()]),
    ],
    ['coupons: category 1 + discount sort', (s) => s.coupons.list({ categoryId: 1, sort: 'discount' })],
    ['coupons: q "off" + popular sort', (s) => s.coupons.list({ q: 'off', sort: 'popular' })],
    ['search page "save on"', (s) => s.search('save on')],
    ['suggestions "fr"', (s) => s.suggestions('fr')],
  ];
  for (const [name, run] of screens) {
    downloaded = 0;
    const s = createStaticSource({ fetch, now: () => now });
    const t = performance.now();
    await run(s);
    console.log(
      `  ${name.padEnd(44)} ${kb(downloaded).padStart(10)}  (${(performance.now() - t).toFixed(1)} ms in-process)`,
    );
  }
  console.log(' static source (browser side, files cached after the first call), mean per query:');
  await queries(createStaticSource({ fetch, now: () => now }));
}

await bench('sample (50 brands, 98 coupons, 48 deals)', () => createSampleCatalog(now));
await bench('generated (10,000 brands, 100,000 coupons, 20,000 deals)', () =>
  generateCatalog({ brands: 10_000, coupons: 100_000, deals: 20_000, seed: 1, now }),
);
