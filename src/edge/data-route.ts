/**
 * /_edge/<file> on an edge site (injected by src/astro/edge-routes.ts, pre-rendered): the
 * index and the catalog shards the Worker renders the long tail from (./shards.ts), and the
 * chunks of the /data export it answers (./data-chunks.ts) with their index.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { offerFormats } from '../components/offers/format-seed.ts';
import { site } from '../config/site.ts';
import { getBuildCatalog, getBuildStaticFiles } from '../sources/build.ts';
import { readImportReport } from '../sources/catalog-file.ts';
import { type ChunkPlan, chunkFile, chunkText, DATA_INDEX, type DataIndex, planChunks } from './data-chunks.ts';
import { commonOf, EDGE_COMMON, EDGE_IMPORT_REPORT, EDGE_INDEX, edgeShards, shardFile } from './shards.ts';

export const prerender = true;

/**
 * The shards, and where each chunked /data file goes. Only the plan is kept (paths): a chunk's
 * text is made when its file is written (the export's texts together are hundreds of MB at
 * 100,000 brands), from the same values the static route writes.
 */
let pending:
  | Promise<
      ReturnType<typeof edgeShards> & {
        common: ReturnType<typeof commonOf>;
        files: Map<string, unknown>;
        plan: ChunkPlan;
      }
    >
  | undefined;
const data = () => {
  pending ??= (async () => {
    const files = await getBuildStaticFiles(offerFormats);
    const sizes = function* (): Generator<[string, number]> {
      for (const [path, value] of files) yield [path, JSON.stringify(value).length];
    };
    const catalog = await getBuildCatalog();
    return { ...edgeShards(catalog), common: commonOf(catalog), files, plan: planChunks(sizes()) };
  })();
  return pending;
};

export const getStaticPaths: GetStaticPaths = async () => {
  const { shards, plan } = await data();
  // The last import's report for the console (issue 40), when the site's catalog file has one.
  const report = readImportReport(site.staticData.catalog) === null ? [] : [EDGE_IMPORT_REPORT];
  return [EDGE_INDEX, EDGE_COMMON, ...shards.keys(), DATA_INDEX, ...report, ...plan.index.first.map(chunkFile)].map(
    (file) => ({ params: { file } }),
  );
};

const CHUNK = /^data\/[0-9a-f]{16}\.txt$/;

export const GET: APIRoute = async ({ params }) => {
  const { index, shards, common, files, plan } = await data();
  const file = String(params.file);
  const chunk = CHUNK.exec(file);
  if (chunk) {
    const paths = plan.chunks[plan.index.first.findIndex((key) => chunkFile(key) === file)] ?? [];
    const text = chunkText(paths.map((path): [string, string] => [path, JSON.stringify(files.get(path))]));
    return new Response(text, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  if (file === EDGE_IMPORT_REPORT)
    return new Response(JSON.stringify(readImportReport(site.staticData.catalog)), {
      headers: { 'Content-Type': 'application/json' },
    });
  const dataIndex: DataIndex = { version: index.version, ...plan.index };
  const shard = shards.get(file);
  const body =
    file === EDGE_INDEX
      ? index
      : file === DATA_INDEX
        ? dataIndex
        : file === EDGE_COMMON
          ? common
          : shard && shardFile(shard);
  return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
};
