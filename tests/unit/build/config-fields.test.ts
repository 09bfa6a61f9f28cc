import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSites } from '../../../scripts/lib/build-sites/build.ts';
import { validateSiteConfig } from '../../../src/config/validate.ts';
import { defaultConfig } from '../config/helpers.ts';

/**
 * One real build of a site that switches search off and uses the auto theme, in two languages:
 * what the site file says must show in every emitted page.
 */
describe('a site with features.search off and branding.theme auto', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fields-'));
  const sitesDir = join(dir, 'sites');
  const outDir = join(dir, 'dist');
  const site = join(outDir, 'quiet');
  let ok = false;

  beforeAll(async () => {
    mkdirSync(sitesDir);
    const c = defaultConfig();
    c.site.id = 'quiet';
    c.site.supportedLanguages = ['en', 'de'];
    c.features.search = { enabled: false, minCharacters: 2 };
    c.branding.theme = 'auto';
    writeFileSync(join(sitesDir, 'quiet.json'), JSON.stringify(c, null, 2));
    const results = await buildSites({ sitesDir, outDir, verbose: false, log: () => {} });
    ok = results[0]?.ok === true;
  }, 240_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const htmlFiles = () =>
    readdirSync(site, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name.endsWith('.html'))
      .map((e) => join(e.parentPath, e.name));

  it('search off: no search page in any language, no search box, no link to it (sitemap included)', () => {
    expect(ok).toBe(true);
    expect(existsSync(join(site, 'search.html'))).toBe(false);
    expect(existsSync(join(site, 'de', 'search.html'))).toBe(false);
    const pages = htmlFiles();
    expect(pages.length).toBeGreaterThan(100);
    const linking = pages.filter((file) => /(href|action)="(\/de)?\/search[?"#]/.test(readFileSync(file, 'utf8')));
    expect(linking).toEqual([]);
    const home = readFileSync(join(site, 'index.html'), 'utf8');
    expect(home).not.toMatch(/role="combobox"|name="q"/);
    expect(home).not.toContain('SearchAction');
    expect(readFileSync(join(site, 'sitemap.xml'), 'utf8')).not.toContain('/search');
  });

  it('theme auto: the dark palette behind prefers-color-scheme and the dark logo as a <source>', () => {
    const home = readFileSync(join(site, 'index.html'), 'utf8');
    expect(home).toContain('data-theme="auto"');
    expect(home).toContain('@media (prefers-color-scheme: dark){:root[data-theme="auto"]{');
    expect(home).toMatch(/<source srcset="\/logo-dark\.svg" media="\(prefers-color-scheme: dark\)"/);
  });
});

describe('seo.keywords was dropped (search engines ignore <meta name="keywords">)', () => {
  it('is reported as an unknown key', () => {
    const c = defaultConfig() as Record<string, unknown> & ReturnType<typeof defaultConfig>;
    (c.seo as Record<string, unknown>).keywords = { en: 'coupons' };
    const r = validateSiteConfig(c);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems).toEqual([{ path: 'seo', message: expect.stringMatching(/Unknown key "keywords"/) }]);
  });
});
