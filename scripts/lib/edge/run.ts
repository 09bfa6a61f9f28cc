/**
 * Serves a built edge site locally in workerd through `wrangler dev` (issue 32): its static
 * assets, the on-demand pages and the API, with D1 persisted in a local folder. Loopback only.
 * `startEdge` resolves once the site answers; `stop()` ends wrangler (SIGTERM) and waits for it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { hashPassword } from '../../../src/server/admin-session.ts';
import { type PurgePlan, purgeLocal } from '../cycle/purge.ts';

/** A local purge a cycle left while no local edge ran (scripts/lib/cycle/run.ts). */
export const PENDING_PURGE = 'pending-purge.json';

export const ROOT = resolve(import.meta.dirname, '../../..');

export interface EdgeOptions {
  site: string;
  port?: number;
  /** Where D1 (and the rest of the local state) is kept; default .data/edge/<site>. */
  dataDir?: string;
  /** dist folder of the build (default <repo>/dist). */
  distDir?: string;
  /** A fixed clock for the Worker (ISO): EDGE_NOW. */
  now?: string;
  /** Serve these static assets instead of the build's client folder (parity test). */
  assetsDir?: string;
  /** Print wrangler's output (default false: only errors are kept for the message). */
  verbose?: boolean;
  /**
   * The Worker secret EDGE_ADMIN_TOKEN (bearer token of GET /api/admin/health, issue 40); default
   * the environment's EDGE_ADMIN_TOKEN. Given to wrangler in a `.dev.vars` file (mode 0600) next
   * to a copy of the config in a private temporary folder, never on the command line.
   */
  adminToken?: string;
  /**
   * The console's password (issue 40 part 5); default the environment's ADMIN_PASSWORD, hashed at
   * start into the Worker secret ADMIN_PASSWORD_HASH (or ADMIN_PASSWORD_HASH itself from the
   * environment). The session secret is the environment's ADMIN_SESSION_SECRET or a random one.
   */
  adminPassword?: string;
}

export interface RunningEdge {
  url: string;
  /** The local purge endpoint's token (src/edge/edge-cache.ts; issue 42). */
  purgeToken: string;
  stop(): Promise<void>;
}

/**
 * The token of a local edge's purge endpoint (src/edge/edge-cache.ts), kept in its data folder
 * (made once): `npm run edge` gives it to the Worker, `npm run cycle -- --local` purges with it.
 */
export function localPurgeToken(dataDir: string): string {
  const file = join(dataDir, 'purge-token');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const token = randomBytes(24).toString('hex');
  writeFileSync(file, token, { mode: 0o600 });
  return token;
}

/**
 * Which build a local edge's cache was last purged for (a hash of its /_edge/index.json, which
 * changes with every build): a build the cycle did not deploy (a plain `npm run build`) empties
 * the cache when the edge starts, so no page of an older build is served from it.
 */
export const SERVED_BUILD = 'served-build';

export function buildStamp(distDir: string, site: string): string {
  const file = join(distDir, site, 'client', '_edge', 'index.json');
  return existsSync(file) ? createHash('sha1').update(readFileSync(file)).digest('hex') : '';
}

/** Where a running local edge of a data folder says its address (read by the cycle's purge). */
export const RUNNING_FILE = 'running.json';

/** The wrangler config the build wrote for the site; a clear message when the site is not built as an edge site. */
export function builtWranglerConfig(site: string, distDir = join(ROOT, 'dist')): string {
  const file = join(distDir, site, 'server', 'wrangler.json');
  if (!existsSync(file))
    throw new Error(
      `No edge build of site "${site}" (${file} is missing): build it with deploy.target "cloudflare" first, e.g. npm run build -- --site ${site}`,
    );
  return file;
}

/** A copy of the config whose assets are `assetsDir` (everything else as built). */
function withAssets(configFile: string, assetsDir: string): string {
  const config = JSON.parse(readFileSync(configFile, 'utf8'));
  const serverDir = resolve(configFile, '..');
  config.main = resolve(serverDir, config.main);
  config.assets = { ...config.assets, directory: resolve(assetsDir) };
  for (const db of config.d1_databases ?? []) delete db.migrations_dir;
  delete config.configPath;
  delete config.userConfigPath;
  const dir = mkdtempSync(join(tmpdir(), 'edge-config-'));
  const file = join(dir, 'wrangler.json');
  writeFileSync(file, JSON.stringify(config));
  return file;
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.body?.cancel();
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`wrangler dev did not answer at ${url}:\n${output()}`);
}

