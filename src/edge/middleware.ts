/**
 * The Worker's finishing step for what it renders on demand (issue 32), so a page rendered at
 * the edge is the page the build would have written and is served like it: the corrections the
 * build applies to pre-rendered pages (scripts/lib/build-sites/html-fixes.ts: Astro's island style
 * moved into <head>), and the site's CSP and security headers (from /_edge/headers.json, made from
 * its `_headers` after the build: Cloudflare applies `_headers` to static assets only, and a
 * header set by the Worker has no 2,000-character line limit). Pre-rendered pages are left to
 * the build.
 */

import { defineMiddleware } from 'astro:middleware';
import type { APIContext, MiddlewareNext } from 'astro';
import { fixBuiltHtml } from '../astro/html-fix.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  // Loaded here, not at the top: the middleware also runs while pages are pre-rendered in Node,
  // where `cloudflare:workers` (./runtime.ts, ./edge-cache.ts) does not exist.
  const { answerFromEdgeCache } = await import('./edge-cache.ts');
  // The edge cache (issue 42, ./edge-cache.ts).
  return answerFromEdgeCache(context.request, () => finish(context, next));
});

async function finish(context: APIContext, next: MiddlewareNext): Promise<Response> {
  const response = await next();
  const { edgeHeaders } = await import('./runtime.ts');
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(await edgeHeaders(context.url)))
    if (!headers.has(name)) headers.set(name, value);
  const html = response.headers.get('Content-Type')?.startsWith('text/html');
  const body = html ? fixBuiltHtml(await response.text()) : response.body;
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
