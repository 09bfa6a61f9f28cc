/**
 * /_edge/<file>.json on an edge site (injected by src/lib/astro/edge-routes.ts, pre-rendered):
 * the index and the catalog shards the Worker renders the long tail from (./shards.ts), and
 * the chunks of the /data export's newest-list pages it answers (./data-pages.ts).
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { offerFormats } from '../components/offers/format-seed.ts';
import { BUILD_TIME, getBuildCatalog, getBuildStaticFiles } from '../sources/build.ts';
import { dataChunks } from './data-pages.ts';
import { EDGE_INDEX, edgeShards } from './shards.ts';

export const prerender = true;

let pending: Promise<ReturnType<typeof edgeShards> & { chunks: Map<string, unknown> }> | undefined;
const data = () => {
  pending ??= (async () => ({
    ...edgeShards(await getBuildCatalog(), BUILD_TIME),
    chunks: dataChunks(await getBuildStaticFiles(offerFormats)),
  }))();
  return pending;
};

export const getStaticPaths: GetStaticPaths = async () => {
  const { shards, chunks } = await data();
  return [EDGE_INDEX, ...shards.keys(), ...chunks.keys()].map((file) => ({ params: { file } }));
};

export const GET: APIRoute = async ({ params }) => {
  const { index, shards, chunks } = await data();
  const file = String(params.file);
  const body = file === EDGE_INDEX ? index : (shards.get(file) ?? chunks.get(file));
  return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
};
