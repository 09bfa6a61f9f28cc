/**
 * Deploy headers (scripts/lib/deploy/headers.ts): the CSP allows exactly the site's own origin,
 * its API, the configured ad / consent / analytics hosts, its catalog's image hosts and the
 * hashes of its inline scripts; hashed assets are cached for a year, everything else briefly;
 * the local static server applies the file and never serves it.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogImageOrigins,
  configCspSources,
  contentSecurityPolicy,
  formatHeadersFile,
  formatNginx,
  headersFor,
  IMMUTABLE,
  inlineScriptHashes,
  parseHeadersFile,
  SHORT,
  writeDeployHeaders,
} from '../../../scripts/lib/deploy/headers.ts';
import { type StaticServer, startStaticServer } from '../../../scripts/lib/serve/static-server.ts';
import { thirdPartyOrigins } from '../../../src/ads/core/hosts.ts';
import { adsterraScriptUrl, buildRegistry } from '../../../src/ads/core/registry.ts';
import { adsterraFrameDoc } from '../../../src/ads/providers/adsterra.ts';
import { generateCatalog } from '../../../src/catalog/sample.ts';
import { siteConfigSchema } from '../../../src/config/schema.ts';
import { defaultConfig } from '../config/helpers.ts';

const sha = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;
const config = (mutate: (c: ReturnType<typeof defaultConfig>) => void = () => {}) => {
  const c = defaultConfig();
  mutate(c);
  return siteConfigSchema.parse(c);
};
/** CSP text → { directive: sources[] }. */
const directives = (csp: string) =>
  Object.fromEntries(
    csp.split(';').map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/);
      return [name!, sources];
    }),
  );

describe('inline script hashes', () => {
  it('hashes scripts a browser runs, not JSON-LD or external scripts', () => {
    const html = `<!doctype html><html><head>
      <script>document.title = "a";</script>
      <script type="module">import "/x.js";</script>
      <script type="application/ld+json">{"@type":"Thing"}</script>
      <script src="/_astro/app.js"></script>
      <script data-target="/es/brands/a">location.replace(document.currentScript.dataset.target);</script>
    </head></html>`;
    expect(inlineScriptHashes(html)).toEqual([
      sha('document.title = "a";'),
      sha('import "/x.js";'),
      sha('location.replace(document.currentScript.dataset.target);'),
    ]);
  });
});

describe('the Content-Security-Policy', () => {
  it('allows exactly the configured ad, consent and analytics hosts, no inline script without a hash', () => {
    const c = config((x) => {
      (x.analytics as Record<string, unknown>) = { googleAnalytics: { enabled: true, trackingId: 'G-TEST123' } };
    });
    const origins = thirdPartyOrigins(c);
    const csp = directives(
      contentSecurityPolicy({
        origins,
        scriptHashes: ['sha256-abc='],
        imageOrigins: ['https://img.shops.example'],
        apiOrigin: 'https://api.shops.example',
      }),
    );
    expect(origins.script).toContain('https://www.googletagmanager.com');
    expect(new Set(csp['script-src'])).toEqual(new Set(["'self'", "'sha256-abc='", ...origins.script]));
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['script-src']).not.toContain("'unsafe-eval'");
    expect(new Set(csp['connect-src'])).toEqual(new Set(["'self'", 'https://api.shops.example', ...origins.connect]));
    expect(new Set(csp['frame-src'])).toEqual(new Set(origins.frame));
    expect(new Set(csp['img-src'])).toEqual(new Set(["'self'", 'data:', ...origins.img, 'https://img.shops.example']));
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
  });

  it('lists no third-party host when ads and analytics are off', () => {
    const c = config((x) => {
      (x.ads as { enabled: boolean }).enabled = false;
    });
    const csp = directives(contentSecurityPolicy({ origins: thirdPartyOrigins(c), scriptHashes: [] }));
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['frame-src']).toEqual(["'none'"]);
  });

  it('takes image hosts from the catalog', () => {
    const catalog = generateCatalog({ brands: 3, coupons: 4, deals: 2, seed: 1, now: new Date() });
    catalog.brands[0]!.logo = 'https://cdn.logos.example/a.png';
    catalog.deals[0]!.image = 'https://images.deals.example/x/y.jpg';
    expect(catalogImageOrigins(catalog)).toEqual(['https://cdn.logos.example', 'https://images.deals.example']);
  });
});

