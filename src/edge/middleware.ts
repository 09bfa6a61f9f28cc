/**
 * The Worker's finishing step for on-demand HTML (issue 32), so a page rendered at the edge is
 * the page the build would have written: the corrections the build applies to pre-rendered
 * pages (scripts/lib/build-sites/html-fixes.ts: Astro's island style moved into <head>).
 * Pre-rendered pages are left to the build.
 */
import { defineMiddleware } from 'astro:middleware';
import { fixBuiltHtml } from '../lib/astro/html-fix.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  if (context.isPrerendered || !response.headers.get('Content-Type')?.startsWith('text/html')) return response;
  const html = fixBuiltHtml(await response.text());
  return new Response(html, { status: response.status, statusText: response.statusText, headers: response.headers });
});
