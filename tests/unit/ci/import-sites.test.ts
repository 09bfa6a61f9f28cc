/**
 * The nightly's import step (scripts/ci/import-sites.ts) run as the workflow runs it, against the
 * local fixture server of the networks' APIs: a site's `import.sources` imported into its catalog
 * file; a failed import keeps the last good catalog and says so; `import` never reaches the
 * published config.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { publicSiteConfig, secretValues } from '../../../src/config/public.ts';
import { validateSiteConfig } from '../../../src/config/validate.ts';
import { defaultConfig, ROOT } from '../config/helpers.ts';
import { startFixtureServer } from '../import/fixture-server.ts';
import { fixturePath, IMPORT_NOW } from '../import/helpers.ts';

const run = promisify(execFile);
let server: Awaited<ReturnType<typeof startFixtureServer>>;
let dir: string;

const siteConfig = () => {
  const c = defaultConfig();
  c.site.id = 'nightly';
  c.staticData = { catalog: 'catalogs/nightly.json' };
  c.import = {
    sources: [{ from: 'awin:api' }, { from: 'rakuten:api' }, { from: 'cj:api' }, { from: 'impact:api' }],
    mapping: fixturePath('mapping.json'),
    // Feeds that are not the operator's own (issue 39): exclusives dropped, ownCodes still kept.
    exclusive: 'drop',
    ownCodes: ['MYSITE12'],
  };
  return c;
};

async function nightly(env: Record<string, string> = {}) {
  const args = ['scripts/ci/import-sites.ts', '--site', 'nightly', '--root', dir, '--sites-dir', 'sites'];
  try {
    const r = await run(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, ...server.env(), BUILD_NOW: IMPORT_NOW.toISOString(), GITHUB_ACTIONS: 'true', ...env },
    });
    return { code: 0, out: r.stdout + r.stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.reset();
  dir = mkdtempSync(join(tmpdir(), 'nightly-import-'));
  mkdirSync(join(dir, 'sites'));
  writeFileSync(join(dir, 'sites/nightly.json'), JSON.stringify(siteConfig()));
  return () => rmSync(dir, { recursive: true, force: true });
});

describe('the nightly import step', () => {
  it('imports the site’s sources into its catalog file and keeps it as the last good import', async () => {
    const { code, out } = await nightly();
    expect(code, out).toBe(0);
    const catalog = JSON.parse(readFileSync(join(dir, 'catalogs/nightly.json'), 'utf8'));
    // With import.exclusive "drop": the publisher's own attributable code is kept (ownCodes), the
    // others' exclusive ones are not.
    expect(catalog.coupons.map((c: { code: string }) => c.code).sort()).toEqual(
      ['BOOTS10', 'CANDLE2', 'CEDAR25', 'LUMEN30', 'MYSITE12', 'NORTH20', 'TEA10'].sort(),
    );
    expect(existsSync(join(dir, '.cache/nightly/imported-catalog.json'))).toBe(true);
    expect(out).toContain('[import] Site "nightly": imported into catalogs/nightly.json');
  });

  it('a failed import keeps the last good catalog, says so, and lets the build go on', async () => {
    await nightly();
    const before = readFileSync(join(dir, 'catalogs/nightly.json'), 'utf8');
    server.behave('cj', { status: 500, times: 50 });
    const { code, out } = await nightly({ IMPORT_HTTP_RETRIES: '0' });
    expect(code, out).toBe(0);
    expect(out).toContain(
      'Site "nightly": the IMPORT FAILED; it is built from its LAST GOOD CATALOG catalogs/nightly.json',
    );
    expect(out).toMatch(/::warning title=Import failed for nightly::import failed: .*\/cj\/v2\/link-search.*HTTP 500/);
    expect(readFileSync(join(dir, 'catalogs/nightly.json'), 'utf8')).toBe(before);
  }, 60_000);

  it('with no catalog to fall back on, a failed import fails the site', async () => {
    const { code, out } = await nightly({ AWIN_API_TOKEN: 'revoked' });
    expect(code).toBe(1);
    expect(out).toContain('the import failed and there is no last good catalog at catalogs/nightly.json');
  });
});

describe('import in a site config', () => {
  it('is validated, never published, and holds no credentials', () => {
    const result = validateSiteConfig(siteConfig());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(publicSiteConfig(result.config)).not.toHaveProperty('import');
    expect(secretValues(result.config)).toEqual([]);
    const withUrl = siteConfig();
    withUrl.import = { sources: [{ from: 'awin:https://api.awin.com/x?accessToken=abc' }] };
    const refused = validateSiteConfig(withUrl);
    expect(refused.ok).toBe(false);
    if (!refused.ok)
      expect(refused.problems[0]).toMatchObject({
        path: 'import.sources[0].from',
        message: expect.stringContaining('credentials go in environment variables'),
      });
    const sample = siteConfig();
    sample.staticData = { catalog: 'sample' };
    const noFile = validateSiteConfig(sample);
    expect(!noFile.ok && noFile.problems.map((p) => p.path)).toEqual(['staticData.catalog']);
  });
});
