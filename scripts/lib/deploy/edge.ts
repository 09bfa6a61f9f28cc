/**
 * Deploying an edge site (deploy.target cloudflare, issue 32) from the nightly workflow:
 * 1. check the build is complete (client/index.html, client/404.html, client/_headers,
 *    server/wrangler.json);
 * 2. point the Worker's D1 binding at the site's database (CLOUDFLARE_D1_DATABASE_ID, or the id
 *    `wrangler d1 info <name> --json` reports for `coupons-<site>-feedback`);
 * 3. `wrangler deploy --config <out>/server/wrangler.json` (CLOUDFLARE_API_TOKEN and
 *    CLOUDFLARE_ACCOUNT_ID from the environment, i.e. repository secrets, never files);
 * 4. purge the zone's cache (CLOUDFLARE_ZONE_ID; Cloudflare API `purge_cache`,
 *    `purge_everything`), so no page of the old catalog is served from the edge cache. Without
 *    a zone id the step says so: on-demand pages then go stale within their s-maxage (1 hour at
 *    most, src/edge/cache.ts).
 * `edgeDeployPlan` is pure (what would run), `runEdgeDeploy` runs it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface EdgeDeployPlan {
  /** Files of the build that are missing (nothing is deployed then). */
  missing: string[];
  /** Environment variables that must be set and are not. */
  unset: string[];
  config: string;
  databaseName: string;
  deploy: string[];
  /** The purge request, or null without CLOUDFLARE_ZONE_ID. */
  purge: { url: string; body: string } | null;
}

export const REQUIRED_ENV = ['CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_ACCOUNT_ID'] as const;

export function edgeDeployPlan(site: string, dir: string, env: NodeJS.ProcessEnv): EdgeDeployPlan {
  const config = join(dir, 'server', 'wrangler.json');
  const missing = ['client/index.html', 'client/404.html', 'client/_headers', 'server/wrangler.json'].filter(
    (f) => !existsSync(join(dir, f)),
  );
  const zone = env.CLOUDFLARE_ZONE_ID?.trim();
  return {
    missing,
    unset: REQUIRED_ENV.filter((name) => !env[name]?.trim()),
    config,
    databaseName: `coupons-${site}-feedback`,
    deploy: ['npx', 'wrangler', 'deploy', '--config', config],
    purge: zone
      ? {
          url: `https://api.cloudflare.com/client/v4/zones/${encodeURIComponent(zone)}/purge_cache`,
          body: JSON.stringify({ purge_everything: true }),
        }
      : null,
  };
}

function databaseId(plan: EdgeDeployPlan, env: NodeJS.ProcessEnv): string {
  const fromEnv = env.CLOUDFLARE_D1_DATABASE_ID?.trim();
  if (fromEnv) return fromEnv;
  const info = spawnSync('npx', ['wrangler', 'd1', 'info', plan.databaseName, '--json'], { encoding: 'utf8' });
  const id = info.status === 0 ? (JSON.parse(info.stdout) as { uuid?: string }).uuid : undefined;
  if (!id)
    throw new Error(
      `No D1 database "${plan.databaseName}": create it once with npx wrangler d1 create ${plan.databaseName}, or set CLOUDFLARE_D1_DATABASE_ID`,
    );
  return id;
}

/** Runs the plan; returns the exit code. */
export async function runEdgeDeploy(plan: EdgeDeployPlan, env: NodeJS.ProcessEnv, log: (l: string) => void) {
  if (plan.missing.length) {
    log(`✗ not a complete edge build (missing ${plan.missing.join(', ')}); not deploying.`);
    return 1;
  }
  if (plan.unset.length) {
    log(`✗ ${plan.unset.join(' and ')} not set (repository secrets): not deploying.`);
    return 1;
  }
  const config = JSON.parse(readFileSync(plan.config, 'utf8'));
  for (const db of config.d1_databases ?? []) if (db.binding === 'DB') db.database_id = databaseId(plan, env);
  writeFileSync(plan.config, JSON.stringify(config));
  log(`Deploying: ${plan.deploy.join(' ')}`);
  const [command, ...args] = plan.deploy;
  const result = spawnSync(command!, args, { stdio: 'inherit', env });
  if (result.status !== 0) return result.status ?? 1;
  if (!plan.purge) {
    log(
      'CLOUDFLARE_ZONE_ID not set: cache not purged; on-demand pages go stale within their s-maxage (1 hour at most).',
    );
    return 0;
  }
  const res = await fetch(plan.purge.url, {
    method: 'POST',
    headers: { Authorization: `Bearer ${env.CLOUDFLARE_API_TOKEN}`, 'Content-Type': 'application/json' },
    body: plan.purge.body,
  });
  log(res.ok ? '✓ edge cache purged' : `✗ cache purge failed: HTTP ${res.status}`);
  return res.ok ? 0 : 1;
}
