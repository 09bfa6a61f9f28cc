/**
 * The Content-Security-Policy of a built site (split from ./headers.ts, which writes it into
 * `_headers`): the sha256 hashes of the inline scripts found in the built HTML (no 'unsafe-inline'
 * for scripts; JSON-LD blocks are data), the hosts of the catalog's images, what the site config
 * itself sends the browser to (`configCspSources`), the ad, consent and analytics hosts, and the
 * fitting of the policy within the header line a static host reads (`fitPolicy`).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DomUtils, parseDocument } from 'htmlparser2';
import { originOf, type ThirdPartyOrigins } from '../../../src/ads/core/hosts.ts';
import { buildRegistry } from '../../../src/ads/core/registry.ts';
import { ADSTERRA_FRAME_SCRIPT } from '../../../src/ads/providers/adsterra.ts';
import type { LocalizedCatalog as Catalog } from '../../../src/catalog/schemas.ts';
import type { SiteConfig } from '../../../src/config/schema.ts';

/** Cloudflare Pages reads header lines up to 2,000 characters. */
export const MAX_HEADER_LINE = 2000;

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
