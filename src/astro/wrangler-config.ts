/**
 * The Wrangler config of an edge site (issue 32), written at build time to
 * `.cache/edge/<site-id>/wrangler.json` and handed to @astrojs/cloudflare, which completes it
 * into the deployable `dist/<site-id>/server/wrangler.json`: the Worker's name, its D1 database
 * (binding DB; the id comes from CLOUDFLARE_D1_DATABASE_ID when deploying, a local one otherwise)
 * and Node compatibility. Nothing secret is written: the API token stays in the environment.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { SiteConfig } from '../config/schema.ts';

export const EDGE_COMPATIBILITY_DATE = '2026-01-01';

export function wranglerConfigOf(config: Pick<SiteConfig, 'site'>, env: NodeJS.ProcessEnv = process.env) {
  const name = `coupons-${config.site.id}`;
  return {
    name,
    compatibility_date: EDGE_COMPATIBILITY_DATE,
    compatibility_flags: ['nodejs_compat'],
    d1_databases: [
      {
        binding: 'DB',
        database_name: `${name}-feedback`,
        database_id: env.CLOUDFLARE_D1_DATABASE_ID || `local-${name}-feedback`,
      },
    ],
  };
}

/** Writes the config; returns its path. */
export function writeWranglerConfig(config: Pick<SiteConfig, 'site'>, root: string): string {
  const dir = resolve(root, '.cache', 'edge', config.site.id);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'wrangler.json');
  writeFileSync(file, `${JSON.stringify(wranglerConfigOf(config), null, 2)}\n`);
  return file;
}
