/**
 * `npm run build` for an API-mode site with the reference API failing (fault injection): built
 * from its last good snapshot and reported; without a snapshot, or with --strict, that site fails
 * before Astro starts. One real astro build (one language, small catalog).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApiServer, startApiServer } from '../../../scripts/lib/api-server/server.ts';
import { buildSites } from '../../../scripts/lib/build-sites/build.ts';
import { generateCatalog } from '../../../src/catalog/sample.ts';
import { resolveApiCatalog } from '../../../src/sources/snapshot.ts';
import { inEnglish } from '../../fixtures/catalogs/sample-en.ts';
import { defaultConfig, ROOT } from '../config/helpers.ts';
import { validateRss } from '../feeds/rss.ts';

describe('API-mode site build when the API fails', () => {
  const dir = mkdtempSync(join(tmpdir(), 'apibuild-'));
  const sitesDir = join(dir, 'sites');
  const cacheDir = join(dir, 'cache');
  const outDir = join(dir, 'dist');
  const now = new Date();
  const catalog = generateCatalog({ brands: 12, coupons: 40, deals: 10, seed: 8, now });
  let api: RunningApiServer;
  const log: string[] = [];
  let results: Awaited<ReturnType<typeof buildSites>> = [];

  beforeAll(async () => {
    api = await startApiServer({ catalog, now });
    mkdirSync(sitesDir);
    for (const id of ['snap', 'fresh']) {
      const c = defaultConfig();
      c.site.id = id;
      c.site.supportedLanguages = ['en'];
      (c.features as { staticData: { enabled: boolean } }).staticData.enabled = false;
      (c.api as { baseUrl: string; retryCount: number; timeout: number }).baseUrl = api.url;
      (c.api as { retryCount: number }).retryCount = 0;
      writeFileSync(join(sitesDir, `${id}.json`), JSON.stringify(c, null, 2));
    }
    // A good run earlier (last night): the snapshot of "snap".
    await resolveApiCatalog({
      siteId: 'snap',
      baseUrl: api.url,
      timeoutMs: 2000,
      retries: 0,
      maxAgeMs: 1e9,
      cacheDir,
      log: () => {},
    });
    // Tonight the API is down.
    api.faults.add({ rule: 'status:503' });
    results = await buildSites({ sitesDir, outDir, cacheDir, verbose: false, log: (l) => log.push(l) });
  }, 240_000);

  afterAll(async () => {
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('builds a site with a snapshot from it, and says so loudly', () => {
    const snap = results.find((r) => r.site === 'snap')!;
    expect(snap).toMatchObject({ ok: true, catalog: 'snapshot' });
    const report = log.join('\n');
    expect(report).toMatch(/Site "snap" is built from its LAST GOOD SNAPSHOT/);
    expect(report).toMatch(/Error: {4}the API at http:\/\/127\.0\.0\.1:\d+ failed: GET .* \(HTTP 503/);
    expect(report).toMatch(/Snapshot: .*snap\/catalog\.json, fetched \S+ \(\d+ s old\)/);
    expect(report).toMatch(/✓ Site "snap" built in .* FROM ITS LAST GOOD SNAPSHOT/);
    // Pages and the browser's fallback data come from the snapshot, never the sample.
    const brand = catalog.brands[0]!;
    expect(existsSync(join(outDir, 'snap', 'brands', `${brand.slug}.html`))).toBe(true);
    expect(existsSync(join(outDir, 'snap', 'brands', 'voltura.html'))).toBe(false);
    const coupons = readFileSync(join(outDir, 'snap', 'coupons.html'), 'utf8');
    expect(coupons).toContain(inEnglish(catalog).coupons.at(-1)!.name.replace(/&/g, '&amp;'));
    const meta = JSON.parse(readFileSync(join(outDir, 'snap', 'data', 'meta.json'), 'utf8'));
    expect(meta.counts.coupons).toBe(40);
  });

  it('publishes each brand’s RSS feed, linked from its page, and the deploy headers', () => {
    const brand = catalog.brands.find((b) => catalog.coupons.some((c) => c.brandId === b.id))!;
    const page = readFileSync(join(outDir, 'snap', 'brands', `${brand.slug}.html`), 'utf8');
    expect(page).toContain(
      `<link rel="alternate" type="application/rss+xml" title="New coupons and deals from ${brand.name} (RSS)" href="/brands/${brand.slug}/feed.xml">`,
    );
    const { channel, items } = validateRss(
      readFileSync(join(outDir, 'snap', 'brands', brand.slug, 'feed.xml'), 'utf8'),
    );
    expect(channel.link).toBe(`https://couponsaver.example/brands/${brand.slug}`);
    const mine = catalog.coupons.filter((c) => c.brandId === brand.id).length;
    expect(items.length).toBeGreaterThanOrEqual(mine);
    validateRss(readFileSync(join(outDir, 'snap', 'categories', `${catalog.categories[0]!.slug}`, 'feed.xml'), 'utf8'));
    // The CSP lets the browser call this site's API.
    const headers = readFileSync(join(outDir, 'snap', '_headers'), 'utf8');
    expect(headers).toMatch(new RegExp(`connect-src 'self' ${api.url.replace(/[.]/g, '\\.')}`));
  });

  it('fails a site without a snapshot, before building anything, and still builds the other', () => {
    expect(results.find((r) => r.site === 'fresh')).toMatchObject({ ok: false, reason: 'no catalog' });
    expect(log.join('\n')).toMatch(/✗ Site "fresh": the API at .* failed: .*, and there is no last good snapshot/);
    expect(existsSync(join(outDir, 'fresh'))).toBe(false);
  });

  it('fails with --strict even with a snapshot (command line, exit code 1)', async () => {
    // Asynchronously: the reference API runs in this process and must keep answering (503).
    const run = await promisify(execFile)(
      process.execPath,
      [
        'scripts/build-sites.ts',
        '--sites-dir',
        sitesDir,
        '--site',
        'snap',
        '--out',
        join(dir, 'strict'),
        '--cache-dir',
        cacheDir,
        '--strict',
        '--quiet',
      ],
      { cwd: ROOT, encoding: 'utf8' },
    ).then(
      (r) => ({ ...r, status: 0 }),
      (e: { code: number; stdout: string }) => ({ stdout: e.stdout, status: e.code }),
    );
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(
      /✗ Site "snap": the API at .* failed: .*HTTP 503.*--strict: not building from the last good snapshot/,
    );
    expect(run.stdout).toMatch(/Sites: 0 built, 1 failed \(snap\)/);
    expect(existsSync(join(dir, 'strict', 'snap'))).toBe(false);
  });
});
