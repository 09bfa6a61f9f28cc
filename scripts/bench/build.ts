/**
 * Build benchmark: builds the default site (all four languages) from deterministic generated
 * catalogs and prints, per catalog, the wall time of `npm run build` for that site, its CPU time
 * (user + system, all processes: the figure that does not depend on what else the machine
 * runs), pages per second of each, the peak memory of the build (largest process, from GNU
 * time), and the output size.
 *
 *   node scripts/bench/build.ts [--sizes sample,1k,10k,100k,100k-lean] [--targets static,cloudflare] [--keep]
 *
 * Targets (issue 32): `static` (deploy.target static: every page a file) and `cloudflare`
 * (deploy.target cloudflare: the head pre-rendered within deploy.prerender.maxFiles, the rest
 * rendered by the Worker); for `cloudflare` the files and bytes are the static assets uploaded
 * (<out>/client) and the largest file is shown (Cloudflare's limit: 25 MiB).
 *
 * Catalogs: "sample" (the built-in 50 brands), "1k" (1,000 brands, 10,000 coupons, 2,000 deals),
 * "10k" (10,000 brands, 100,000 coupons, 20,000 deals), "100k" (100,000 brands, 1,000,000 coupons,
 * 200,000 deals), "100k-lean" (100,000 brands, 200,000 coupons, 40,000 deals), all with seed 1 and
 * the clock fixed at 2026-05-10 (BUILD_NOW), written to .tmp/bench-build/ and built from there
 * (static-data mode with staticData.catalog). Prints figures only; --keep keeps the builds.
 *
 * What is not built is said, never guessed at as a measurement:
 * - a catalog whose JSON is longer than V8's longest string (512 MiB: the build reads a catalog
 *   file with one JSON.parse) cannot be read by any build: "100k" is about 1.5 GB. Its size is
 *   measured (stringified in pieces) and printed;
 * - a static build of more than 10,000 brands (about 8 HTML pages and 13 files per brand, 0.6 MB
 *   of output per brand: 58 GB at 100k) is not run: with a static build of 1k or more measured in
 *   the same run, the row gives an estimate scaled from it, labelled "estimate".
 * Catalogs over 10,000 brands build with a 10 GiB heap (NODE_OPTIONS=--max-old-space-size).
 */

import { constants } from 'node:buffer';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { generateCatalog } from '../../src/catalog/sample.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const WORK = join(ROOT, '.tmp', 'bench-build');
const NOW = '2026-05-10T12:00:00.000Z';

const SIZES: Record<string, { brands: number; coupons: number; deals: number } | null> = {
  sample: null,
  '1k': { brands: 1_000, coupons: 10_000, deals: 2_000 },
  '10k': { brands: 10_000, coupons: 100_000, deals: 20_000 },
  '100k': { brands: 100_000, coupons: 1_000_000, deals: 200_000 },
  '100k-lean': { brands: 100_000, coupons: 200_000, deals: 40_000 },
};
/** Static builds above this many brands are estimated, not run (tens of GB, hours on 2 cores). */
const STATIC_MAX_BRANDS = 10_000;
const BIG_HEAP = ['--max-old-space-size=10240'];
const TARGETS = ['static', 'cloudflare'] as const;

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: 'sample,1k,10k,100k,100k-lean' },
    targets: { type: 'string', default: 'static,cloudflare' },
    keep: { type: 'boolean', default: false },
  },
});

function walk(dir: string): { files: number; pages: number; bytes: number; largest: number } {
  let files = 0;
  let pages = 0;
  let bytes = 0;
  let largest = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p);
    if (st.isDirectory()) {
      const sub = walk(p);
      files += sub.files;
      pages += sub.pages;
      bytes += sub.bytes;
      largest = Math.max(largest, sub.largest);
    } else {
      files++;
      bytes += st.size;
      largest = Math.max(largest, st.size);
      if (name.endsWith('.html')) pages++;
    }
  }
  return { files, pages, bytes, largest };
}

