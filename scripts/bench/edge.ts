/**
 * On-demand render benchmark of an edge site in workerd (issue 32): serves a built edge site
 * with `npm run edge`'s runner on loopback and loads long-tail brand pages (those the build did
 * not pre-render, rotating over brands and languages so shards are read too) with autocannon for
 * a bounded time. Prints requests per second and p50 / p95 latency of 200 responses.
 * With `--paths data`: the browser's brand shards (/data/<lang>/brands/shard/<n>.json, 100 spread
 * over each language's shards), which the Worker answers from its /data chunks (src/edge/
 * data-chunks.ts), so most requests read a chunk cold.
 *
 *   node scripts/bench/edge.ts [--site edge] [--dist dist] [--port 8799] [--seconds 10] [--connections 8] [--paths brands|data]
 *   npm run bench:edge -- --site <id> [--dist dist] --cpu
 *
 * `--cpu` (issue 42): the CPU time of each request instead, measured as CPU: the same Worker
 * bundle loaded in Node (scripts/lib/edge/node-worker.ts), one request at a time, process CPU
 * (user + system) per request, for long-tail brand pages and /data answers (shards read cold
 * included: the requests rotate over more shards than an isolate keeps). Prints one line each,
 * starting with `cpu`, with p50 and p95.
 *
 * Build the site first (e.g. `npm run build -- --sites-dir tests/fixtures/sites --site edge`, or
 * `node scripts/bench/build.ts --sizes 10k --targets cloudflare --keep` then
 * `--site bench-10k-cloudflare --dist .tmp/bench-build/dist`). Figures only, nothing asserted.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import type { EdgeIndex } from '../../src/edge/shards.ts';
import { ROOT, startEdge } from '../lib/edge/run.ts';

const { values } = parseArgs({
  options: {
    site: { type: 'string', default: 'edge' },
    dist: { type: 'string', default: 'dist' },
    port: { type: 'string', default: '8799' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '8' },
    paths: { type: 'string', default: 'brands' },
    cpu: { type: 'boolean', default: false },
  },
});
const seconds = Math.min(60, Math.max(1, Number(values.seconds)));
const connections = Math.min(64, Math.max(1, Number(values.connections)));
const distDir = resolve(ROOT, values.dist);
const client = join(distDir, values.site, 'client');
const index = JSON.parse(readFileSync(join(client, '_edge', 'index.json'), 'utf8')) as EdgeIndex;
const langs = ['', ...['es', 'fr', 'de'].filter((l) => existsSync(join(client, l)))].map((l) => (l ? `/${l}` : ''));
/** 100 brand shards of each language, spread over all of them. */
function dataPaths(): string[] {
  return langs.flatMap((l) => {
    const meta = JSON.parse(readFileSync(join(client, 'data', l, 'meta.json'), 'utf8')) as { brandShards: number[] };
    const count = meta.brandShards.length;
    const step = Math.max(1, Math.floor(count / 100));
    return Array.from({ length: Math.min(100, count) }, (_, i) => `/data${l}/brands/shard/${i * step}.json`);
  });
}
const kind = values.paths === 'data' ? 'brand shards (/data)' : 'long-tail pages';
const longTail = index.brands
  .map(([slug]) => slug)
  .filter((slug) => !existsSync(join(client, 'brands', `${slug}.html`)));
/** 400 long-tail brands spread over the catalog (so over its shards), in every language. */
const brandPaths = () => {
  const step = Math.max(1, Math.floor(longTail.length / 400));
  return longTail
    .filter((_, i) => i % step === 0)
    .slice(0, 400)
    .flatMap((slug) => langs.map((l) => `${l}/brands/${slug}`));
};
/** Node's version, read before the Worker's runtime shims replace `process`. */
const nodeVersion = process.version;
if (values.cpu) {
  await cpuBench();
  process.exit(0);
}
const paths =
  values.paths === 'data'
    ? dataPaths()
    : longTail.slice(0, 400).flatMap((slug) => langs.map((l) => `${l}/brands/${slug}`));
if (paths.length === 0) {
  console.error('No long-tail brand in this build (every brand page was pre-rendered)');
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-edge-'));
const edge = await startEdge({ site: values.site, distDir, port: Number(values.port), dataDir });
try {
  // One request per shard first is not done on purpose: the figures include shard reads.
  let next = 0;
  const latencies: number[] = [];
  const instance = autocannon({
    url: edge.url,
    connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (req: { path: string }) => {
          req.path = paths[next++ % paths.length]!;
          return req;
        },
      },
    ],
  });
  const other = new Map<number, number>();
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    if (status === 200) latencies.push(ms);
    else other.set(status, (other.get(status) ?? 0) + 1);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  console.log(
    `\n| site | ${kind} | connections | seconds | requests/s | p50 | p95 | non-2xx |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n| ${values.site} (${index.brands.length.toLocaleString('en')} brands) | ${paths.length.toLocaleString('en')} | ${connections} | ${seconds} | ${result.requests.average.toFixed(0)} | ${at(50).toFixed(0)} ms | ${at(95).toFixed(0)} ms | ${result.non2xx}${other.size > 0 ? ` (${[...other].map(([code, n]) => `${code}: ${n}`).join(', ')})` : ''} |`,
  );
} finally {
  await edge.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

/** `--cpu`: CPU time per request of the Worker in Node (see the header). */
async function cpuBench() {
  const { cpuMsSince, cpuNow, loadWorkerInNode } = await import('../lib/edge/node-worker.ts');
  const worker = await loadWorkerInNode(join(distDir, values.site, 'server'), client);
  const at = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  const measure = async (label: string, list: string[]) => {
    // Warm the code (JIT), not the data: other requests first, not counted.
    for (const path of list.slice(-40).reverse()) await (await worker.fetch(`http://localhost${path}`)).text();
    const cpu: number[] = [];
    let failed = 0;
    for (const path of list) {
      const since = cpuNow();
      const res = await worker.fetch(`http://localhost${path}`);
      await res.text();
      const ms = cpuMsSince(since);
      if (res.status === 200) cpu.push(ms);
      else failed++;
    }
    cpu.sort((a, b) => a - b);
    console.log(
      `cpu ${label}: p50 ${at(cpu, 50).toFixed(1)} ms, p95 ${at(cpu, 95).toFixed(1)} ms, max ${at(cpu, 100).toFixed(1)} ms ` +
        `(${cpu.length} requests${failed ? `, ${failed} not 200` : ''}; ${values.site}, ${index.brands.length.toLocaleString('en')} brands; Node ${nodeVersion}, process CPU per request)`,
    );
  };
  if (longTail.length === 0) console.log('cpu brand pages: none (every brand page was pre-rendered)');
  else await measure('brand page (long tail, on demand)', brandPaths());
  await measure('/data answer (brand shards)', dataPaths());
}
