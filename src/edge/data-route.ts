/**
 * /_edge/<file>.json on an edge site (injected by src/lib/astro/edge-routes.ts, pre-rendered):
 * the index and the catalog shards the Worker renders the long tail from (./shards.ts).
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { BUILD_TIME, getBuildCatalog } from '../sources/build.ts';
import { EDGE_INDEX, edgeShards } from './shards.ts';

export const prerender = true;

let pending: Promise<ReturnType<typeof edgeShards>> | undefined;
const data = () => {
  pending ??= getBuildCatalog().then((catalog) => edgeShards(catalog, BUILD_TIME));
  return pending;
};

export const getStaticPaths: GetStaticPaths = async () => {
  const { shards } = await data();
  return [EDGE_INDEX, ...shards.keys()].map((file) => ({ params: { file } }));
};

export const GET: APIRoute = async ({ params }) => {
  const { index, shards } = await data();
  const body = params.file === EDGE_INDEX ? index : shards.get(String(params.file));
  return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
};
