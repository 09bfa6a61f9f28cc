/**
 * /sitemap.xml: every indexable page in every language with hreflang alternates
 * (src/seo/site-sitemap.ts); on an edge site with the brand pages rendered on demand, and a
 * sitemap index past 50,000 URLs. The audit's SEO gate checks that a static site's lists
 * exactly the built indexable pages.
 */
import type { APIContext } from 'astro';
import { siteOrigin, siteSitemap } from '../seo/site-sitemap.ts';

export async function GET(context: APIContext) {
  const { main } = await siteSitemap(context.site?.origin ?? siteOrigin());
  return new Response(main, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
}
