/**
 * The site's sitemap, built at build time: every page route of src/pages (through its
 * getStaticPaths) in every language, without the noindex ones, with hreflang alternates
 * (src/seo/sitemap.ts), brand pages with a `<lastmod>` (./brand-lastmod.ts: a code the shoppers'
 * verdict hides does not move it). A static site's is one `/sitemap.xml`, as always. An edge site
 * (deploy.target cloudflare, issue 32) lists as well every brand page its Worker renders on
 * demand, in every language, and past the sitemaps.org limits (50,000 URLs or 50 MB a file;
 * 25 MiB, Cloudflare's limit for one asset, is the smaller)
 * `/sitemap.xml` becomes a sitemap index naming `/sitemap-<n>.xml` (src/edge/sitemap-route.ts):
 * a few static files, counted in the site's `deploy.prerender.maxFiles`.
 */
import { site } from '../config/site.ts';
import { BUILD_TIME, getBuildCatalog, getBuildSource } from '../sources/build.ts';
import { brandLastmods } from './brand-lastmod.ts';
import {
  brandPageUrls,
  EDGE_SITEMAP_LIMITS,
  makePaginate,
  type RouteParams,
  routeUrl,
  sitemapEntries,
  sitemapFiles,
  urlsetXml,
} from './sitemap.ts';

type PageModule = {
  getStaticPaths?: (opts: { paginate: ReturnType<typeof makePaginate> }) => unknown;
};

const routes = import.meta.glob<PageModule>('../pages/**/*.astro');

/** The URL of every page src/pages builds (route files as "./[...lang]/brands/[slug].astro"). */
async function builtPageUrls(): Promise<string[]> {
  const urls: string[] = [];
  for (const [key, load] of Object.entries(routes)) {
    const file = key.replace(/^\.\.\/pages\//, './');
    if (!file.includes('[')) {
      urls.push(routeUrl(file, {}));
      continue;
    }
    const mod = await load();
    const paths = ((await mod.getStaticPaths?.({ paginate: makePaginate(file) })) ?? []) as unknown[];
    for (const entry of paths.flat()) urls.push(routeUrl(file, (entry as { params?: RouteParams }).params ?? {}));
  }
  return urls;
}

export const siteOrigin = () => `https://${site.site.domain}`;

let pending: Promise<{ main: string; children: string[] }> | undefined;

/** `main`: the body of /sitemap.xml; `children`: the child sitemaps of an edge site's index (none otherwise). */
export function siteSitemap(origin = siteOrigin()): Promise<{ main: string; children: string[] }> {
  pending ??= (async () => {
    const { supportedLanguages: languages, defaultLanguage } = site.site;
    const urls = await builtPageUrls();
    const edge = site.deploy.target === 'cloudflare';
    if (edge) {
      const brands = await (await getBuildSource()).brands.list();
      // One by one: 400,000 URLs (100,000 brands) as arguments of one push() overflow the stack.
      for (const url of brandPageUrls(
        brands.map((b) => b.slug),
        languages,
        defaultLanguage,
      ))
        urls.push(url);
    }
    // Brand pages carry a <lastmod>: when what they offer last changed (./brand-lastmod.ts).
    const lastmod = brandLastmods(await getBuildCatalog(), BUILD_TIME, site.health);
    const entries = sitemapEntries({ origin, urls, languages, defaultLanguage, lastmod });
    if (!edge) return { main: urlsetXml(entries), children: [] };
    // Within the sitemaps.org limits and Cloudflare's 25 MiB a file (a 10,000-brand site's one
    // sitemap is 23.8 MB: about 590 bytes a URL with its four alternates).
    return sitemapFiles(entries, origin, EDGE_SITEMAP_LIMITS);
  })();
  return pending;
}