describe('what the site config sends the browser to is in the policy', () => {
  const cspOf = (c: ReturnType<typeof config>) =>
    directives(contentSecurityPolicy({ origins: thirdPartyOrigins(c), scriptHashes: [], config: configCspSources(c) }));

  it("allows every inline script of every Adsterra unit's srcdoc frame (the frame inherits the page policy)", () => {
    const c = config((x) => {
      const banner = x.ads.platforms.find((p) => p.platform === 'adsterra' && p.type === 'banner') as {
        params?: Record<string, unknown>;
      };
      banner.params = { sub: 'spring</script>', n: 2 };
    });
    const units = buildRegistry(c).adsterraSlotUnits;
    expect(units.map((u) => u.type)).toEqual(['banner', 'banner', 'banner', 'banner', 'native']);
    const scriptSrc = cspOf(c)['script-src'];
    for (const unit of units) {
      // The document the provider puts in the frame, rendered twice (a reopened modal): same scripts.
      const doc = adsterraFrameDoc(unit, adsterraScriptUrl(unit));
      expect(adsterraFrameDoc(unit, adsterraScriptUrl(unit))).toBe(doc);
      const hashes = inlineScriptHashes(doc);
      expect(hashes).toHaveLength(1);
      for (const h of hashes) expect(scriptSrc, `${unit.type} ${unit.key}`).toContain(`'${h}'`);
    }
    // One hash for every unit: the policy stays short (Cloudflare reads header lines up to 2,000 characters).
    expect(configCspSources(c).scriptHashes).toHaveLength(1);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
  });

  it('a disabled Adsterra unit adds no hash; no Adsterra at all adds none', () => {
    const off = config((x) => {
      for (const p of x.ads.platforms) if (p.platform === 'adsterra') p.enabled = false;
    });
    expect(configCspSources(off).scriptHashes).toEqual([]);
    expect(cspOf(off)['script-src']?.filter((s) => s.startsWith("'sha256-"))).toEqual([]);
  });

  it('https contact and newsletter endpoints are in connect-src and form-action', () => {
    const c = config((x) => {
      x.content.contact = { formEndpoint: 'https://forms.example.net/f/abc' };
      x.features.newsletter = {
        enabled: true,
        provider: 'custom',
        apiKey: 'news-api-key-123',
        listId: 'list-1',
        endpoint: 'https://news.example.org/subscribe',
      };
    });
    const csp = cspOf(c);
    for (const origin of ['https://forms.example.net', 'https://news.example.org']) {
      expect(csp['connect-src']).toContain(origin);
      expect(csp['form-action']).toContain(origin);
    }
    expect(csp['form-action']).toContain("'self'");
    expect(csp['form-action']).not.toContain('mailto:');
  });

  it('site-path endpoints add no origin; a static site without an endpoint may hand the form to the e-mail app', () => {
    const c = config((x) => {
      x.content.contact = { formEndpoint: '/forms/contact' };
    });
    expect(cspOf(c)['form-action']).toEqual(["'self'"]);
    expect(cspOf(c)['connect-src']).toEqual(["'self'", ...thirdPartyOrigins(c).connect]);
    expect(cspOf(config())['form-action']).toEqual(["'self'", 'mailto:']);
  });

  it('a logo or favicon on another host is in img-src', () => {
    const c = config((x) => {
      x.branding.logo = {
        light: 'https://cdn.brand.example/logo.svg',
        favicon: 'https://static.brand.example/fav.png',
      };
    });
    const img = cspOf(c)['img-src'];
    expect(img).toContain('https://cdn.brand.example');
    expect(img).toContain('https://static.brand.example');
  });

  it('writeDeployHeaders puts them in the _headers it writes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'headers-config-'));
    try {
      writeFileSync(join(dir, 'index.html'), '<h1>home</h1>');
      const c = config((x) => {
        x.content.contact = { formEndpoint: 'https://forms.example.net/f/abc' };
      });
      const written = writeDeployHeaders({ dir, siteId: 'default', origins: thirdPartyOrigins(c), config: c });
      const csp = directives(written.csp);
      expect(csp['form-action']).toContain('https://forms.example.net');
      for (const h of configCspSources(c).scriptHashes) expect(csp['script-src']).toContain(`'${h}'`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('_headers for a built site', () => {
  const dir = mkdtempSync(join(tmpdir(), 'headers-'));
  let server: StaticServer;
  let written: ReturnType<typeof writeDeployHeaders>;
  beforeAll(async () => {
    mkdirSync(join(dir, '_astro'));
    mkdirSync(join(dir, 'brands'));
    mkdirSync(join(dir, 'data'));
    writeFileSync(join(dir, 'index.html'), '<script>boot()</script><h1>home</h1>');
    writeFileSync(join(dir, 'coupons.html'), '<script>boot()</script><h1>coupons</h1>');
    writeFileSync(join(dir, 'brands', 'acme.html'), '<script>boot()</script><script>moved()</script>');
    writeFileSync(join(dir, '_astro', 'app.1234.js'), 'x');
    writeFileSync(join(dir, 'data', 'meta.json'), '{}');
    writeFileSync(join(dir, '404.html'), '<h1>Page Not Found</h1>');
    written = writeDeployHeaders({ dir, siteId: 'test', origins: thirdPartyOrigins(config()) });
    server = await startStaticServer({ dir, headers: true });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('hashes each distinct inline script once', () => {
    expect(written.hashes).toEqual([
      { hash: sha('boot()'), pages: 3 },
      { hash: sha('moved()'), pages: 1 },
    ]);
    expect(written.csp).toContain(`'${sha('boot()')}'`);
  });

  it('caches hashed assets a year and everything else briefly, never twice on one path', () => {
    const rules = parseHeadersFile(formatHeadersFile(written.rules, 'test'));
    expect(rules).toEqual(written.rules);
    expect(headersFor(rules, '/_astro/app.1234.js')['Cache-Control']).toBe(IMMUTABLE);
    for (const path of ['/', '/coupons', '/coupons.html', '/brands/acme', '/data/meta.json']) {
      const h = headersFor(rules, path);
      expect(h['Cache-Control'], path).toBe(SHORT);
      expect(h['Content-Security-Policy'], path).toBe(written.csp);
      expect(h['Strict-Transport-Security'], path).toMatch(/max-age=31536000/);
      expect(h['X-Content-Type-Options'], path).toBe('nosniff');
      expect(h['Referrer-Policy'], path).toBe('strict-origin-when-cross-origin');
      expect(h['Permissions-Policy'], path).toMatch(/camera=\(\)/);
    }
    expect(headersFor(rules, '/nope')['Cache-Control']).toBeUndefined();
  });

  it('is applied by the local static server, which never serves the file itself', async () => {
    const page = await fetch(`${server.url}/brands/acme`);
    expect(page.headers.get('content-security-policy')).toBe(written.csp);
    expect(page.headers.get('cache-control')).toBe(SHORT);
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const asset = await fetch(`${server.url}/_astro/app.1234.js`);
    expect(asset.headers.get('cache-control')).toBe(IMMUTABLE);
    const missing = await fetch(`${server.url}/nope`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-security-policy')).toBe(written.csp);
    expect((await fetch(`${server.url}/_headers`)).status).toBe(404);
  });

  it('prints the same as nginx directives', () => {
    const nginx = formatNginx(written.rules, '/srv/dist/test');
    expect(nginx).toContain(`add_header Content-Security-Policy "${written.csp}" always;`);
    expect(nginx).toContain(`add_header Cache-Control "${IMMUTABLE}" always;`);
    expect(nginx).toContain('location /_astro/ {');
    expect(nginx).toContain('try_files $uri $uri.html $uri/index.html =404;');
  });
});
