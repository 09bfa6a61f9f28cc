/**
 * /data/<file> on an edge site (issue 32): every /data file whose number grows with the catalog
 * (./data-chunks.ts), answered by the Worker from the chunk that holds it, the same bytes a static
 * site writes (with the operator's overrides applied, ./data-overrides.ts), with the edge cache
 * headers of the catalog version. The other /data files are
 * static assets (they never reach the Worker); an unknown file is a 404.
 */
import type { APIRoute } from 'astro';
import type { CatalogLanguage } from '../catalog/localized.ts';
import { site } from '../config/site.ts';
import { edgeOverrides } from './admin.ts';
import { edgeCacheHeaders } from './cache.ts';
import { ChunkCache, chunkFile, chunkOf, DATA_INDEX, type DataIndex, fileOf, isChunked } from './data-chunks.ts';
import { overrideDataText } from './data-overrides.ts';
import { edgeAsset, edgeNow, edgeText } from './runtime.ts';
import { dataTags } from './tags.ts';

export const prerender = false;

/** Characters of chunk text an isolate keeps (about six 2 MiB chunks; at most 24 MiB). */
export const KEPT_CHARS = 12 * 1024 * 1024;

let dataIndex: DataIndex | undefined;
const chunks = new ChunkCache(KEPT_CHARS);

const notFound = () =>
  new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' } });

export const GET: APIRoute = async ({ params, url }) => {
  const file = String(params.file ?? '');
  if (!isChunked(file)) return notFound();
  // Kept once read (not while it is read: see ChunkCache).
  const index = dataIndex ?? (await edgeAsset<DataIndex>(DATA_INDEX, url));
  dataIndex = index;
  const n = chunkOf(index, file);
  if (n < 0) return notFound();
  const built = fileOf(await chunks.get(n, () => edgeText(chunkFile(index.first[n]!), url)), file);
  if (built === undefined) return notFound();
  // The operator's overrides in D1 (issue 40, ./data-overrides.ts); the edge cache keys this
  // answer by their version (./edge-cache.ts), so a change shows at once.
  const { version, overrides } = await edgeOverrides();
  const text =
    version === 0
      ? built
      : overrideDataText(file, built, overrides, edgeNow(), site.site.defaultLanguage as CatalogLanguage);
  return new Response(text, {
    headers: {
      'Content-Type': 'application/json',
      ...edgeCacheHeaders(index.version, [], edgeNow().getTime(), dataTags(file)),
    },
  });
};