const targets = values.targets.split(',').map((t) => t.trim());
for (const t of targets) {
  if (!(TARGETS as readonly string[]).includes(t)) {
    console.error(`Unknown target "${t}" (use ${TARGETS.join(', ')})`);
    process.exit(1);
  }
}

/** The length of JSON.stringify(catalog), counted list by list in pieces (no string over V8's limit). */
function jsonLength(catalog: Record<string, unknown>): number {
  let length = 2 + Object.keys(catalog).length - 1;
  for (const [key, value] of Object.entries(catalog)) {
    length += JSON.stringify(key).length + 1;
    if (!Array.isArray(value)) {
      length += JSON.stringify(value).length;
      continue;
    }
    length += 2 + Math.max(0, value.length - 1);
    for (let i = 0; i < value.length; i += 10_000)
      length += JSON.stringify(value.slice(i, i + 10_000)).length - 2 - (Math.min(10_000, value.length - i) - 1);
  }
  return length;
}

/** Measured static builds of this run: brands → figures, for the estimate of a larger one. */
const measuredStatic = new Map<number, { pages: number; files: number; bytes: number; seconds: number; cpu: number }>();

function notBuilt(label: string, target: string, counts: string, why: string): string {
  console.log(`${label} ${target}: not built: ${why}`);
  if (!values.keep) rmSync(join(WORK, 'dist', `bench-${label}-${target}`), { recursive: true, force: true });
  return `| ${label} | ${target} | ${counts} | not built: ${why} |||||||||`;
}

function staticEstimate(label: string, counts: string, brands: number): string {
  const base = [...measuredStatic.entries()].filter(([b]) => b >= 1_000).sort((a, b) => b[0] - a[0])[0];
  const why = `a static build of ${brands.toLocaleString('en')} brands is about ${(brands * 8).toLocaleString('en')} HTML pages`;
  if (!base) return notBuilt(label, 'static', counts, `${why}; add 1k or 10k to --sizes for an estimate`);
  const [from, m] = base;
  const k = brands / from;
  const est = `estimate from this run's ${from.toLocaleString('en')}-brand static build × ${k}, not measured`;
  console.log(`${label} static: not built (${why}); ${est}`);
  return `| ${label} | static | ${counts} | ~${Math.round(m.pages * k).toLocaleString('en')} (estimate) | ~${Math.round(m.files * k).toLocaleString('en')} (estimate) | ~${((m.seconds * k) / 60).toFixed(0)} min (estimate) | | ~${((m.cpu * k) / 60).toFixed(0)} min (estimate) | | | ~${((m.bytes * k) / 1024 ** 3).toFixed(0)} GB (estimate) | ${est} |`;
}

