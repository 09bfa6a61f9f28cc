/** /robots.txt with this site's own sitemap URL (each site has its own domain). */
import type { APIContext } from 'astro';
import { site } from '../config/site.ts';

export function GET(context: APIContext) {
  const origin = context.site?.origin ?? `https://${site.site.domain}`;
  return new Response(`User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
}
