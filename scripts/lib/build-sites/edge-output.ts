/**
 * The limits of an edge site's output (issue 32): Cloudflare takes at most `deploy.prerender.maxFiles`
 * files (20,000 on the free plan) and no file over 25 MiB. `edgeOutputFigures` counts what the
 * build wrote under <out>/client (the static assets); `checkEdgeOutput` throws with the figures
 * when a limit is broken, so the site is reported as failed.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { SiteConfig } from '../../../src/config/schema.ts';
import { CLOUDFLARE_MAX_FILE_BYTES } from '../../../src/config/schema-deploy.ts';
import { EDGE_DIR, EDGE_HEADERS } from '../../../src/edge/shards.ts';
import { headersFor, parseHeadersFile } from '../deploy/headers.ts';

export const MAX_FILE_BYTES = CLOUDFLARE_MAX_FILE_BYTES;

export interface OutputFigures {
  files: number;
  bytes: number;
  largest: { file: string; bytes: number };
}

export function outputFigures(dir: string): OutputFigures {
  const figures: OutputFigures = { files: 0, bytes: 0, largest: { file: '', bytes: 0 } };
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) {
        const size = statSync(path).size;
        figures.files++;
        figures.bytes += size;
        if (size > figures.largest.bytes) figures.largest = { file: relative(dir, path), bytes: size };
      }
    }
  };
  walk(dir);
  return figures;
}

export function checkEdgeOutput(out: string, config: Pick<SiteConfig, 'deploy'>): string {
  const f = outputFigures(join(out, 'client'));
  const limit = config.deploy.prerender.maxFiles;
  const mib = (n: number) => (n / 1024 / 1024).toFixed(1);
  const line = `  edge: ${f.files} static files (limit ${limit}), ${mib(f.bytes)} MiB, largest ${f.largest.file} ${mib(f.largest.bytes)} MiB`;
  if (f.files > limit)
    throw new Error(`${line}: more files than deploy.prerender.maxFiles; lower deploy.prerender.brandsPerLanguage`);
  if (f.largest.bytes > MAX_FILE_BYTES) throw new Error(`${line}: a file is over 25 MiB`);
  return line;
}

/**
 * The headers the site's `_headers` gives a page (CSP with the site's hashes and hosts, security
 * headers), written to <out>/client/_edge/headers.json for the Worker, which sets them on the
 * pages it renders (Cloudflare applies `_headers` to static assets only). Cache-Control is the
 * Worker's own (src/edge/cache.ts).
 */
export function writeEdgeHeaders(out: string): Record<string, string> {
  const client = join(out, 'client');
  const rules = parseHeadersFile(readFileSync(join(client, '_headers'), 'utf8'));
  const { 'Cache-Control': _cache, ...headers } = headersFor(rules, '/brands/on-demand');
  writeFileSync(join(client, EDGE_DIR, EDGE_HEADERS), JSON.stringify(headers));
  return headers;
}