function benchOne(label: string, target: (typeof TARGETS)[number]): string {
  const id = `bench-${label}-${target}`;
  const sitesDir = join(WORK, 'sites');
  const outDir = join(WORK, 'dist');
  mkdirSync(sitesDir, { recursive: true });
  const config = JSON.parse(readFileSync(join(ROOT, 'sites', 'default.json'), 'utf8'));
  config.site.id = id;
  config.site.supportedLanguages = ['en', 'es', 'fr', 'de'];
  config.features.staticData.enabled = true;
  config.deploy = { target };
  const size = SIZES[label];
  let counts = 'sample (50 brands, 98 coupons, 48 deals)';
  if (size) {
    counts = `${size.brands.toLocaleString('en')} brands, ${size.coupons.toLocaleString('en')} coupons, ${size.deals.toLocaleString('en')} deals`;
    if (target === 'static' && size.brands > STATIC_MAX_BRANDS) return staticEstimate(label, counts, size.brands);
    const file = join(WORK, `catalog-${label}.json`);
    if (!existsSync(file)) {
      const started = performance.now();
      const catalog = generateCatalog({ ...size, seed: 1, now: new Date(NOW) });
      const length = jsonLength(catalog);
      if (length > constants.MAX_STRING_LENGTH)
        return notBuilt(
          label,
          target,
          counts,
          `its catalog file is ${(length / 1e6).toFixed(0)} million characters of JSON (measured), over V8's longest string (${constants.MAX_STRING_LENGTH.toLocaleString('en')} characters): the build reads a catalog file with one JSON.parse`,
        );
      writeFileSync(file, JSON.stringify(catalog));
      console.log(
        `${label}: catalog written in ${((performance.now() - started) / 1000).toFixed(1)} s (${(length / 1e6).toFixed(0)} million characters)`,
      );
    }
    config.staticData = { catalog: relative(ROOT, file) };
  }
  writeFileSync(join(sitesDir, `${id}.json`), JSON.stringify(config, null, 2));
  rmSync(join(outDir, id), { recursive: true, force: true });

  console.log(`${label}: building ${id} …`);
  const run = spawnSync(
    '/usr/bin/time',
    [
      '-f',
      'BENCH %e s %U u %S s %M KB',
      process.execPath,
      'scripts/build-sites.ts',
      '--sites-dir',
      sitesDir,
      '--out',
      outDir,
      '--site',
      id,
      '--quiet',
    ],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: {
        ...process.env,
        BUILD_NOW: NOW,
        ...(size && size.brands > STATIC_MAX_BRANDS ? { NODE_OPTIONS: BIG_HEAP.join(' ') } : {}),
      },
      maxBuffer: 1 << 28,
    },
  );
  const m = /BENCH ([\d.]+) s ([\d.]+) u ([\d.]+) s (\d+) KB/.exec(run.stderr);
  if (run.status !== 0 || !m) {
    console.error(run.stdout.slice(-3000), run.stderr.slice(-3000));
    // A build that fails (e.g. an edge site over its file budget) is a row with the reason, not a figure.
    const reason =
      `${run.stdout}\n${run.stderr}`
        .split('\n')
        .find((l) => l.includes('✗'))
        ?.trim() ?? 'see the log above';
    const time = m
      ? ` after ${Number(m[1]).toFixed(0)} s (CPU ${(Number(m[2]) + Number(m[3])).toFixed(0)} s, peak ${(Number(m[4]) / 1024).toFixed(0)} MB)`
      : '';
    process.exitCode = 1;
    return notBuilt(label, target, counts, `the build failed${time}: ${reason.replace(/\|/g, '/')}`);
  }
  const seconds = Number(m[1]);
  const cpu = Number(m[2]) + Number(m[3]);
  const peakMb = Number(m[4]) / 1024;
  // An edge site uploads its static assets (client); the Worker (server) is one small bundle.
  const out = walk(target === 'cloudflare' ? join(outDir, id, 'client') : join(outDir, id));
  if (target === 'static' && size) measuredStatic.set(size.brands, { ...out, seconds, cpu });
  const row = `| ${label} | ${target} | ${counts} | ${out.pages.toLocaleString('en')} | ${out.files.toLocaleString('en')} | ${seconds.toFixed(0)} s | ${(out.pages / seconds).toFixed(0)} | ${cpu.toFixed(0)} s | ${(out.pages / cpu).toFixed(0)} | ${peakMb.toFixed(0)} MB | ${(out.bytes / 1024 / 1024).toFixed(0)} MB | ${(out.largest / 1024 / 1024).toFixed(1)} MB |`;
  console.log(row);
  if (!values.keep) rmSync(join(outDir, id), { recursive: true, force: true });
  return row;
}

const rows: string[] = [];
for (const label of values.sizes.split(',').map((s) => s.trim())) {
  if (!(label in SIZES)) {
    console.error(`Unknown size "${label}" (use ${Object.keys(SIZES).join(', ')})`);
    process.exit(1);
  }
  for (const target of targets) rows.push(benchOne(label, target as (typeof TARGETS)[number]));
}

console.log(
  '\n| catalog | target | contents | HTML pages | files | wall time | pages/s (wall) | CPU time | pages per CPU s | peak memory | output | largest file |\n| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
);
for (const r of rows) console.log(r);
