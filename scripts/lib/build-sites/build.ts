/**
 * Builds sites: validates every `<sites>/*.json` (or the chosen ones) and runs one
 * `astro build` per valid site into `<out>/<site-id>/`. Invalid sites are reported with
 * the file, each JSON path and a plain message; the others still build.
 *
 * An API-mode site (features.staticData.enabled false) first gets its catalog: pulled from the
 * API and saved as `<cache>/<site-id>/catalog.json`, or that last good snapshot when the API
 * fails (reported loudly); no usable snapshot, or `strict`, stops that site only
 * (src/sources/snapshot.ts). Astro then builds from the snapshot file (BUILD_CATALOG_FILE).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { adsBuildWarnings } from '../../../src/ads/build-warnings.ts';
import { thirdPartyOrigins } from '../../../src/ads/core/hosts.ts';
import { resolveApiBaseUrl } from '../../../src/api/base-url.ts';
import { describeLeftOut, liveCatalog } from '../../../src/catalog/live-catalog.ts';
import { describeFallbacks } from '../../../src/catalog/localize-catalog.ts';
import { formatCatalogProblems, parseCatalog } from '../../../src/catalog/parse-catalog.ts';
import type { LocalizedCatalog as Catalog } from '../../../src/catalog/schemas.ts';
import { listSiteFiles, readSiteFile } from '../../../src/config/load-file.ts';
import type { SiteConfig } from '../../../src/config/schema.ts';
import { formatProblems } from '../../../src/config/validate.ts';
import { staticCatalogOf } from '../../../src/sources/catalog-file.ts';
import { apiCatalogOptions, resolveApiCatalog } from '../../../src/sources/snapshot.ts';
import { emptyCatalogProblem, rawCounts } from '../config/catalog-check.ts';
import { envUrlSecret } from '../config/env-check.ts';
import { HeaderLineTooLongError, writeDeployHeaders } from '../deploy/headers.ts';
import { checkEdgeOutput, writeEdgeHeaders } from './edge-output.ts';
import { fetchHealthExport } from './health-from.ts';
import { createBuildOutputFilter } from './output.ts';
import { assertNoSecrets } from './secret-scan.ts';
import { stabilizeWorker } from './stable-worker.ts';

/** More distinct inline scripts than this means some page carries its own (each needs a CSP hash). */
export const MAX_INLINE_SCRIPTS = 20;

/** Post-build: `<out>/_headers` with caching, security headers and the site's exact CSP. */
export function writeSiteHeaders(
  out: string,
  config: SiteConfig,
  catalog: Catalog,
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
): void {
  const base = resolveApiBaseUrl({ override: env.PUBLIC_API_BASE_URL, configBaseUrl: config.api.baseUrl });
  const deploy = writeDeployHeaders({
    dir: out,
    siteId: config.site.id,
    origins: thirdPartyOrigins(config),
    catalog,
    config,
    ...(base ? { apiOrigin: new URL(base).origin } : {}),
  });
  log(`  _headers: CSP with ${deploy.hashes.length} inline-script hashes, ${deploy.csp.length} characters`);
  if (deploy.hashes.length > MAX_INLINE_SCRIPTS) {
    deploy.warnings.push(
      `${deploy.hashes.length} different inline scripts (more than ${MAX_INLINE_SCRIPTS}): a page-specific inline script needs its own CSP hash; pass data in attributes instead`,
    );
  }
  for (const w of deploy.warnings) log(`  ⚠ _headers: ${w}`);
}

export const ROOT = resolve(import.meta.dirname, '../../..');

export interface BuildOptions {
  sitesDir?: string;
  outDir?: string;
  /** Only these site ids (file names); all when empty. */
  only?: string[];
  /** Extra environment for astro build (e.g. PUBLIC_API_BASE_URL). */
  env?: Record<string, string>;
  log?: (line: string) => void;
  /** Pipe astro's own output (default true). */
  verbose?: boolean;
  /** With `verbose`: every line of it, one per page and image (default: those counted, not listed). */
  listPages?: boolean;
  /** API-mode sites: fail when the API fails instead of using the last good snapshot. */
  strict?: boolean;
  /** Where API-mode snapshots are kept (default <repo>/.cache). */
  cacheDir?: string;
  /** Validate and report what would be built; no API call, no astro build. */
  dryRun?: boolean;
  /**
   * `--health-from <origin>` (issue 40): read counted code health from the deployed site's
   * `GET /api/admin/health` (bearer EDGE_ADMIN_TOKEN) and bake it in; a site fails when it cannot.
   */
  healthFrom?: string;
}

export interface SiteBuildResult {
  site: string;
  file: string;
  ok: boolean;
  reason?: string;
  outDir?: string;
  /** "api" or "snapshot" for API-mode sites. */
  catalog?: 'api' | 'snapshot';
}

