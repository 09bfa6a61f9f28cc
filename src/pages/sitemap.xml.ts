/**
 * /sitemap.xml: every page route of src/pages (through its getStaticPaths) in every language,
 * without the noindex ones, with hreflang alternates. The audit's SEO gate checks that it
 * lists exactly the built indexable pages.
 */
import type { APIContext } from 'astro';
import { site } from '../config/site.ts';
import { makePaginate, type RouteParams, routeUrl, sitemapXml } from '../lib/sitemap.ts';

type PageModule = {
  getStaticPaths?: (opts: { paginate: ReturnType<typeof makePaginate> }) => unknown;
};

const routes = import.meta.glob<PageModule>('./**/*.astro');

export async function GET(context: APIContext) {
  const urls: string[] = [];
  for (const [file, load] of Object.entries(routes)) {
    if (!file.includes('[')) {
      urls.push(routeUrl(file, {}));
      continue;
    }
    const mod = await load();
    const paths = ((await mod.getStaticPaths?.({ paginate: makePaginate(file) })) ?? []) as unknown[];
    for (const entry of paths.flat()) urls.push(routeUrl(file, (entry as { params?: RouteParams }).params ?? {}));
  }
  const body = sitemapXml({
    origin: context.site?.origin ?? `https://${site.site.domain}`,
    urls,
    languages: site.site.supportedLanguages,
    defaultLanguage: site.site.defaultLanguage,
  });
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
}
