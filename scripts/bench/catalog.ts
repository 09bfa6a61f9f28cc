/**
 * Catalog benchmark: memory-source query times on the sample and on a generated
 * 10,000-brand / 100,000-coupon / 20,000-deal catalog; the static export's build time, file
 * count and size (raw and gzip); how often each coupon and deal is stored; what each listing
 * or filter change downloads (gzip, requests; fresh browser cache); static-source query times
 * with warm files (wall and CPU time: on a shared machine the CPU time is the steadier figure).
 * Prints figures only.
 * The export is one page language's (the build writes one per language, /data/<lang>/): English
 * unless `--lang es|fr|de`.
 * Run: node scripts/bench/catalog.ts [--small] [--lang xx]   (--small: the sample only)
 */

import { localizeCatalog } from '../../src/catalog/localize-catalog.ts';
import { isCatalogLanguage } from '../../src/catalog/localized.ts';
import { createSampleCatalog, generateCatalog } from '../../src/catalog/sample.ts';
import type { LocalizedCatalog } from '../../src/catalog/schemas.ts';
import type { CatalogSource } from '../../src/catalog/source.ts';
import { createMemorySource } from '../../src/sources/memory.ts';
import { buildStaticFiles } from '../../src/sources/static/export.ts';
import { createStaticSource } from '../../src/sources/static/source.ts';
import { exportFigures, type MeteredChange, meterChanges, meterSession } from '../lib/catalog/export-figures.ts';

const now = new Date('2026-05-10T12:00:00Z');
const langArg = process.argv[process.argv.indexOf('--lang') + 1];
const lang = process.argv.includes('--lang') && isCatalogLanguage(langArg) ? langArg : 'en';
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** Mean wall time and CPU time (user + system of this process) per call, after one warm-up call. */
async function time(label: string, fn: () => unknown, runs = 20): Promise<number> {
  await fn(); // warm-up (builds lazy indexes, fetches files)
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < runs; i++) await fn();
  const ms = (performance.now() - start) / runs;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000 / runs;
  console.log(`  ${label.padEnd(48)} ${ms.toFixed(3)} ms (CPU ${cpuMs.toFixed(3)} ms)`);
  return ms;
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

async function bench(label: string, make: () => LocalizedCatalog): Promise<void> {
  console.log(`\n== ${label}, ${lang}`);
  let start = performance.now();
  const all = make();
  console.log(`  catalog generated in ${(performance.now() - start).toFixed(0)} ms`);
  start = performance.now();
  const { catalog } = localizeCatalog(all, { lang, defaultLang: 'en' });
  console.log(`  localized (${lang}) in ${(performance.now() - start).toFixed(0)} ms`);
  start = performance.now();
  const memory = createMemorySource(catalog, { now });
  console.log(`  memory source indexed in ${(performance.now() - start).toFixed(0)} ms`);
  console.log(' memory source, mean per query:');
  await queries(memory);

  start = performance.now();
  const files = buildStaticFiles(catalog, { now });
  console.log(`  static export built in ${(performance.now() - start).toFixed(0)} ms`);
  start = performance.now();
  const figures = exportFigures(files);
  console.log(`  serialized + gzipped in ${(performance.now() - start).toFixed(0)} ms`);
  console.log(
    `  ${figures.files} files, ${mb(figures.raw)} raw, ${mb(figures.gzip)} gzip; largest ${figures.largest.path} ${kb(figures.largest.gzip)} gzip`,
  );
  console.log(
    `  each coupon stored in ${figures.copies.coupons.min}–${figures.copies.coupons.max} files, each deal in ${figures.copies.deals.min}–${figures.copies.deals.max} (home.json's featured ones once more)`,
  );

  console.log(' each listing or filter change (fresh browser cache): gzip downloaded, requests');
  const changes: MeteredChange[] = [
    ['coupons: Show More (page 2, newest)', (s) => s.coupons.list({ page: 2 })],
    ['coupons: sort popular', (s) => s.coupons.list({ sort: 'popular' })],
    ['coupons: sort discount, page 3', (s) => s.coupons.list({ sort: 'discount', page: 3 })],
    ['coupons: sort expiring', (s) => s.coupons.list({ sort: 'expiring' })],
    ['coupons: category 1', (s) => s.coupons.list({ categoryId: 1 })],
    ['coupons: category 1 + discount sort', (s) => s.coupons.list({ categoryId: 1, sort: 'discount' })],
    ['coupons: brand 501', (s) => s.coupons.list({ brandId: 501 })],
    ['coupons: q "off" + popular sort', (s) => s.coupons.search('off', { sort: 'popular' })],
    ['coupons: q "free shipping" + category 2', (s) => s.coupons.search('free shipping', { categoryId: 2 })],
    ['deals: sort discount', (s) => s.deals.list({ sort: 'discount' })],
    ['deals: Show More (page 4, newest)', (s) => s.deals.list({ page: 4 })],
    ['brands page: category 3', (s) => s.brands.list({ categoryId: 3 })],
    ['brands page: q "blue"', (s) => s.brands.list({ q: 'blue' })],
    ['search page "save on"', (s) => s.search('save on')],
    ['first suggestion "fr"', (s) => s.suggestions('fr')],
    ['first suggestion "go"', (s) => s.suggestions('go')],
    ['first suggestion "zz"', (s) => s.suggestions('zz')],
    ['coupon by id', (s) => s.coupons.byId(Math.floor(catalog.coupons.length * 0.77))],
  ];
  for (const r of await meterChanges(files, changes, now)) {
    console.log(`  ${r.name.padEnd(48)} ${kb(r.gzip).padStart(10)} ${String(r.requests).padStart(4)} req`);
  }

  console.log(' a shopper on the coupons page, one step after the other (files kept between steps):');
  const session: MeteredChange[] = [
    ['open: featured, expiring, page 1', (s) => Promise.all([s.coupons.list(), s.categories.list()])],
    ['type "free shipping"', (s) => s.coupons.search('free shipping')],
    ['pick category 2', (s) => s.coupons.search('free shipping', { categoryId: 2 })],
    ['sort by discount', (s) => s.coupons.search('free shipping', { categoryId: 2, sort: 'discount' })],
    ['Show More', (s) => s.coupons.search('free shipping', { categoryId: 2, sort: 'discount', page: 2 })],
    ['clear the text', (s) => s.coupons.list({ categoryId: 2, sort: 'discount' })],
  ];
  for (const r of await meterSession(files, session, now)) {
    console.log(`  ${r.name.padEnd(48)} ${kb(r.gzip).padStart(10)} ${String(r.requests).padStart(4)} req`);
  }

  const bodies = new Map([...files].map(([path, value]) => [path, JSON.stringify(value)]));
  const fetch = async (url: string) => {
    const body = bodies.get(url.replace(/^\/data\//, ''));
    return { ok: body !== undefined, status: body === undefined ? 404 : 200, json: async () => JSON.parse(body!) };
  };
  console.log(' static source (browser side, files cached after the first call), mean per query:');
  await queries(createStaticSource({ fetch, now: () => now }));
}

await bench('sample (50 brands, 98 coupons, 48 deals)', () => createSampleCatalog(now));
if (!process.argv.includes('--small')) {
  await bench('generated (10,000 brands, 100,000 coupons, 20,000 deals)', () =>
    generateCatalog({ brands: 10_000, coupons: 100_000, deals: 20_000, seed: 1, now }),
  );
}