/** A copy of the config in a private temporary folder with the secrets in its `.dev.vars`. */
function withSecrets(configFile: string, secrets: Record<string, string>): { file: string; dir: string } {
  const config = JSON.parse(readFileSync(configFile, 'utf8'));
  const serverDir = resolve(configFile, '..');
  config.main = resolve(serverDir, config.main);
  if (config.assets?.directory)
    config.assets = { ...config.assets, directory: resolve(serverDir, config.assets.directory) };
  for (const db of config.d1_databases ?? []) delete db.migrations_dir;
  delete config.configPath;
  delete config.userConfigPath;
  const dir = mkdtempSync(join(tmpdir(), 'edge-secrets-'));
  const file = join(dir, 'wrangler.json');
  writeFileSync(file, JSON.stringify(config));
  const lines = Object.entries(secrets).map(([k, v]) => `${k}=${JSON.stringify(v)}`);
  writeFileSync(join(dir, '.dev.vars'), `${lines.join('\n')}\n`, { mode: 0o600 });
  return { file, dir };
}

export async function startEdge(options: EdgeOptions): Promise<RunningEdge> {
  const port = options.port ?? 8787;
  let config = builtWranglerConfig(options.site, options.distDir);
  if (options.assetsDir) config = withAssets(config, options.assetsDir);
  const adminToken = options.adminToken ?? process.env.EDGE_ADMIN_TOKEN;
  const secrets: Record<string, string> = adminToken ? { EDGE_ADMIN_TOKEN: adminToken } : {};
  const password = options.adminPassword ?? process.env.ADMIN_PASSWORD;
  const passwordHash = password ? await hashPassword(password) : process.env.ADMIN_PASSWORD_HASH;
  if (passwordHash) {
    secrets.ADMIN_PASSWORD_HASH = passwordHash;
    secrets.ADMIN_SESSION_SECRET = process.env.ADMIN_SESSION_SECRET ?? randomBytes(32).toString('hex');
  }
  let secretsDir: string | undefined;
  if (Object.keys(secrets).length > 0) {
    const copy = withSecrets(config, secrets);
    config = copy.file;
    secretsDir = copy.dir;
  }
  const dataDir = resolve(options.dataDir ?? join(ROOT, '.data', 'edge', options.site));
  mkdirSync(dataDir, { recursive: true });
  const purgeToken = localPurgeToken(dataDir);
  const args = [
    join(ROOT, 'node_modules', 'wrangler', 'bin', 'wrangler.js'),
    'dev',
    '--config',
    config,
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--inspector-port',
    String(port + 1000),
    '--persist-to',
    dataDir,
    '--show-interactive-dev-session=false',
    '--log-level',
    'error',
    '--var',
    `EDGE_PURGE_TOKEN:${purgeToken}`,
    ...(options.now ? ['--var', `EDGE_NOW:${options.now}`] : []),
  ];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    // No telemetry, no update check: nothing leaves the machine.
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: process.env.CI ?? '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    output = (output + text).slice(-8000);
    if (options.verbose) process.stdout.write(text);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const running = join(dataDir, RUNNING_FILE);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(running, { force: true });
    if (secretsDir) rmSync(secretsDir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(url, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  writeFileSync(running, JSON.stringify({ url, pid: child.pid }));
  // A cycle that ran while no local edge did left its purge here (issue 42): applied before serving.
  // A build no cycle deployed: everything (its cache may hold pages of an older build).
  const pending = join(dataDir, PENDING_PURGE);
  const served = join(dataDir, SERVED_BUILD);
  const stamp = buildStamp(resolve(options.distDir ?? join(ROOT, 'dist')), options.site);
  if (existsSync(served) && readFileSync(served, 'utf8') !== stamp && !existsSync(pending))
    writeFileSync(pending, JSON.stringify({ everything: true, why: 'a build no cycle deployed' }));
  writeFileSync(served, stamp);
  if (existsSync(pending)) {
    try {
      await purgeLocal(JSON.parse(readFileSync(pending, 'utf8')) as PurgePlan, url, purgeToken);
      rmSync(pending, { force: true });
    } catch (error) {
      await stop();
      throw error;
    }
  }
  return { url, purgeToken, stop };
}
