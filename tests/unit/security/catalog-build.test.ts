/**
 * Issue 16 "Slugs that break the build" and "CSS injection from a catalog file", end to end:
 * a real build of a one-language site whose catalog file has slugs with "/", "..", "%2e" and an
 * empty one, and a category colour with a CSS payload. Before the fix Astro's routing aborted the
 * whole build; now the bad items are left out and listed (entity, id, JSON path, message).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSites } from '../../../scripts/lib/build-sites/build.ts';
import { generateCatalog } from '../../../src/catalog/sample.ts';
import { defaultConfig } from '../config/helpers.ts';

const ROOT = join(import.meta.dirname, '../../..');
const CSS = 'red;background-image:url(https://evil.example/css1);position:fixed';
const BAD_SLUGS = ['a/b', '../escape', '%2e%2e', ''];

function allFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? allFiles(join(dir, e.name)) : [join(dir, e.name)],
  );
}

describe('a catalog file with bad slugs and a CSS colour', () => {
  // Inside the project (.tmp/ is ignored by git): Astro imports its prerender chunks from the
  // output folder, and in a fresh clone one of them needed a package that only the project's
  // node_modules has ("Cannot find package '@oslojs/encoding'" from /tmp).
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  const dir = mkdtempSync(join(ROOT, '.tmp', 'catalog-build-'));
  const sitesDir = join(dir, 'sites');
  const outDir = join(dir, 'dist');
  const log: string[] = [];
  let results: Awaited<ReturnType<typeof buildSites>> = [];

  beforeAll(async () => {
    mkdirSync(sitesDir);
    const catalog = JSON.parse(
      JSON.stringify(generateCatalog({ brands: 8, coupons: 12, deals: 6, categories: 6, now: new Date() })),
    );
    BAD_SLUGS.forEach((slug, i) => {
      catalog.brands[i].slug = slug;
    });
    catalog.categories[0].slug = 'x/../y';
    catalog.categories[1].color = CSS;
    const catalogFile = join(dir, 'catalog.json');
    writeFileSync(catalogFile, JSON.stringify(catalog));
    const c = defaultConfig();
    c.site.id = 'slugs';
    c.site.supportedLanguages = ['en'];
    c.staticData = { catalog: relative(ROOT, catalogFile) };
    writeFileSync(join(sitesDir, 'slugs.json'), JSON.stringify(c));
    results = await buildSites({ sitesDir, outDir, verbose: false, log: (l) => log.push(l) });
  }, 240_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('still builds the site', () => {
    expect(
      results.map((r) => [r.site, r.ok]),
      log.join('\n'),
    ).toEqual([['slugs', true]]);
    expect(existsSync(join(outDir, 'slugs', 'brands.html'))).toBe(true);
  });

  it('lists every left-out item with its entity, id and field', () => {
    const report = log.find((l) => l.includes('left out of site "slugs"')) ?? '';
    expect(report).toMatch(/6 invalid item\(s\)/);
    for (let i = 0; i < BAD_SLUGS.length; i++)
      expect(report).toMatch(new RegExp(`brands\\[${i}\\]\\.slug \\(brand ${i + 1}\\): Slug may only contain`));
    expect(report).toMatch(/categories\[0\]\.slug \(category 1\): Slug may only contain/);
    expect(report).toMatch(/categories\[1\]\.color \(category 2\): Colour must be written as #RRGGBB/);
  });

  it('writes no file outside its folder and no page for a bad slug, and no CSS payload anywhere', () => {
    const files = allFiles(join(outDir, 'slugs'));
    expect(existsSync(join(dir, 'escape.html'))).toBe(false);
    expect(existsSync(join(outDir, 'escape.html'))).toBe(false);
    expect(files.filter((f) => /brands\/(a|escape|%2e%2e)[./]/.test(f))).toEqual([]);
    const html = files.filter((f) => f.endsWith('.html') || f.endsWith('.json'));
    expect(html.filter((f) => readFileSync(f, 'utf8').includes('evil.example'))).toEqual([]);
  });
});
