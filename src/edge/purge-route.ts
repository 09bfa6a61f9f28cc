/**
 * POST /_edge/purge on a local edge (issue 42): the purge by tag of the Worker's edge cache
 * (./edge-cache.ts), answered only when the Worker has EDGE_PURGE_TOKEN (`npm run edge` sets
 * it); a 404 on a deployed site, whose cache Cloudflare's purge by tag empties.
 */
import type { APIRoute } from 'astro';

export const prerender = false;

export const ALL: APIRoute = async ({ request }) => {
  const { localPurge } = await import('./edge-cache.ts');
  return (
    (await localPurge(request)) ??
    new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' } })
  );
};
