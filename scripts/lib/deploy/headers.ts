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
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DomUtils, parseDocument } from 'htmlparser2';
import { originOf, type ThirdPartyOrigins } from '../../../src/ads/core/hosts.ts';
import { buildRegistry } from '../../../src/ads/core/registry.ts';
import { ADSTERRA_FRAME_SCRIPT } from '../../../src/ads/providers/adsterra.ts';
import type { LocalizedCatalog as Catalog } from '../../../src/catalog/schemas.ts';
import type { SiteConfig } from '../../../src/config/schema.ts';

export type HeaderRule = { path: string; headers: [name: string, value: string][] };

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const SHORT = 'public, max-age=300, must-revalidate';
/** /ads.txt (issue 25): plain text, cached an hour so a new seller line reaches buyers' crawlers the same day. */
export const ADS_TXT_PATH = '/ads.txt';
export const ADS_TXT_HEADERS: readonly [string, string][] = [
  ['Content-Type', 'text/plain; charset=utf-8'],
  ['Cache-Control', 'public, max-age=3600'],
];
/** Cloudflare Pages reads header lines up to 2,000 characters. */
export const MAX_HEADER_LINE = 2000;

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

const EXECUTABLE = new Set(['', 'text/javascript', 'application/javascript', 'module', 'text/ecmascript']);

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

/** `sha256-…` of every inline script of one page that a browser would run (not JSON-LD). */
export function inlineScriptHashes(html: string): string[] {
  const doc = parseDocument(html);
  const out: string[] = [];
  for (const el of DomUtils.getElementsByTagName('script', doc)) {
    if (el.attribs.src !== undefined) continue;
    if (!EXECUTABLE.has((el.attribs.type ?? '').trim().toLowerCase())) continue;
    out.push(sha256(DomUtils.textContent(el)));
  }
  return out;
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return name === '_astro' || name === 'data' ? [] : htmlFiles(p);
    return name.endsWith('.html') ? [p] : [];
  });
}

/** The distinct inline-script hashes of a built site, most used first, with how many pages use each. */
export function collectScriptHashes(dir: string): { hash: string; pages: number }[] {
  const count = new Map<string, number>();
  for (const file of htmlFiles(dir)) {
    for (const h of new Set(inlineScriptHashes(readFileSync(file, 'utf8')))) count.set(h, (count.get(h) ?? 0) + 1);
  }
  return [...count]
    .map(([hash, pages]) => ({ hash, pages }))
    .sort((a, b) => b.pages - a.pages || (a.hash < b.hash ? -1 : 1));
}

