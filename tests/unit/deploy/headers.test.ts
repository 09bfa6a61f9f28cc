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
