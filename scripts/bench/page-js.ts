/**
 * Which JavaScript files a built page loads before any interaction, with their gzip sizes (the
 * weight gate's rules, scripts/lib/audit/weight.ts). For finding what makes a page heavy.
 *
 *   node scripts/bench/page-js.ts [--dir dist/default] / /search /brands/amazon
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { discoverPages } from '../lib/audit/pages.ts';
import { measurePage } from '../lib/audit/weight.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { dir: { type: 'string', default: 'dist/default' } },
});
const dir = resolve(values.dir);
const pages = discoverPages(dir);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
for (const url of positionals.length ? positionals : ['/']) {
  const page = pages.find((p) => p.url === url || p.url === url.replace(/\/$/, ''));
  if (!page) {
    console.error(`No built page at ${url} in ${dir}`);
    process.exitCode = 1;
    continue;
  }
  const w = measurePage(dir, page);
  console.log(`${page.url} (${page.type}): ${kb(w.js)} KB gzip of JS before interaction`);
  const rows = w.jsFiles.map((f) => ({ f, gz: gzipSync(readFileSync(join(dir, f)), { level: 9 }).length }));
  for (const r of rows.sort((a, b) => b.gz - a.gz)) console.log(`  ${kb(r.gz).padStart(6)}  ${r.f}`);
}
