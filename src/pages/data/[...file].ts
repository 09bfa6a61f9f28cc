/**
 * Static-data mode files under /data/ (layout: src/sources/static/format.ts), pre-rendered
 * from the build's catalog (in API mode: the catalog pulled from the API, the browser's
 * fallback). `file` includes the ".json" suffix, e.g. "coupons/newest/1.json".
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { offerFormats } from '../../components/offers/format-seed.ts';
import { site } from '../../config/site.ts';
import { isChunked } from '../../edge/data-chunks.ts';
import { getBuildStaticFiles } from '../../sources/build.ts';

const files = () => getBuildStaticFiles(offerFormats);

export const prerender = true;

/** An edge site leaves the files whose number grows with the catalog to its Worker (src/edge/data-chunks.ts). */
const edge = site.deploy.target === 'cloudflare';

export const getStaticPaths = (async () =>
  [...(await files()).keys()]
    .filter((file) => !edge || !isChunked(file))
    .map((file) => ({ params: { file } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const data = params.file === undefined ? undefined : (await files()).get(params.file);
  if (data === undefined) return new Response('Not found', { status: 404 });
  return new Response(JSON.stringify(data), { headers: { 'Content-Type': 'application/json' } });
};
