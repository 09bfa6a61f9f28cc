/**
 * DEPLOY step of the nightly workflow: publishes dist/<site-id>/ to a static host.
 *
 *   DEPLOY_COMMAND='npx --yes wrangler pages deploy {dir} --project-name {site}' \
 *     node scripts/ci/deploy.ts --site <id> [--dry-run]
 *
 * The host is not hard-wired: DEPLOY_COMMAND is a shell command in which {dir} and {site} are
 * replaced (Cloudflare Pages above; Netlify: `npx --yes netlify-cli deploy --prod --dir {dir}
 * --site $NETLIFY_SITE_ID`; or an rsync to an nginx host, see README "Deploying"). Checks first
 * that the build is complete (index.html, 404.html, _headers). --dry-run prints the command
 * without running it. Without DEPLOY_COMMAND it says so and exits 0 (nothing to deploy to).
 *
 * An edge site (deploy.target "cloudflare" in sites/<id>.json, issue 32) is deployed to
 * Cloudflare Workers instead: `wrangler deploy` of dist/<id>/server/wrangler.json, then a purge of
 * the zone's cache (scripts/lib/deploy/edge.ts; CLOUDFLARE_API_TOKEN, CLOUDFLARE_ACCOUNT_ID and
 * CLOUDFLARE_ZONE_ID from secrets). DEPLOY_COMMAND is not used for it.
 *
 * --nightly (the nightly workflow's DEPLOY step): an edge site is not deployed here, since the
 * hourly cycle (.github/workflows/cycle.yml, `npm run cycle`) deploys it at its deploy.schedule;
 * it says so and exits 0. By hand, without --nightly, an edge site is still deployed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readSiteFile } from '../../src/config/load-file.ts';
import { deployedBy } from '../lib/cycle/schedule.ts';
import { edgeDeployPlan, runEdgeDeploy } from '../lib/deploy/edge.ts';

const { values } = parseArgs({
  options: {
    site: { type: 'string' },
    out: { type: 'string', default: 'dist' },
    'sites-dir': { type: 'string', default: 'sites' },
    'dry-run': { type: 'boolean', default: false },
    nightly: { type: 'boolean', default: false },
  },
});
if (!values.site || !/^[a-z0-9-]+$/.test(values.site)) {
  console.error('Usage: npm run deploy -- --site <site-id> [--dry-run]');
  process.exit(2);
}
const dir = resolve(values.out, values.site);
const siteFile = resolve(values['sites-dir'], `${values.site}.json`);
const loaded = existsSync(siteFile) ? readSiteFile(siteFile) : undefined;
if (values.nightly && loaded?.ok && deployedBy(loaded.config) === 'cycle') {
  console.log(
    `${values.site} is an edge site: the hourly cycle (cycle.yml) deploys it at its deploy.schedule, not the nightly.`,
  );
  process.exit(0);
}
if (loaded?.ok && loaded.config.deploy.target === 'cloudflare') {
  const plan = edgeDeployPlan(values.site, dir, process.env);
  if (values['dry-run']) {
    console.log(
      `[dry-run] would deploy edge site ${values.site}: ${plan.deploy.join(' ')} (D1 ${plan.databaseName}), then ${plan.purge ? `purge ${plan.purge.url}` : 'no purge (CLOUDFLARE_ZONE_ID not set)'}`,
    );
    process.exit(0);
  }
  process.exit(await runEdgeDeploy(plan, process.env, (l) => console.log(l)));
}
const command = process.env.DEPLOY_COMMAND?.trim();
if (values['dry-run']) {
  console.log(
    `[dry-run] would deploy ${dir} with: ${command ? command.replaceAll('{dir}', dir).replaceAll('{site}', values.site) : '(DEPLOY_COMMAND not set: nothing to deploy to)'}`,
  );
  process.exit(0);
}
const missing = ['index.html', '404.html', '_headers'].filter((f) => !existsSync(join(dir, f)));
if (missing.length) {
  console.error(`✗ ${dir} is not a complete build (missing ${missing.join(', ')}); not deploying.`);
  process.exit(1);
}
if (!command) {
  console.log(`DEPLOY_COMMAND is not set: ${values.site} is built and uploaded as an artifact, not deployed.`);
  process.exit(0);
}
const run = command.replaceAll('{dir}', dir).replaceAll('{site}', values.site);
console.log(`Deploying ${values.site}: ${run}`);
const result = spawnSync(run, { shell: true, stdio: 'inherit' });
process.exit(result.status ?? 1);
