/**
 * Finds the built pages of a site from its output folder: every *.html file, with its URL,
 * language, unlocalized path and page type. The gates work over this list, so pages added
 * by new screens are audited without touching the gates.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { attr, type Doc, elements, parseHtml } from './html.ts';

export const PAGE_TYPES = [
  'home',
  'coupons',
  'deals',
  'brands',
  'brand',
  'categories',
  'category',
  'search',
  'content',
  '404',
  'admin',
] as const;
export type PageType = (typeof PAGE_TYPES)[number];

/** Route patterns (unlocalized path) → page type; first match wins, anything else is "content". */
const ROUTES: [RegExp, PageType][] = [
  [/^\/$/, 'home'],
  [/^\/coupons(\/.*)?$/, 'coupons'],
  [/^\/deals(\/.*)?$/, 'deals'],
  [/^\/brands$/, 'brands'],
  [/^\/brands\/[^/]+$/, 'brand'],
  [/^\/categories$/, 'categories'],
  [/^\/categories\/[^/]+$/, 'category'],
  [/^\/search$/, 'search'],
  [/^\/404$/, '404'],
  [/^\/(admin|test)(\/.*)?$/, 'admin'],
];

export function pageType(path: string): PageType {
  return ROUTES.find(([re]) => re.test(path))?.[1] ?? 'content';
}

export interface BuiltPage {
  /** Absolute file path. */
  file: string;
  /** Path relative to the site folder, with forward slashes ("es/about.html"). */
  rel: string;
  /** URL path the page is served at ("/es/about", "/" for index.html). */
  url: string;
  /** <html lang>, or "" for a redirect page. */
  lang: string;
  /** URL path without the language prefix ("/about"). */
  path: string;
  type: PageType;
  /** Astro's meta-refresh redirect pages: not real pages, skipped by most gates. */
  redirect: boolean;
  /** Carries <meta name="robots" content="noindex">: out of the sitemap and SEO uniqueness checks. */
  noindex: boolean;
  html: string;
  doc: Doc;
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(full));
    else if (entry.isFile() && entry.name.endsWith('.html')) out.push(full);
  }
  return out;
}

/** "es/about.html" → "/es/about"; "index.html" → "/"; "es/index.html" → "/es". */
export function urlOf(rel: string): string {
  const noExt = rel.replace(/\.html$/, '').replace(/(^|\/)index$/, '');
  return `/${noExt}`.replace(/\/$/, '') || '/';
}

/** Strips the language prefix when the URL starts with /<lang>. */
export function unlocalized(url: string, lang: string): string {
  if (lang && (url === `/${lang}` || url.startsWith(`/${lang}/`))) return url.slice(lang.length + 1) || '/';
  return url;
}

export function discoverPages(dir: string): BuiltPage[] {
  return walk(dir)
    .map((file) => {
      const rel = relative(dir, file).split(sep).join('/');
      const html = readFileSync(file, 'utf8');
      const doc = parseHtml(html);
      const url = urlOf(rel);
      const lang = attr(elements(doc, 'html')[0] ?? ({ attribs: {} } as never), 'lang') ?? '';
      const metas = elements(doc, 'meta');
      const redirect = metas.some((m) => attr(m, 'http-equiv')?.toLowerCase() === 'refresh');
      const noindex = metas.some(
        (m) => attr(m, 'name')?.toLowerCase() === 'robots' && /noindex/i.test(attr(m, 'content') ?? ''),
      );
      const path = unlocalized(url, lang);
      return { file, rel, url, lang, path, type: pageType(path), redirect, noindex, html, doc };
    })
    .sort((a, b) => a.url.localeCompare(b.url));
}

/** The language of the unprefixed pages (the home page's <html lang>). */
export function defaultLanguage(pages: BuiltPage[]): string {
  return pages.find((p) => p.url === '/')?.lang ?? pages.find((p) => !p.redirect)?.lang ?? 'en';
}

/** Real pages only (no redirects). */
export function realPages(pages: BuiltPage[]): BuiltPage[] {
  return pages.filter((p) => !p.redirect);
}

/** "/brands/acme" → "/brands/*", "/blog/topic/news" → "/blog/topic/*"; one-segment paths stay. */
export function routePattern(path: string): string {
  const segments = path.split('/').filter(Boolean);
  return segments.length > 1 ? `/${[...segments.slice(0, -1), '*'].join('/')}` : path;
}

/**
 * A sample for the browser-driven gates: every route in every language, except that
 * collections (routes with a parameter: one page per brand, category, blog post…) are
 * limited to `perCollection` routes each, the same ones in every language.
 */
export function samplePages(pages: BuiltPage[], perCollection = 3): BuiltPage[] {
  const chosen = new Map<string, Set<string>>();
  const real = realPages(pages);
  for (const p of real) {
    const pattern = routePattern(p.path);
    if (pattern === p.path) continue;
    const set = chosen.get(pattern) ?? new Set<string>();
    chosen.set(pattern, set);
    if (set.size < perCollection) set.add(p.path);
  }
  return real.filter((p) => {
    const pattern = routePattern(p.path);
    return pattern === p.path || (chosen.get(pattern)?.has(p.path) ?? false);
  });
}