function runAstroBuild(
  env: NodeJS.ProcessEnv,
  verbose: boolean,
  listPages: boolean,
): Promise<{ code: number; output: string }> {
  return new Promise((resolvePromise) => {
    const astroBin = join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs');
    const child = spawn(process.execPath, [astroBin, 'build'], {
      cwd: ROOT,
      // Always a production build (issue 42): run from vitest (NODE_ENV=test) the Worker bundled
      // React's development build, several times the CPU per page of what a deploy runs.
      env: { ...env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const filter = listPages ? null : createBuildOutputFilter();
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      if (verbose) process.stdout.write(filter ? filter.push(text) : text);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('close', (code) => {
      if (verbose && filter) process.stdout.write(filter.end());
      resolvePromise({ code: code ?? 1, output });
    });
  });
}

/**
 * Checks the catalog file a site names in `staticData.catalog` (relative to the repository) before
 * the build: items that break a rule are listed (entity, id, JSON path, message) and the build
 * goes on without them (src/sources/build.ts reads the file through the same `catalogSchema`);
 * a file that cannot be read or is not a catalog stops that site. null when the site is fine.
 */
const MAX_LISTED = 40;

export function checkCatalogFile(config: SiteConfig, log: (line: string) => void): string | null {
  const name = config.staticData.catalog;
  if (name === 'sample') return null;
  const file = resolve(ROOT, name);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    log(`✗ Cannot read catalog ${name} of site "${config.site.id}": ${(err as Error).message}`);
    return 'unreadable catalog';
  }
  const parsed = parseCatalog(json);
  const all = formatCatalogProblems(parsed.problems).map((line) => `  - ${line}`);
  const lines =
    all.length > MAX_LISTED ? [...all.slice(0, MAX_LISTED), `  … and ${all.length - MAX_LISTED} more`] : all;
  if (!parsed.ok) {
    log(`✗ Invalid catalog ${name} of site "${config.site.id}":\n${lines.join('\n')}`);
    return 'invalid catalog';
  }
  if (parsed.dropped > 0) {
    log(
      `⚠ Catalog ${name}: ${parsed.dropped} invalid item(s) left out of site "${config.site.id}" (${parsed.problems.length} problem(s)):\n${lines.join('\n')}`,
    );
  }
  const empty = emptyCatalogProblem(parsed.catalog, name, config.site.id, rawCounts(json));
  if (empty) {
    log(`✗ ${empty}`);
    return 'empty catalog';
  }
  return null;
}

export async function buildSites(opts: BuildOptions = {}): Promise<SiteBuildResult[]> {
  const log = opts.log ?? ((l: string) => console.log(l));
  const sitesDir = resolve(opts.sitesDir ?? join(ROOT, 'sites'));
  const outRoot = resolve(opts.outDir ?? join(ROOT, 'dist'));
  let files = listSiteFiles(sitesDir);
  if (opts.only && opts.only.length > 0) {
    const missing = opts.only.filter((id) => !files.some((f) => f.name === id));
    for (const id of missing) log(`✗ No site config ${relative(ROOT, join(sitesDir, `${id}.json`))}`);
    files = files.filter((f) => opts.only!.includes(f.name));
    if (missing.length > 0) {
      return [
        ...missing.map((id) => ({ site: id, file: join(sitesDir, `${id}.json`), ok: false, reason: 'not found' })),
        ...(await buildFiles(files)),
      ];
    }
  }
  return buildFiles(files);

  async function buildFiles(list: typeof files): Promise<SiteBuildResult[]> {
    const results: SiteBuildResult[] = [];
    for (const f of list) {
      const shown = relative(process.cwd(), f.file) || f.file;
      const loaded = readSiteFile(f.file);
      if (!loaded.ok) {
        log(`✗ ${formatProblems(shown, loaded.problems)}`);
        results.push({ site: f.name, file: f.file, ok: false, reason: 'invalid config' });
        continue;
      }
      for (const w of adsBuildWarnings(loaded.config)) log(`⚠ ${shown}: ${w}`);
      const catalogProblem = checkCatalogFile(loaded.config, log);
      if (catalogProblem) {
        results.push({ site: f.name, file: f.file, ok: false, reason: catalogProblem });
        continue;
      }
      const envSecret = envUrlSecret({ ...process.env, ...opts.env });
      if (envSecret) {
        log(`✗ Site "${loaded.config.site.id}" not built: ${envSecret}`);
        results.push({ site: f.name, file: f.file, ok: false, reason: 'credential in an address' });
        continue;
      }
      const out = join(outRoot, loaded.config.site.id);
      log(`▶ Building site "${loaded.config.site.id}" from ${shown} → ${relative(process.cwd(), out) || out}`);
      const started = Date.now();
      const env: NodeJS.ProcessEnv = { ...process.env, ...opts.env };
      if (opts.dryRun) {
        const mode = loaded.config.features.staticData.enabled
          ? `static data (${loaded.config.staticData.catalog})`
          : `API ${apiCatalogOptions(loaded.config, env).baseUrl || '(no absolute address)'}, snapshot in ${relative(process.cwd(), resolve(opts.cacheDir ?? join(ROOT, '.cache'), loaded.config.site.id)) || '.'}`;
        log(`  [dry-run] valid; would build from ${mode}${opts.strict ? ', --strict' : ''}`);
        results.push({ site: f.name, file: f.file, ok: true, outDir: out });
        continue;
      }
      let catalog: SiteBuildResult['catalog'];
      let catalogData: Catalog | undefined;
      if (!loaded.config.features.staticData.enabled) {
        try {
          const resolved = await resolveApiCatalog({
            ...apiCatalogOptions(loaded.config, env),
            cacheDir: resolve(opts.cacheDir ?? join(ROOT, '.cache')),
            strict: opts.strict ?? false,
            log,
            warn: log,
          });
          env.BUILD_CATALOG_FILE = resolved.file;
          catalog = resolved.origin;
          catalogData = resolved.catalog;
          const empty = emptyCatalogProblem(
            resolved.catalog,
            resolved.origin === 'api' ? 'from the API' : 'from the last good snapshot',
            loaded.config.site.id,
          );
          if (empty) throw new Error(empty);
        } catch (error) {
          log(`✗ ${(error as Error).message}`);
          results.push({ site: f.name, file: f.file, ok: false, reason: 'no catalog' });
          continue;
        }
      }
      if (opts.healthFrom) {
        // Counted code health of the deployed site (issue 40): baked into the pre-rendered pages.
        try {
          const got = await fetchHealthExport(
            opts.healthFrom,
            env.EDGE_ADMIN_TOKEN,
            resolve(opts.cacheDir ?? join(ROOT, '.cache'), loaded.config.site.id),
          );
          env.BUILD_HEALTH_FILE = got.file;
          log(
            `  code health from ${opts.healthFrom}: ${got.coupons} coupon(s) answered, counted at ${got.generatedAt}`,
          );
        } catch (error) {
          log(`✗ ${(error as Error).message}`);
          results.push({ site: f.name, file: f.file, ok: false, reason: 'no code health' });
          continue;
        }
      }
      // One clock for the whole site build: what is over is judged at this instant (BUILD_NOW).
      env.BUILD_NOW ??= new Date().toISOString();
      const buildNow = new Date(env.BUILD_NOW);
      const live = liveCatalog(catalogData ?? staticCatalogOf(loaded.config, buildNow, ROOT).catalog, buildNow);
      log(describeLeftOut(loaded.config.site.id, live.leftOut));
      log(describeFallbacks(loaded.config.site.id, live.catalog, loaded.config.site));
      const { code, output } = await runAstroBuild(
        {
          ...env,
          SITE_ID: loaded.config.site.id,
          SITES_DIR: sitesDir,
          OUT_DIR: out,
          ASTRO_TELEMETRY_DISABLED: '1',
        },
        opts.verbose ?? true,
        opts.listPages ?? false,
      );
      // An edge site's pages and assets are in <out>/client (the Worker in <out>/server).
      const pages = loaded.config.deploy.target === 'cloudflare' ? join(out, 'client') : out;
      if (code !== 0 || !existsSync(join(pages, 'index.html'))) {
        if (!(opts.verbose ?? true)) log(output.split('\n').slice(-30).join('\n'));
        log(`✗ Site "${loaded.config.site.id}" failed to build (astro exited with ${code})`);
        results.push({ site: f.name, file: f.file, ok: false, reason: `astro build exited with ${code}` });
      } else {
        try {
          writeSiteHeaders(
            pages,
            loaded.config,
            catalogData ?? staticCatalogOf(loaded.config, new Date(), ROOT).catalog,
            env,
            log,
          );
        } catch (error) {
          if (!(error instanceof HeaderLineTooLongError)) throw error;
          log(`✗ ${error.message}`);
          results.push({ site: f.name, file: f.file, ok: false, reason: `${error.header} header line too long` });
          continue;
        }
        try {
          // Again after the headers file (the Astro integration scanned the pages already).
          await assertNoSecrets(out, loaded.config);
          if (loaded.config.deploy.target === 'cloudflare') {
            writeEdgeHeaders(out);
            stabilizeWorker(out);
            log(checkEdgeOutput(out, loaded.config));
          }
        } catch (error) {
          log(`✗ ${(error as Error).message}`);
          results.push({ site: f.name, file: f.file, ok: false, reason: 'output check failed' });
          continue;
        }
        const note = catalog === 'snapshot' ? ' FROM ITS LAST GOOD SNAPSHOT (the API failed)' : '';
        log(`✓ Site "${loaded.config.site.id}" built in ${((Date.now() - started) / 1000).toFixed(1)} s${note}`);
        results.push({ site: f.name, file: f.file, ok: true, outDir: out, ...(catalog ? { catalog } : {}) });
      }
    }
    return results;
  }
}
