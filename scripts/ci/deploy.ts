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
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    site: { type: 'string' },
    out: { type: 'string', default: 'dist' },
    'dry-run': { type: 'boolean', default: false },
  },
});
if (!values.site || !/^[a-z0-9-]+$/.test(values.site)) {
  console.error('Usage: npm run deploy -- --site <site-id> [--dry-run]');
  process.exit(2);
}
const dir = resolve(values.out, values.site);
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
