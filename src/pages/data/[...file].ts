/**
 * Static-data mode files under /data/ (layout: src/catalog/static-export.ts), pre-rendered
 * from the build catalog. `file` includes the ".json" suffix, e.g. "coupons/newest/1.json".
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getBuildStaticFiles } from '../../catalog/build-catalog.ts';

export const prerender = true;

export const getStaticPaths = (() =>
  [...getBuildStaticFiles().keys()].map((file) => ({ params: { file } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => {
  const data = params.file === undefined ? undefined : getBuildStaticFiles().get(params.file);
  if (data === undefined) return new Response('Not found', { status: 404 });
  return new Response(JSON.stringify(data), { headers: { 'Content-Type': 'application/json' } });
};
