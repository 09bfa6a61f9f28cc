/**
 * /sitemap-<n>.xml on an edge site (injected by src/astro/edge-routes.ts, pre-rendered): the
 * child sitemaps of /sitemap.xml once the site's pages, the brand pages its Worker renders on
 * demand included, are past 50,000 URLs or 50 MB (src/seo/site-sitemap.ts). None otherwise.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { siteSitemap } from '../seo/site-sitemap.ts';

export const prerender = true;

export const getStaticPaths: GetStaticPaths = async () => {
  const { children } = await siteSitemap();
  return children.map((_, i) => ({ params: { n: String(i + 1) } }));
};

export const GET: APIRoute = async ({ params }) => {
  const { children } = await siteSitemap();
  const body = children[Number(params.n) - 1];
  if (body === undefined) return new Response(null, { status: 404 });
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
