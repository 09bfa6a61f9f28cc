/**
 * `npm run cycle -- --site <id> [--local]` (issue 42): one import → build → deploy → purge cycle
 * of an edge site, what the scheduled workflow runs and what an operator runs by hand. Prints,
 * one line each and in this order: the import, the build, `changed files: N of M`, the purge and
 * `cycle: <s> s`.
 *
 * - import: the site's `import.sources` (scripts/ci/import-sites.ts, run as the nightly runs it:
 *   a failed import keeps the last good catalog);
 * - build: `npm run build`'s build of the site into <out>/<site-id> (dist by default);
 * - deploy: with `--local`, the build is what the local edge serves (`npm run edge -- --site <id>`
 *   serves dist/<id>); else `wrangler deploy` (scripts/lib/deploy/edge.ts), which uploads only
 *   the assets whose hash Cloudflare does not have yet;
 * - changed files: the build's files compared with the manifest of the last deploy
 *   (.data/deploy/<id>/manifest.json, ./manifest.ts), written after a deploy succeeds;
 * - purge: the tags of what changed (./purge.ts): the running local edge's purge endpoint with
 *   `--local` (its data folder, .data/edge/<id>, says where it runs; none running: its cache is
 *   purged the next time it starts, see below), else Cloudflare's purge by tag.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseCatalog } from '../../../src/catalog/parse-catalog.ts';
import { readSiteFile } from '../../../src/config/load-file.ts';
import { buildSites, ROOT } from '../build-sites/build.ts';
import { edgeDeployPlan, runEdgeDeploy } from '../deploy/edge.ts';
import { buildStamp, localPurgeToken, PENDING_PURGE, RUNNING_FILE, SERVED_BUILD } from '../edge/run.ts';
import { changedFiles, type DeployManifest, manifestOf } from './manifest.ts';
import { type PurgePlan, purgeCloudflare, purgeLine, purgeLocal, purgePlan } from './purge.ts';

export interface CycleOptions {
  site: string;
  local: boolean;
  sitesDir?: string;
  /** dist folder (default <repo>/dist). */
  outDir?: string;
  /** Where the manifest of the last deploy is kept (default <repo>/.data/deploy). */
  deployDir?: string;
  /** The local edge's data folder (default <repo>/.data/edge/<site>). */
  edgeDataDir?: string;
  /** The import's last good catalog cache (default <repo>/.cache). */
  cacheDir?: string;
  /** The cycle's clock (ISO): the import's and the build's. */
  now?: string;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
  /** The build's and import's own output (default: only the summary lines). */
  verbose?: boolean;
}

export interface CycleResult {
  code: number;
  lines: string[];
  changed?: { changed: string[]; removed: string[]; total: number };
  purge?: PurgePlan;
  seconds?: number;
}

function runNode(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.on('close', (code) => done({ code: code ?? 1, output }));
  });
}

/** The import's summary line from import-sites' output. */
export function importLine(output: string, code: number): string {
  const lines = output.split('\n');
  const counts = lines.filter((l) => /^\[import\] \d+ coupons, /.test(l)).pop();
  if (/IMPORT FAILED/.test(output)) {
    const why = lines.find((l) => l.startsWith('!! Error: '))?.slice(10) ?? 'see the log';
    return `import: FAILED (${why}); built from the last good catalog`;
  }
  if (code !== 0) return `import: FAILED (${lines.find((l) => l.startsWith('✗'))?.slice(2) ?? 'see the log'})`;
  if (!counts)
    return `import: ${
      lines
        .filter((l) => l.startsWith('[import]'))
        .pop()
        ?.slice(9) ?? 'nothing to import'
    }`;
  return `import: ${counts.slice(9)}`;
}

