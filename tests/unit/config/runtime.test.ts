import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearConfigCache, cssVariables, loadRuntimeConfig } from '../../../src/config/runtime.ts';
import type { SiteConfig } from '../../../src/config/schema.ts';
import { validateSiteConfig } from '../../../src/config/validate.ts';
import { defaultConfig } from './helpers.ts';

function builtIn(): SiteConfig {
  const r = validateSiteConfig(defaultConfig());
  if (!r.ok) throw new Error('default config invalid');
  return r.config;
}

const json =
  (body: unknown, ok = true, status = 200) =>
  async () => ({ ok, status, json: async () => body });

afterEach(() => clearConfigCache());

describe('runtime config load (SPEC §4)', () => {
  it('uses the served config when it is valid', async () => {
    const served = defaultConfig();
    served.site.name = 'Served Name';
    const config = await loadRuntimeConfig({ builtIn: builtIn(), fetch: json(served), warn: () => {} });
    expect(config.site.name).toBe('Served Name');
  });

  it('falls back to the built-in default when the file is missing (404)', async () => {
    const warn = vi.fn();
    const config = await loadRuntimeConfig({ builtIn: builtIn(), fetch: json({}, false, 404), warn });
    expect(config.site.name).toBe('CouponSaver');
    expect(warn).toHaveBeenCalled();
  });

  it('falls back when the body is not JSON', async () => {
    const fetch = async () => ({
      ok: true,
      status: 200,
      json: async () => {
        throw new SyntaxError('Unexpected token <');
      },
    });
    const config = await loadRuntimeConfig({ builtIn: builtIn(), fetch, warn: () => {} });
    expect(config.site.id).toBe('default');
  });

  it('falls back when the request fails or the config is invalid', async () => {
    const failing = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect((await loadRuntimeConfig({ builtIn: builtIn(), fetch: failing, warn: () => {} })).site.id).toBe('default');
    clearConfigCache();
    const invalid = defaultConfig();
    invalid.branding.colors.primary = 'red';
    const config = await loadRuntimeConfig({ builtIn: builtIn(), fetch: json(invalid), warn: () => {} });
    expect(config.branding.colors.primary).toBe('#0f766e');
  });

  it('falls back to the default site when the requested site is not found', async () => {
    const other = defaultConfig();
    other.site.id = 'other-site';
    const warn = vi.fn();
    const config = await loadRuntimeConfig({ siteId: 'missing', builtIn: builtIn(), fetch: json(other), warn });
    expect(config.site.id).toBe('other-site');
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/Site config not found/);
  });

  it('caches per site and path', async () => {
    const fetch = vi.fn(json(defaultConfig()));
    await loadRuntimeConfig({ builtIn: builtIn(), fetch });
    await loadRuntimeConfig({ builtIn: builtIn(), fetch });
    expect(fetch).toHaveBeenCalledTimes(1);
    await loadRuntimeConfig({ builtIn: builtIn(), fetch, path: '/config/other.json' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('turns colours and fonts into CSS variables', () => {
    const vars = cssVariables(builtIn());
    expect(vars['--site-primary']).toBe('#0f766e');
    expect(vars['--site-font-body']).toMatch(/^'Inter Variable'/);
    expect(Object.keys(vars).filter((k) => k.startsWith('--site-')).length).toBe(10);
  });
});
