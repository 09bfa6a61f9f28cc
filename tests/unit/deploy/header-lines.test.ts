/**
 * Issue 33: Cloudflare Pages reads `_headers` lines up to 2,000 characters. Every site's lines fit
 * (hosts sharing a domain collapse into the narrowest wildcard only when needed), and a line that
 * would not fit stops the build with the site and header named, writing no `_headers`.
 *
 * Headers are generated from each config (sites/ and tests/fixtures/sites/) without an Astro build:
 * its catalog's image hosts, its ad / consent / analytics hosts, its API origin, what the config
 * itself adds, and INLINE_SCRIPTS distinct inline scripts (a build of the default or API-mode site
 * has 16 today; a site whose line would not fit fails its build, see the last test).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../../../scripts/lib/build-sites/build.ts';
import {
  contentSecurityPolicy,
  fitPolicy,
  HeaderLineTooLongError,
  MAX_HEADER_LINE,
  writeDeployHeaders,
} from '../../../scripts/lib/deploy/headers.ts';
import { thirdPartyOrigins } from '../../../src/ads/core/hosts.ts';
import { resolveApiBaseUrl } from '../../../src/api/base-url.ts';
import { listSiteFiles, readSiteFile } from '../../../src/config/load-file.ts';
import { staticCatalogOf } from '../../../src/sources/catalog-file.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A build folder whose pages carry `count` distinct inline scripts. */
function builtPages(count: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'header-lines-'));
  dirs.push(dir);
  const scripts = Array.from({ length: count }, (_, i) => `<script>window.s${i}=${i}</script>`).join('');
  writeFileSync(join(dir, 'index.html'), `<!doctype html><html><head>${scripts}</head><body></body></html>`);
  return dir;
}

/** Distinct inline scripts of the built sites today (`_headers` comment "CSP script hashes"). */
const INLINE_SCRIPTS = 16;

const SITE_FILES = [...listSiteFiles(join(ROOT, 'sites')), ...listSiteFiles(join(ROOT, 'tests/fixtures/sites'))];

describe('every site config gives _headers lines Cloudflare Pages reads (2,000 characters at most)', () => {
  it('finds the sites', () => {
    expect(SITE_FILES.map((f) => f.name)).toEqual(expect.arrayContaining(['default', 'apimode', 'revenue']));
  });

  it.each(SITE_FILES.map((f) => [f.name, f.file] as const))('%s', (_name, file) => {
    const loaded = readSiteFile(file);
    if (!loaded.ok) throw new Error(`${file}: ${JSON.stringify(loaded.problems)}`);
    const { config } = loaded;
    const dir = builtPages(INLINE_SCRIPTS);
    const base = resolveApiBaseUrl({ configBaseUrl: config.api.baseUrl });
    const apiOrigin = base ? new URL(base).origin : undefined;
    writeDeployHeaders({
      dir,
      siteId: config.site.id,
      origins: thirdPartyOrigins(config),
      catalog: staticCatalogOf(config, new Date('2026-05-10T12:00:00Z'), ROOT).catalog,
      config,
      ...(apiOrigin ? { apiOrigin } : {}),
    });
    const lines = readFileSync(join(dir, '_headers'), 'utf8').split('\n');
    const csp = lines.find((l) => l.startsWith('  Content-Security-Policy: '));
    expect(csp).toContain("script-src 'self' 'sha256-");
    for (const line of lines.filter((l) => !l.startsWith('#'))) {
      expect(line.length, line.slice(0, 60)).toBeLessThanOrEqual(MAX_HEADER_LINE);
    }
  });
});

const directive = (csp: string, name: string) =>
  csp
    .split('; ')
    .find((d) => d.startsWith(`${name} `))
    ?.split(' ')
    .slice(1);

describe('fitPolicy', () => {
  const hosts = [
    'https://pagead2.googlesyndication.com',
    'https://tpc.googlesyndication.com',
    'https://www.google.com',
  ];
  const policy = (): [string, string[]][] => [
    ['script-src', ["'self'", ...hosts]],
    ['img-src', ["'self'", 'data:', ...hosts]],
  ];

  it('keeps every host exact while the line fits', () => {
    const csp = fitPolicy(policy());
    expect(directive(csp, 'script-src')).toEqual(["'self'", ...hosts]);
    expect(directive(csp, 'img-src')).toEqual(["'self'", 'data:', ...hosts]);
  });

  it('drops the https:// of hosts first (the same on an https page), then collapses, images before scripts', () => {
    const exact = `  Content-Security-Policy: ${fitPolicy(policy())}`.length;
    const bare = ['pagead2.googlesyndication.com', 'tpc.googlesyndication.com', 'www.google.com'];
    expect(directive(fitPolicy(policy(), exact - 1), 'img-src')).toEqual(["'self'", 'data:', ...bare]);
    expect(directive(fitPolicy(policy(), exact - 1), 'script-src')).toEqual(["'self'", ...bare]);
    // One collapse more (in img-src) is enough.
    const csp = fitPolicy(policy(), exact - 6 * 8 - 1);
    expect(directive(csp, 'img-src')).toEqual(["'self'", 'data:', '*.googlesyndication.com', 'www.google.com']);
    expect(directive(csp, 'script-src')).toEqual(["'self'", ...bare]);
    // Nothing fits: image hosts collapse to their own parent domain at most, script hosts never.
    const all = fitPolicy(policy(), 10);
    expect(directive(all, 'img-src')).toEqual(["'self'", 'data:', '*.googlesyndication.com', 'www.google.com']);
    expect(directive(all, 'script-src')).toEqual(["'self'", ...bare]);
  });

  it('drops a host a wildcard of the same directive already covers', () => {
    const csp = fitPolicy([
      ['img-src', ["'self'", 'https://*.cdn.example', 'https://a.cdn.example', 'https://cdn.example']],
    ]);
    expect(directive(csp, 'img-src')).toEqual(["'self'", 'https://*.cdn.example', 'https://cdn.example']);
  });

  it('never widens a host to a bare top-level domain, nor touches other schemes', () => {
    const csp = fitPolicy([['img-src', ['https://a.example', 'https://b.example', 'http://127.0.0.1:3001']]], 10);
    expect(directive(csp, 'img-src')).toEqual(['a.example', 'b.example', 'http://127.0.0.1:3001']);
  });
});

describe('a line that cannot fit', () => {
  it('stops writing the headers, naming the site and the header', () => {
    const dir = builtPages(40);
    const imageHosts = Array.from({ length: 30 }, (_, i) => `https://images-${i}.shop-${i}.example`);
    const write = () =>
      writeDeployHeaders({
        dir,
        siteId: 'too-long',
        origins: { script: [], img: imageHosts, connect: [], frame: [] },
      });
    expect(write).toThrow(HeaderLineTooLongError);
    expect(write).toThrow(
      /Site "too-long": the _headers line of Content-Security-Policy \(for \/\*\) is [\d,]+ characters/,
    );
    expect(existsSync(join(dir, '_headers'))).toBe(false);
    // The same policy is what contentSecurityPolicy gives: no host silently dropped to make it fit.
    const csp = contentSecurityPolicy({
      origins: { script: [], img: imageHosts, connect: [], frame: [] },
      scriptHashes: [],
    });
    expect(directive(csp, 'img-src')).toEqual(["'self'", 'data:', ...imageHosts]);
  });
});