export async function runCycle(options: CycleOptions): Promise<CycleResult> {
  const started = performance.now();
  const lines: string[] = [];
  const out = (line: string) => {
    lines.push(line);
    (options.log ?? console.log)(line);
  };
  const say = options.verbose ? out : () => {};
  const sitesDir = resolve(ROOT, options.sitesDir ?? 'sites');
  const outDir = resolve(ROOT, options.outDir ?? 'dist');
  const deployDir = resolve(ROOT, options.deployDir ?? join('.data', 'deploy'), options.site);
  const edgeDataDir = resolve(ROOT, options.edgeDataDir ?? join('.data', 'edge', options.site));
  const now = options.now ?? new Date().toISOString();
  const env: NodeJS.ProcessEnv = { ...process.env, ...options.env, BUILD_NOW: now };
  // Astro's server-island key is written into the Worker: one per site, so the Worker's bytes stay.
  env.ASTRO_KEY ||= siteAstroKey(deployDir);
  const loaded = readSiteFile(join(sitesDir, `${options.site}.json`));
  if (!loaded.ok) {
    out(`✗ site "${options.site}": ${loaded.problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
    return { code: 2, lines };
  }
  const { config } = loaded;
  if (config.deploy.target !== 'cloudflare') {
    out(
      `✗ site "${options.site}" is not an edge site (deploy.target "${config.deploy.target}"): the cycle deploys edge sites`,
    );
    return { code: 2, lines };
  }

  // 1. import
  const imported = await runNode(
    [
      join(ROOT, 'scripts', 'ci', 'import-sites.ts'),
      '--site',
      options.site,
      '--sites-dir',
      sitesDir,
      '--root',
      ROOT,
      ...(options.cacheDir ? ['--cache-dir', resolve(ROOT, options.cacheDir)] : []),
    ],
    env,
  );
  say(imported.output.trimEnd());
  out(importLine(imported.output, imported.code));
  if (imported.code !== 0) return { code: 1, lines };

  // 2. build
  const buildStarted = performance.now();
  const buildLog: string[] = [];
  const [built] = await buildSites({
    only: [options.site],
    sitesDir,
    outDir,
    verbose: false,
    env: { BUILD_NOW: now, ASTRO_KEY: env.ASTRO_KEY! },
    log: (l) => {
      buildLog.push(l);
      say(l);
    },
  });
  const siteOut = join(outDir, options.site);
  if (!built?.ok) {
    if (!options.verbose) for (const l of buildLog.slice(-20)) out(l);
    out(`build: FAILED (${built?.reason ?? 'see the log'}); nothing deployed`);
    return { code: 1, lines };
  }
  const catalogFile = resolve(ROOT, config.staticData.catalog);
  const parsed = parseCatalog(JSON.parse(readFileSync(catalogFile, 'utf8')));
  if (!parsed.ok) {
    out(`✗ ${catalogFile}: not a catalog after the build`);
    return { code: 1, lines };
  }
  const manifest = manifestOf(options.site, siteOut, parsed.catalog);
  const budget = buildLog.find((l) => /static files \(limit \d+\)/.test(l))?.trim();
  out(
    `build: ${parsed.catalog.brands.length.toLocaleString('en')} brands, ${parsed.catalog.coupons.length.toLocaleString('en')} coupons, ${parsed.catalog.deals.length.toLocaleString('en')} deals → ${Object.keys(manifest.files).length.toLocaleString('en')} files in ${((performance.now() - buildStarted) / 1000).toFixed(1)} s${budget ? ` (${budget})` : ''}`,
  );

  // 3. changed files, deploy
  const manifestFile = join(deployDir, 'manifest.json');
  const before: DeployManifest | null = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as DeployManifest)
    : null;
  const changed = changedFiles(before, manifest);
  out(
    `changed files: ${changed.changed.length.toLocaleString('en')} of ${changed.total.toLocaleString('en')}${changed.removed.length ? ` (${changed.removed.length} removed)` : ''}`,
  );
  const plan = purgePlan(before, manifest);
  if (!options.local) {
    const uploads = changed.changed.filter((p) => p.startsWith('client/')).length;
    // wrangler sends every asset's hash and uploads only those Cloudflare lacks ("Found N new or
    // modified static assets"): unchanged bytes, unchanged hash, nothing uploaded.
    out(`  deploy: ${uploads} changed assets to upload; wrangler deploy uploads only those (by hash)`);
    const deploy = edgeDeployPlan(options.site, siteOut, env);
    const code = await runEdgeDeploy({ ...deploy, purge: null }, env, say);
    if (code !== 0) {
      out(`deploy: FAILED (exit ${code}); manifest not updated, nothing purged`);
      return { code: 1, lines, changed };
    }
  }
  mkdirSync(deployDir, { recursive: true });
  writeFileSync(manifestFile, JSON.stringify(manifest));

  // 4. purge
  out(purgeLine(plan));
  if (options.local) {
    const running = join(edgeDataDir, RUNNING_FILE);
    const url = existsSync(running) ? (JSON.parse(readFileSync(running, 'utf8')) as { url: string }).url : null;
    let purgedNow = false;
    if (url) {
      try {
        await purgeLocal(plan, url, localPurgeToken(edgeDataDir));
        purgedNow = true;
      } catch (error) {
        say(`  local edge at ${url} did not answer (${(error as Error).message}); the purge waits for its next start`);
      }
    }
    if (!purgedNow) mergePending(join(edgeDataDir, PENDING_PURGE), plan);
    // The local edge's cache is purged for this build (no "everything" when it next starts).
    writeFileSync(join(edgeDataDir, SERVED_BUILD), buildStamp(outDir, options.site));
  } else {
    const zone = env.CLOUDFLARE_ZONE_ID?.trim();
    const token = env.CLOUDFLARE_API_TOKEN?.trim();
    if (!zone || !token)
      say('  CLOUDFLARE_ZONE_ID not set: nothing purged; pages go stale within their s-maxage (1 hour)');
    else if (!(await purgeCloudflare(plan, zone, token, { log: out }))) return { code: 1, lines, changed, purge: plan };
  }
  const seconds = (performance.now() - started) / 1000;
  out(`cycle: ${seconds.toFixed(1)} s`);
  return { code: 0, lines, changed, purge: plan, seconds };
}

/**
 * The site's Astro key (ASTRO_KEY: the key of server islands' props, written into the Worker),
 * kept next to its deploy manifest and made once: a new key each build would change the Worker's
 * bytes every time. Set ASTRO_KEY in the environment (a repository secret) to choose it.
 */
export function siteAstroKey(deployDir: string): string {
  const file = join(deployDir, 'astro-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(deployDir, { recursive: true });
  const key = randomBytes(32).toString('base64');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

/** Adds a plan to the pending local purge (everything wins; tags add up). */
export function mergePending(file: string, plan: PurgePlan): void {
  const before: PurgePlan | null = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  let next: PurgePlan = plan;
  if (before?.everything) next = before;
  else if (before && !plan.everything) next = { everything: false, tags: [...new Set([...before.tags, ...plan.tags])] };
  mkdirSync(resolve(file, '..'), { recursive: true });
  writeFileSync(file, JSON.stringify(next));
}
