/**
 * sitemap.xml from the list of built routes: one <url> per indexable page in every language,
 * with xhtml:link hreflang alternates (every language the same path is built in, plus
 * x-default → the default language), matching the <link rel="alternate"> tags of BaseLayout.
 */
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

export function sitemapXml(opts: {
  origin: string;
  urls: string[];
  languages: readonly string[];
  defaultLanguage: string;
}): string {
  const { origin, languages, defaultLanguage: def } = opts;
  const indexable = [...new Set(opts.urls)].filter((u) => !NOINDEX_PATH.test(splitLocale(u, languages, def).path));
  const langsByPath = new Map<string, Set<string>>();
  for (const u of indexable) {
    const { lang, path } = splitLocale(u, languages, def);
    langsByPath.set(path, (langsByPath.get(path) ?? new Set()).add(lang));
  }
  const entries = indexable.sort().map((u) => {
    const { path } = splitLocale(u, languages, def);
    const built = langsByPath.get(path) ?? new Set();
    const alternates = languages
      .filter((l) => built.has(l))
      .map((l) => ({ hreflang: l, href: absoluteUrl(origin, localizePath(path, l, def)) }));
    alternates.push({ hreflang: 'x-default', href: absoluteUrl(origin, localizePath(path, def, def)) });
    const links = alternates
      .map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeXml(a.href)}"/>`)
      .join('');
    return `<url><loc>${escapeXml(absoluteUrl(origin, u))}</loc>${links}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}
