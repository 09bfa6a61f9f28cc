import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSites } from '../../../scripts/lib/build-sites/build.ts';
import { defaultConfig } from '../config/helpers.ts';

/**
 * Builds a temporary sites folder with two valid sites and two broken ones, the way an
 * operator would drop files into sites/. Real astro builds: slow-ish, so one shared run.
 */
describe('multi-site build', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sites-'));
  const sitesDir = join(dir, 'sites');
  const outDir = join(dir, 'dist');
  const log: string[] = [];
  let results: Awaited<ReturnType<typeof buildSites>> = [];

  beforeAll(async () => {
    mkdirSync(sitesDir);
    const write = (name: string, mutate: (c: ReturnType<typeof defaultConfig>) => void) => {
      const c = defaultConfig();
      c.site.id = name;
      // One language keeps the test build small.
      c.site.supportedLanguages = ['en'];
      mutate(c);
      writeFileSync(join(sitesDir, `${name}.json`), JSON.stringify(c, null, 2));
    };
    write('alpha', (c) => {
      c.site.name = 'Alpha Deals';
    });
    write('beta', (c) => {
      c.site.name = 'Beta Savings';
      c.site.supportedLanguages = ['de', 'en'];
      c.site.defaultLanguage = 'de';
    });
    write('red', (c) => {
      c.branding.colors.primary = 'red';
    });
    write('spaced', (c) => {
      c.site.id = 'My Site';
    });
    results = await buildSites({ sitesDir, outDir, verbose: false, log: (l) => log.push(l) });
  }, 240_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('builds every valid site into dist/<site-id>/ with no code change', () => {
    expect(results.filter((r) => r.ok).map((r) => r.site)).toEqual(['alpha', 'beta']);
    const alpha = readFileSync(join(outDir, 'alpha', 'index.html'), 'utf8');
    expect(alpha).toContain('Alpha Deals');
    expect(alpha).toContain('<html lang="en"');
    // Only the languages a site supports are built; its default language is unprefixed.
    expect(existsSync(join(outDir, 'alpha', 'es.html'))).toBe(false);
    const beta = readFileSync(join(outDir, 'beta', 'index.html'), 'utf8');
    expect(beta).toContain('<html lang="de"');
    expect(existsSync(join(outDir, 'beta', 'en.html'))).toBe(true);
    const config = JSON.parse(readFileSync(join(outDir, 'beta', 'config', 'beta.config.json'), 'utf8'));
    expect(config.site.id).toBe('beta');
  });

  it('builds a site with the default deploy target to plain files: no adapter, no Worker output', () => {
    for (const name of ['_worker.js', 'wrangler.json', 'server', '.assetsignore', '_routes.json', 'client'])
      expect(existsSync(join(outDir, 'alpha', name)), name).toBe(false);
    expect(existsSync(join(outDir, 'alpha', 'coupons.html'))).toBe(true);
  });

  it("keeps a static site's sitemap one <urlset> listing every brand page it built, no sitemap index", () => {
    const xml = readFileSync(join(outDir, 'alpha', 'sitemap.xml'), 'utf8');
    expect(xml).toContain('<urlset');
    expect(xml).not.toContain('<sitemapindex');
    expect(existsSync(join(outDir, 'alpha', 'sitemap-1.xml'))).toBe(false);
    const built = readdirSync(join(outDir, 'alpha', 'brands')).filter((f) => /^[a-z].*\.html$/.test(f));
    expect(built.length).toBeGreaterThan(10);
    for (const f of built) expect(xml).toContain(`<loc>https://couponsaver.example/brands/${f.slice(0, -5)}</loc>`);
    expect(readFileSync(join(outDir, 'alpha', 'robots.txt'), 'utf8')).toContain(
      'Sitemap: https://couponsaver.example/sitemap.xml',
    );
  });

  it('reports an invalid colour with the file, the JSON path and a plain message', () => {
    expect(results.find((r) => r.site === 'red')?.ok).toBe(false);
    const report = log.find((l) => l.includes('red.json'));
    expect(report).toMatch(/red\.json/);
    expect(report).toMatch(/branding\.colors\.primary: Colour must be written as #RRGGBB/);
    expect(existsSync(join(outDir, 'red'))).toBe(false);
  });

  it('reports a site id with spaces and capitals', () => {
    expect(results.find((r) => r.site === 'spaced')?.ok).toBe(false);
    const report = log.find((l) => l.includes('spaced.json'));
    expect(report).toMatch(/site\.id: Site ID may only contain lowercase letters, digits or hyphens/);
  });

  it('exits non-zero from the command line when a site failed', async () => {
    const { spawnSync } = await import('node:child_process');
    const onlyBroken = spawnSync(
      process.execPath,
      ['scripts/build-sites.ts', '--sites-dir', sitesDir, '--out', join(dir, 'dist2'), '--site', 'red', '--quiet'],
      { encoding: 'utf8' },
    );
    expect(onlyBroken.status).toBe(1);
    expect(onlyBroken.stdout).toMatch(/branding\.colors\.primary/);
    expect(onlyBroken.stdout).toMatch(/0 built, 1 failed/);
  });
});
