/**
 * Deploy headers for a built site (README "Deploying"): `_headers` in the Netlify / Cloudflare
 * Pages format, the same as nginx directives, and the parser/matcher the local static server
 * uses to apply them (`npm run serve -- --headers`).
 *
 * - Caching: hashed assets (`/_astro/*`) a year, immutable; every other top-level entry of the
 *   build (pages, `/data/`, logos, …) 5 minutes, revalidated. No Cache-Control on `/*`: hosts join
 *   the values of every matching rule, so one path never gets two.
 * - Security on every path: Content-Security-Policy, HSTS, X-Content-Type-Options,
 *   Referrer-Policy, Permissions-Policy, X-Frame-Options (frame-ancestors in the CSP too).
 * - The CSP allows exactly: this site ('self'), the API origin the browser calls, the ad, consent
 *   and analytics hosts of `thirdPartyOrigins(config)`, the hosts of the catalog's images, and the
 *   sha256 hashes of the inline scripts found in the built HTML (no 'unsafe-inline' for scripts;
 *   JSON-LD blocks are data, not scripts). Styles keep 'unsafe-inline' (style attributes of
 *   islands and ad code).
 * - What the config itself sends the browser to (`configCspSources`): the one inline script of the
 *   Adsterra srcdoc frames (a srcdoc frame inherits this policy; the script is the same for every
 *   unit, so one hash allows it), the contact form endpoint and the
 *   newsletter endpoint when absolute (connect-src for the script's POST, form-action for the form
 *   without JavaScript), and logo/favicon images on another host (img-src).
 */
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ThirdPartyOrigins } from '../../../src/ads/core/hosts.ts';
import type { LocalizedCatalog as Catalog } from '../../../src/catalog/schemas.ts';
import type { SiteConfig } from '../../../src/config/schema.ts';
import {
  catalogImageOrigins,
  collectScriptHashes,
  configCspSources,
  contentSecurityPolicy,
  headerLine,
  MAX_HEADER_LINE,
} from './csp.ts';

export * from './csp.ts';

export type HeaderRule = { path: string; headers: [name: string, value: string][] };

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const SHORT = 'public, max-age=300, must-revalidate';
/** /ads.txt (issue 25): plain text, cached an hour so a new seller line reaches buyers' crawlers the same day. */
export const ADS_TXT_PATH = '/ads.txt';
export const ADS_TXT_HEADERS: readonly [string, string][] = [
  ['Content-Type', 'text/plain; charset=utf-8'],
  ['Cache-Control', 'public, max-age=3600'],
];

export const SECURITY_HEADERS: readonly [string, string][] = [
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  [
    'Permissions-Policy',
    'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
  ],
  ['X-Frame-Options', 'SAMEORIGIN'],
];

/** One rule per top-level entry of the build: `/_astro/*` immutable, the rest short. */
export function cacheRules(dir: string): HeaderRule[] {
  const rules: HeaderRule[] = [{ path: '/_astro/*', headers: [['Cache-Control', IMMUTABLE]] }];
  for (const name of readdirSync(dir).sort()) {
    if (name === '_astro' || name.startsWith('_')) continue;
    const isDir = statSync(join(dir, name)).isDirectory();
    const paths = isDir
      ? [`/${name}/*`]
      : name === 'index.html'
        ? ['/']
        : name.endsWith('.html')
          ? [`/${name.slice(0, -'.html'.length)}`, `/${name}`]
          : [`/${name}`];
    for (const path of paths) {
      rules.push(
        path === ADS_TXT_PATH ? { path, headers: [...ADS_TXT_HEADERS] } : { path, headers: [['Cache-Control', SHORT]] },
      );
    }
  }
  return rules;
}

export function headerRules(dir: string, csp: string): HeaderRule[] {
  return [{ path: '/*', headers: [['Content-Security-Policy', csp], ...SECURITY_HEADERS] }, ...cacheRules(dir)];
}

export function formatHeadersFile(rules: readonly HeaderRule[], comment: string): string {
  const lines = comment.split('\n').map((l) => `# ${l}`);
  for (const r of rules) {
    lines.push(r.path);
    for (const [k, v] of r.headers) lines.push(headerLine(k, v));
  }
  return `${lines.join('\n')}\n`;
}

/** Parses a `_headers` file (comments and blank lines ignored). */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const raw of text.split(/\r?\n/)) {
    if (!raw.trim() || raw.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(raw)) {
      rules.push({ path: raw.trim(), headers: [] });
      continue;
    }
    const at = raw.indexOf(':');
    const rule = rules.at(-1);
    if (at < 0 || !rule) continue;
    rule.headers.push([raw.slice(0, at).trim(), raw.slice(at + 1).trim()]);
  }
  return rules;
}

