/**
 * sitemap.xml from the list of built routes: one <url> per indexable page in every language,
 * with xhtml:link hreflang alternates (every language the same path is built in, plus
 * x-default → the default language), matching the <link rel="alternate"> tags of BaseLayout.
 */
import { CLOUDFLARE_MAX_FILE_BYTES } from '../config/schema-deploy.ts';
import { absoluteUrl, localizePath, splitLocale } from '../i18n/paths.ts';

/** Route files in src/pages, as import.meta.glob keys ("./[...lang]/brands/[slug].astro"). */
export type RouteParams = Record<string, string | number | undefined>;

/**
 * Pages that carry robots noindex: the 404 pages, operator tools, ad test pages, and the
 * numeric-id aliases of brand and category pages (/brands/12 shows /brands/<slug>).
 */
export const NOINDEX_PATH = /^\/(404|admin|test)(\/|$)|^\/(brands|categories)\/\d+$/;

/** "./[...lang]/brands/[slug].astro" + { slug: "acme", lang: "es" } → "/es/brands/acme". */
export function routeUrl(file: string, params: RouteParams): string {
  const segments = file
    .replace(/^\.\//, '')
    .replace(/\.astro$/, '')
    .split('/')
    .map((seg) => seg.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, (_, name: string) => String(params[name] ?? '')))
    .filter((seg) => seg !== '' && seg !== 'index');
  return `/${segments.join('/')}`;
}

/** The page-number parameter Astro's paginate() fills: the last bracketed name of the route. */
export function pageParamOf(file: string): { name: string; rest: boolean } | null {
  const all = [...file.matchAll(/\[(\.\.\.)?([^\]]+)\]/g)];
  const last = all.at(-1);
  return last ? { name: last[2]!, rest: Boolean(last[1]) } : null;
}

/** A paginate() like Astro's, enough to list the pages getStaticPaths would build. */
export function makePaginate(file: string) {
  const param = pageParamOf(file);
  return (data: unknown[], opts: { pageSize?: number; params?: RouteParams; props?: object } = {}) => {
    const size = opts.pageSize ?? 10;
    const last = Math.max(1, Math.ceil(data.length / size));
    return Array.from({ length: last }, (_, i) => ({
      params: {
        ...opts.params,
        ...(param ? { [param.name]: i === 0 && param.rest ? undefined : String(i + 1) } : {}),
      },
      props: { ...opts.props },
    }));
  };
}

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

type SitemapOptions = {
  origin: string;
  urls: string[];
  languages: readonly string[];
  defaultLanguage: string;
  /** `<lastmod>` of a page by its path without the language ("/brands/acme"); none: no lastmod. */
  lastmod?: ReadonlyMap<string, string>;
};

/** One `<url>` element per indexable URL (sorted), each with its hreflang alternates. */
export function sitemapEntries(opts: SitemapOptions): string[] {
  const { origin, languages, defaultLanguage: def } = opts;
  const indexable = [...new Set(opts.urls)].filter((u) => !NOINDEX_PATH.test(splitLocale(u, languages, def).path));
  const langsByPath = new Map<string, Set<string>>();
  for (const u of indexable) {
    const { lang, path } = splitLocale(u, languages, def);
    langsByPath.set(path, (langsByPath.get(path) ?? new Set()).add(lang));
  }
  return indexable.sort().map((u) => {
    const { path } = splitLocale(u, languages, def);
    const built = langsByPath.get(path) ?? new Set();
    const alternates = languages
      .filter((l) => built.has(l))
      .map((l) => ({ hreflang: l, href: absoluteUrl(origin, localizePath(path, l, def)) }));
    alternates.push({ hreflang: 'x-default', href: absoluteUrl(origin, localizePath(path, def, def)) });
    const links = alternates
      .map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeXml(a.href)}"/>`)
      .join('');
    const lastmod = opts.lastmod?.get(path);
    const mod = lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : '';
    return `<url><loc>${escapeXml(absoluteUrl(origin, u))}</loc>${mod}${links}</url>`;
  });
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const URLSET_OPEN =
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">';
const URLSET_CLOSE = '</urlset>';

/** A `<urlset>` document of `<url>` entries. */
export function urlsetXml(entries: readonly string[]): string {
  return [XML_DECLARATION, URLSET_OPEN, ...entries, URLSET_CLOSE, ''].join('\n');
}

export function sitemapXml(opts: SitemapOptions): string {
  return urlsetXml(sitemapEntries(opts));
}

/** sitemaps.org: a sitemap file holds at most 50,000 URLs and 50 MB (52,428,800 bytes) uncompressed. */
export const SITEMAP_LIMITS = { urls: 50_000, bytes: 52_428_800 };
/** An edge site's: the same, and no file over Cloudflare's 25 MiB an asset (the smaller). */
export const EDGE_SITEMAP_LIMITS = {
  urls: SITEMAP_LIMITS.urls,
  bytes: Math.min(SITEMAP_LIMITS.bytes, CLOUDFLARE_MAX_FILE_BYTES),
};

const utf8 = new TextEncoder();
const byteLength = (s: string) => utf8.encode(s).length;

/**
 * Splits `<url>` entries, in order, into the fewest `<urlset>` files that each stay within
 * `limits` (URLs and bytes of the whole file, declaration and newlines included). One group when
 * everything fits in one file.
 */
export function splitSitemap(entries: readonly string[], limits = SITEMAP_LIMITS): string[][] {
  const frame = byteLength(urlsetXml([]));
  const groups: string[][] = [];
  let current: string[] = [];
  let bytes = frame;
  for (const entry of entries) {
    const size = byteLength(entry) + 1;
    if (frame + size > limits.bytes) throw new Error(`A sitemap entry is larger than ${limits.bytes} bytes`);
    if (current.length > 0 && (current.length >= limits.urls || bytes + size > limits.bytes)) {
      groups.push(current);
      current = [];
      bytes = frame;
    }
    current.push(entry);
    bytes += size;
  }
  if (current.length > 0 || groups.length === 0) groups.push(current);
  return groups;
}

/** A `<sitemapindex>` naming child sitemaps by their absolute URLs. */
export function sitemapIndexXml(locs: readonly string[]): string {
  return [
    XML_DECLARATION,
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...locs.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`),
    '</sitemapindex>',
    '',
  ].join('\n');
}

/** Every brand page in every language (`/brands/<slug>`, `/es/brands/<slug>`, …). */
export function brandPageUrls(
  slugs: readonly string[],
  languages: readonly string[],
  defaultLanguage: string,
): string[] {
  return slugs.flatMap((slug) => languages.map((l) => localizePath(`/brands/${slug}`, l, defaultLanguage)));
}

/** The path of the n-th child sitemap (from 1) of a split sitemap. */
export const childSitemapPath = (n: number) => `/sitemap-${n}.xml`;

/**
 * What a split-capable sitemap serves: `/sitemap.xml` is the one `<urlset>` while the entries fit
 * in one file; past the limits it is a `<sitemapindex>` naming `/sitemap-1.xml`, `/sitemap-2.xml`, …
 */
export function sitemapFiles(
  entries: readonly string[],
  origin: string,
  limits = SITEMAP_LIMITS,
): { main: string; children: string[] } {
  const groups = splitSitemap(entries, limits);
  if (groups.length === 1) return { main: urlsetXml(groups[0]!), children: [] };
  return {
    main: sitemapIndexXml(groups.map((_, i) => absoluteUrl(origin, childSitemapPath(i + 1)))),
    children: groups.map(urlsetXml),
  };
}
