/**
 * /data/<lang>/<kind>/newest/<page>.json on an edge site (issue 32): the pages after the first,
 * answered by the Worker from the chunk that holds them (./data-pages.ts). Any other /data file
 * is a static asset; an unknown one is a 404.
 */
import type { APIRoute } from 'astro';
import { edgeCacheHeaders } from './cache.ts';
import { chunkFile, newestPage } from './data-pages.ts';
import { edgeAsset, edgeIndex, edgeNow } from './runtime.ts';

export const prerender = false;

const chunks = new Map<string, Promise<Record<string, unknown> | null>>();

export const GET: APIRoute = async ({ params, url }) => {
  const p = newestPage(String(params.file ?? ''));
  const notFound = () =>
    new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' } });
  if (!p) return notFound();
  const name = chunkFile(p);
  let chunk = chunks.get(name);
  if (!chunk) {
    if (chunks.size >= 32) chunks.delete(chunks.keys().next().value!);
    chunk = edgeAsset<Record<string, unknown>>(name, url).catch(() => null);
    chunks.set(name, chunk);
  }
  const page = (await chunk)?.[String(p.page)];
  if (page === undefined) return notFound();
  const { raw } = await edgeIndex(url);
  return new Response(JSON.stringify(page), {
    headers: { 'Content-Type': 'application/json', ...edgeCacheHeaders(raw.version, [], edgeNow().getTime()) },
  });
};