function patternOf(path: string): RegExp {
  const body = path
    .split(/(\*|:[A-Za-z]\w*)/)
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${body}$`);
}

/** The headers for a request path: every matching rule, values of a repeated name joined with ", ". */
export function headersFor(rules: readonly HeaderRule[], pathname: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of rules) {
    if (!patternOf(rule.path).test(pathname)) continue;
    for (const [k, v] of rule.headers) {
      const key = Object.keys(out).find((x) => x.toLowerCase() === k.toLowerCase()) ?? k;
      out[key] = out[key] === undefined ? v : `${out[key]}, ${v}`;
    }
  }
  return out;
}

/** The same headers as nginx directives for a `server { … }` block serving the build. */
export function formatNginx(rules: readonly HeaderRule[], root: string): string {
  const all = rules.find((r) => r.path === '/*')?.headers ?? [];
  const add = (headers: readonly [string, string][], indent: string) =>
    headers.map(([k, v]) => `${indent}add_header ${k} "${v.replace(/"/g, '\\"')}" always;`).join('\n');
  const immutable = rules.find((r) => r.path === '/_astro/*')?.headers ?? [];
  const adsTxt = rules.find((r) => r.path === ADS_TXT_PATH)?.headers;
  const adsTxtType = adsTxt?.find(([k]) => k === 'Content-Type')?.[1];
  return [
    `root ${root};`,
    'error_page 404 /404.html;',
    '# nginx drops inherited add_header lines in a location that has its own, so each location repeats them.',
    'location /_astro/ {',
    add([...all, ...immutable], '  '),
    '}',
    ...(adsTxt && adsTxtType
      ? [
          'location = /ads.txt {',
          '  types { }',
          `  default_type "${adsTxtType}";`,
          add([...all, ...adsTxt.filter(([k]) => k !== 'Content-Type')], '  '),
          '}',
        ]
      : []),
    'location / {',
    '  try_files $uri $uri.html $uri/index.html =404;',
    add([...all, ['Cache-Control', SHORT]], '  '),
    '}',
  ].join('\n');
}

export interface DeployHeadersInput {
  dir: string;
  siteId: string;
  origins: ThirdPartyOrigins;
  catalog?: Catalog;
  apiOrigin?: string;
  /** The site config: its Adsterra frames' scripts, form endpoints and images (configCspSources). */
  config?: SiteConfig;
}

/** A `_headers` line over the limit Cloudflare Pages reads: the build stops, naming the site and header. */
export class HeaderLineTooLongError extends Error {
  readonly siteId: string;
  readonly header: string;
  readonly path: string;
  readonly length: number;
  constructor(siteId: string, header: string, path: string, length: number) {
    super(
      `Site "${siteId}": the _headers line of ${header} (for ${path}) is ${length.toLocaleString('en')} characters, ` +
        `over the ${MAX_HEADER_LINE.toLocaleString('en')} Cloudflare Pages reads, even with hosts written without ` +
        'https:// and image, connect and frame hosts collapsed into wildcards. Fewer third-party hosts, image hosts ' +
        'or distinct inline scripts bring it back in.',
    );
    this.name = 'HeaderLineTooLongError';
    this.siteId = siteId;
    this.header = header;
    this.path = path;
    this.length = length;
  }
}

/** Every header line of `rules` over `max` characters, as `{ path, header, length }`. */
export function longHeaderLines(rules: readonly HeaderRule[], max = MAX_HEADER_LINE) {
  return rules.flatMap((r) =>
    r.headers.flatMap(([k, v]) => {
      const length = headerLine(k, v).length;
      return length > max ? [{ path: r.path, header: k, length }] : [];
    }),
  );
}

/**
 * Writes `<dir>/_headers`; returns the rules, the CSP and the inline-script hashes it allowed.
 * Throws HeaderLineTooLongError (and writes nothing) when a line would cross MAX_HEADER_LINE.
 */
export function writeDeployHeaders(input: DeployHeadersInput) {
  const hashes = collectScriptHashes(input.dir);
  const csp = contentSecurityPolicy({
    origins: input.origins,
    scriptHashes: hashes.map((h) => h.hash),
    imageOrigins: input.catalog ? catalogImageOrigins(input.catalog) : [],
    ...(input.apiOrigin ? { apiOrigin: input.apiOrigin } : {}),
    ...(input.config ? { config: configCspSources(input.config) } : {}),
  });
  const rules = headerRules(input.dir, csp);
  const [tooLong] = longHeaderLines(rules);
  if (tooLong) throw new HeaderLineTooLongError(input.siteId, tooLong.header, tooLong.path, tooLong.length);
  writeFileSync(
    join(input.dir, '_headers'),
    formatHeadersFile(
      rules,
      `Site "${input.siteId}": deploy headers (Netlify / Cloudflare Pages), written by npm run build.\n` +
        `CSP script hashes: ${hashes.map((h) => `${h.hash.slice(0, 15)}… (${h.pages} pages)`).join(', ')}`,
    ),
  );
  const warnings: string[] = [];
  return { rules, csp, hashes, warnings };
}
