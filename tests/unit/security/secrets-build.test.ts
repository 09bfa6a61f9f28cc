import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSites } from '../../../scripts/lib/build-sites/build.ts';
import { findSecrets } from '../../../scripts/lib/build-sites/secret-scan.ts';
import { PUBLIC_FIELDS, publicSiteConfig, secretValues } from '../../../src/config/public.ts';
import { validateSiteConfig } from '../../../src/config/validate.ts';
import { defaultConfig } from '../config/helpers.ts';

/** Values an operator might put in a site file; none may reach the built site. */
const NEWSLETTER_KEY = 'nl-APIKEY-3f9c2e71d4';
const AD_TOKEN = 'ad-TOKEN-8b1e55c0aa';
const FEATURE_SECRET = 'ft-SECRET-77d0c1b2e9';

type Config = ReturnType<typeof defaultConfig>;

function withSecrets(c: Config): Config {
  c.features.newsletter = {
    enabled: true,
    provider: 'mailchimp',
    apiKey: NEWSLETTER_KEY,
    listId: 'list-1',
    endpoint: '/newsletter/subscribe',
  };
  const adsterra = c.ads.platforms.find((p) => p.platform === 'adsterra');
  if (!adsterra) throw new Error('default config has no adsterra unit');
  // A secret-looking key in Adsterra params is refused by the validation (tests/unit/config/refused.test.ts).
  adsterra.params = { zone: 'top' };
  (c.features as Record<string, unknown>).partnerFeed = { enabled: true, clientSecret: FEATURE_SECRET };
  return c;
}

function allFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

describe('public config subset (src/config/public.ts)', () => {
  it('keeps secret-looking and unlisted fields out, whatever their nesting', () => {
    const parsed = validateSiteConfig(withSecrets(defaultConfig()));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    const published = JSON.stringify(publicSiteConfig(parsed.config));
    for (const value of [NEWSLETTER_KEY, AD_TOKEN, FEATURE_SECRET]) expect(published).not.toContain(value);
    const pub = publicSiteConfig(parsed.config) as Record<string, unknown>;
    expect(Object.keys(pub)).toEqual(Object.keys(PUBLIC_FIELDS));
    expect(JSON.stringify(pub)).not.toContain('staticData":{"catalog');
    expect(secretValues(parsed.config).map((s) => s.path)).toEqual([
      'features.newsletter.apiKey',
      'features.partnerFeed.clientSecret',
    ]);
  });

  it('ads.platforms[] refuses keys it does not know (nothing extra can ship)', () => {
    const c = defaultConfig();
    (c.ads.platforms[0] as Record<string, unknown>).apiToken = AD_TOKEN;
    const r = validateSiteConfig(c);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]?.message).toMatch(/Unknown key "apiToken"/);
  });

  it('the scan finds a value in its JSON-escaped and URL-encoded forms and names the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scan-'));
    try {
      mkdirSync(join(dir, '_astro'));
      writeFileSync(join(dir, 'index.html'), '<p>nothing here</p>');
      writeFileSync(join(dir, '_astro', 'a.js'), `const k=${JSON.stringify('x"y/z"secret')};`);
      writeFileSync(join(dir, 'b.html'), `<a href="/?q=${encodeURIComponent('p&q secret')}">`);
      const hits = await findSecrets(dir, [
        { path: 'a.apiKey', value: 'x"y/z"secret' },
        { path: 'b.token', value: 'p&q secret' },
      ]);
      expect(hits).toEqual([
        { file: join('_astro', 'a.js'), path: 'a.apiKey' },
        { file: 'b.html', path: 'b.token' },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * Two real builds: one with secrets in its site file (must build, and no emitted file may contain
 * them), one where a secret value is also used as the page title (must fail, naming the file).
 */
describe('a site built with secrets in its config', () => {
  const dir = mkdtempSync(join(tmpdir(), 'secrets-'));
  const sitesDir = join(dir, 'sites');
  const outDir = join(dir, 'dist');
  const log: string[] = [];
  let results: Awaited<ReturnType<typeof buildSites>> = [];

  beforeAll(async () => {
    mkdirSync(sitesDir);
    const write = (name: string, mutate: (c: Config) => void) => {
      const c = withSecrets(defaultConfig());
      c.site.id = name;
      c.site.supportedLanguages = ['en'];
      mutate(c);
      writeFileSync(join(sitesDir, `${name}.json`), JSON.stringify(c, null, 2));
    };
    write('sealed', () => {});
    write('leaky', (c) => {
      c.seo.title = { en: `Deals ${NEWSLETTER_KEY}` };
    });
    results = await buildSites({ sitesDir, outDir, verbose: false, log: (l) => log.push(l) });
  }, 240_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('builds, and no emitted file (pages, bundles, data, config) contains a secret value', () => {
    expect(results.find((r) => r.site === 'sealed')?.ok).toBe(true);
    const files = allFiles(join(outDir, 'sealed'));
    expect(files.length).toBeGreaterThan(50);
    const leaks = files.filter((file) => {
      const text = readFileSync(file, 'latin1');
      return [NEWSLETTER_KEY, AD_TOKEN, FEATURE_SECRET].some((v) => text.includes(v));
    });
    expect(leaks).toEqual([]);
    const published = JSON.parse(readFileSync(join(outDir, 'sealed', 'config', 'sealed.config.json'), 'utf8'));
    expect(published.site.id).toBe('sealed');
    expect(published.features.newsletter).toEqual({
      enabled: true,
      provider: 'mailchimp',
      endpoint: '/newsletter/subscribe',
    });
    expect(published.ads.platforms[1].params).toEqual({ zone: 'top' });
    expect(existsSync(join(outDir, 'sealed', 'config', 'default.config.json'))).toBe(false);
  });

  it('fails when a secret value would be published, naming the file and the field, and leaves no output', () => {
    expect(results.find((r) => r.site === 'leaky')?.ok).toBe(false);
    const report = log.join('\n');
    expect(report).toMatch(/Secret published by site "leaky"/);
    expect(report).toMatch(/index\.html: the value of features\.newsletter\.apiKey/);
    expect(existsSync(join(outDir, 'leaky', 'index.html'))).toBe(false);
  });
});
