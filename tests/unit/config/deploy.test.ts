import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deployTargetOptions } from '../../../src/astro/deploy-target.ts';
import { validateSiteConfig } from '../../../src/config/validate.ts';
import { defaultConfig } from './helpers.ts';

/** Site config `deploy` (issue 32): where a site is served. */
describe('deploy', () => {
  it('defaults to the static target with a 20,000-file pre-render budget', () => {
    const r = validateSiteConfig(defaultConfig());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.config.deploy).toEqual({ target: 'static', prerender: { maxFiles: 20_000 } });
  });

  it('accepts the cloudflare target with its own pre-render budget', () => {
    const c = defaultConfig();
    c.deploy = { target: 'cloudflare', prerender: { maxFiles: 5000, brandsPerLanguage: 100 } };
    const r = validateSiteConfig(c);
    expect(r.ok && r.config.deploy).toEqual({
      target: 'cloudflare',
      prerender: { maxFiles: 5000, brandsPerLanguage: 100 },
    });
  });

  it('names the field of an unknown target, a budget out of range and a misspelt key', () => {
    const c = defaultConfig();
    c.deploy = { target: 'netlify' as 'static', prerender: { maxFiles: 10, brandsPerLanguge: 3 } as never };
    const r = validateSiteConfig(c);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const byPath = Object.fromEntries(r.problems.map((p) => [p.path, p.message]));
    expect(byPath['deploy.target']).toBe('deploy.target must be static or cloudflare');
    expect(byPath['deploy.prerender.maxFiles']).toBe('deploy.prerender.maxFiles must be at least 500');
    expect(
      Object.keys(byPath).some((p) => p.startsWith('deploy.prerender') && /brandsPerLanguge/.test(p + byPath[p])),
    ).toBe(true);
  });

  it('adds no adapter to the Astro config of a static site, and the Cloudflare one to an edge site', async () => {
    const site = {
      id: 'unit-edge',
      name: 'x',
      domain: 'x.example',
      defaultLanguage: 'en',
      supportedLanguages: ['en'],
      timezone: 'UTC',
    };
    const root = mkdtempSync(join(tmpdir(), 'deploy-target-'));
    expect(
      await deployTargetOptions({ site, deploy: { target: 'static', prerender: { maxFiles: 20_000 } } }, root),
    ).toEqual({
      integrations: [],
    });
    expect(existsSync(join(root, '.cache'))).toBe(false);
    const edge = await deployTargetOptions(
      { site, deploy: { target: 'cloudflare', prerender: { maxFiles: 20_000 } } },
      root,
    );
    expect(edge.adapter?.name).toBe('@astrojs/cloudflare');
    expect(edge.integrations.map((i) => i.name)).toEqual(['edge-routes']);
    const wrangler = JSON.parse(readFileSync(join(root, '.cache/edge/unit-edge/wrangler.json'), 'utf8'));
    expect(wrangler.d1_databases[0].binding).toBe('DB');
    rmSync(root, { recursive: true, force: true });
  });
});