/** Origins of the absolute image addresses of a catalog (brand logos, deal images), sorted. */
export function catalogImageOrigins(catalog: Catalog): string[] {
  const origins = new Set<string>();
  const add = (url: string | null | undefined) => {
    if (!url || !/^https?:\/\//i.test(url)) return;
    try {
      origins.add(new URL(url).origin);
    } catch {
      /* not an address */
    }
  };
  for (const b of catalog.brands) add(b.logo);
  for (const c of catalog.coupons) add(c.brand?.logo);
  for (const d of catalog.deals) {
    add(d.image);
    add(d.brand?.logo);
  }
  return [...origins].sort();
}

/**
 * The hash of the Adsterra frame script (one for every unit: their options are data in the frame
 * document) when an enabled Adsterra unit fills slots; none otherwise.
 */
export function adsterraScriptHashes(config: Pick<SiteConfig, 'ads' | 'analytics'>): string[] {
  return buildRegistry(config).adsterraSlotUnits.length > 0 ? [sha256(ADSTERRA_FRAME_SCRIPT)] : [];
}

/** The origin of an absolute http(s) address; undefined for a site path ("/…") or anything else. */
function absoluteOrigin(value: string | null | undefined): string | undefined {
  return value && /^https?:\/\//i.test(value) ? originOf(value) : undefined;
}

export interface ConfigCspSources {
  /** Inline scripts the config's own features run (Adsterra frames). */
  scriptHashes: string[];
  /** Origins the page's scripts POST to (form endpoints). */
  connect: string[];
  /** Origins a form on the page submits to without JavaScript. */
  formAction: string[];
  /** Origins of configured images (logo, favicon). */
  img: string[];
}

/** Every source the site config itself sends the browser to, beyond the third-party hosts. */
export function configCspSources(config: SiteConfig): ConfigCspSources {
  const unique = (xs: (string | undefined)[]) => [...new Set(xs.filter((x): x is string => Boolean(x)))].sort();
  const newsletter = config.features.newsletter;
  const forms = unique([
    absoluteOrigin(config.content.contact?.formEndpoint),
    newsletter?.enabled ? absoluteOrigin(newsletter.endpoint) : undefined,
  ]);
  const logo = config.branding.logo;
  // Without JavaScript the contact form of a static-data site without an endpoint hands the
  // message to the e-mail app (a form submission to mailto:).
  const mailto = !config.content.contact?.formEndpoint && config.features.staticData.enabled ? ['mailto:'] : [];
  return {
    scriptHashes: adsterraScriptHashes(config),
    connect: forms,
    formAction: [...forms, ...mailto],
    img: unique([absoluteOrigin(logo.light), absoluteOrigin(logo.dark), absoluteOrigin(logo.favicon)]),
  };
}

export interface CspInput {
  origins: ThirdPartyOrigins;
  scriptHashes: readonly string[];
  imageOrigins?: readonly string[];
  /** The API origin the browser calls ('' when it is the site's own origin). */
  apiOrigin?: string;
  /** What the site config sends the browser to (configCspSources). */
  config?: ConfigCspSources;
}

const list = (...parts: (readonly string[] | string | undefined)[]) => [
  ...new Set(parts.flat().filter((p): p is string => Boolean(p))),
];

/** `https://a.b.c` or `a.b.c` (no port, no path) → "a.b.c"; anything else (a keyword, another scheme, a wildcard) → null. */
function httpsHost(source: string): string | null {
  const m = /^(?:https:\/\/)?([a-z0-9-]+(?:\.[a-z0-9-]+)+)$/i.exec(source);
  return m ? m[1]!.toLowerCase() : null;
}

/** A source covered by a wildcard of the same list (`a.x.com` under `*.x.com`) goes. */
function withoutCovered(sources: readonly string[]): string[] {
  const wildcards = sources.flatMap((s) => {
    const m = /^(?:https:\/\/)?\*\.([^/*:]+)$/i.exec(s);
    return m ? [m[1]!.toLowerCase()] : [];
  });
  return sources.filter((s) => {
    const host = httpsHost(s);
    return !host || !wildcards.some((parent) => host.endsWith(`.${parent}`));
  });
}

/**
 * The hosts of a source list that share a parent domain (two labels at least: never a bare public
 * suffix), biggest saving first: `pagead2.googlesyndication.com` and `tpc.googlesyndication.com`
 * → `*.googlesyndication.com`.
 */
function collapsibleGroups(sources: readonly string[]): { parent: string; members: string[] }[] {
  const byParent = new Map<string, string[]>();
  for (const s of sources) {
    const host = httpsHost(s);
    if (!host) continue;
    const parent = host.slice(host.indexOf('.') + 1);
    if (!parent.includes('.')) continue;
    byParent.set(parent, [...(byParent.get(parent) ?? []), s]);
  }
  const saving = ([parent, members]: [string, string[]]) =>
    members.reduce((n, m) => n + m.length + 1, 0) - `*.${parent}`.length;
  return [...byParent]
    .filter(([, members]) => members.length > 1)
    .sort((a, b) => saving(b) - saving(a) || (a[0] < b[0] ? -1 : 1))
    .map(([parent, members]) => ({ parent, members }));
}

/**
 * Directives whose hosts may be collapsed into a wildcard when the policy is still too long:
 * images, connections and frames. Never scripts: a wildcard there (`*.google.com`) would allow
 * any script a whole domain serves.
 */
const COLLAPSE_ORDER = ['img-src', 'connect-src', 'frame-src'] as const;

/** The `_headers` line of a header, as formatHeadersFile writes it. */
export const headerLine = (name: string, value: string) => `  ${name}: ${value}`;

/**
 * Joins directives into a policy whose `_headers` line fits `maxLine`, as exact as it can be:
 * 1. every host as given (sources a wildcard of the same directive covers left out) while it fits;
 * 2. else hosts without their `https://`: on an https page (the deployed site, HSTS) a host
 *    without a scheme allows https (and wss) only, the same as with it;
 * 3. else, one group at a time (COLLAPSE_ORDER, biggest saving first), image, connect and frame
 *    hosts sharing a parent domain become the narrowest wildcard covering them, until it fits.
 * It may still not fit: writeDeployHeaders then refuses to write the headers.
 */
export function fitPolicy(directives: readonly [string, string[]][], maxLine = MAX_HEADER_LINE): string {
  let current = directives.map(([k, v]): [string, string[]] => [k, withoutCovered(v)]);
  const joined = () => current.map(([k, v]) => `${k} ${v.join(' ')}`).join('; ');
  const fits = () => headerLine('Content-Security-Policy', joined()).length <= maxLine;
  if (fits()) return joined();
  current = current.map(([k, v]) => [
    k,
    [...new Set(v.map((s) => (httpsHost(s) ? s.replace(/^https:\/\//i, '') : s)))],
  ]);
  for (const name of COLLAPSE_ORDER) {
    const entry = current.find(([k]) => k === name);
    if (!entry) continue;
    for (const group of collapsibleGroups(entry[1])) {
      if (fits()) return joined();
      const at = entry[1].indexOf(group.members[0]!);
      const rest = entry[1].filter((s) => !group.members.includes(s));
      rest.splice(at, 0, `*.${group.parent}`);
      entry[1] = withoutCovered(rest);
    }
  }
  return joined();
}

/** The Content-Security-Policy of a site (within the `_headers` line limit when it can be: `fitPolicy`). */
export function contentSecurityPolicy(input: CspInput): string {
  const { origins } = input;
  const extra = input.config ?? { scriptHashes: [], connect: [], formAction: [], img: [] };
  const quoted = [...new Set([...input.scriptHashes, ...extra.scriptHashes])].map((h) => `'${h}'`);
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', list("'self'", quoted, origins.script)],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', list("'self'", 'data:', origins.img, input.imageOrigins ? [...input.imageOrigins] : [], extra.img)],
    ['font-src', ["'self'"]],
    ['connect-src', list("'self'", input.apiOrigin, origins.connect, extra.connect)],
    ['frame-src', origins.frame.length ? list(origins.frame) : ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', list("'self'", extra.formAction)],
    ['frame-ancestors', ["'self'"]],
  ];
  return fitPolicy(directives);
}

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
