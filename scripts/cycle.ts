/**
 * One import → build → deploy → purge cycle of an edge site (issue 42; docs/operators.md
 * "The hourly cycle"):
 *
 *   npm run cycle -- --site <id> [--local] [--sites-dir sites] [--out dist] [--now <ISO>] [--verbose]
 *
 * `--local` deploys into the local edge (`npm run edge -- --site <id>` serves it) and purges its
 * cache; without it, `wrangler deploy` and Cloudflare's purge by tag (CLOUDFLARE_API_TOKEN,
 * CLOUDFLARE_ACCOUNT_ID, CLOUDFLARE_ZONE_ID from the environment). Exit 0: deployed and purged;
 * 1: a step failed (said which); 2: usage.
 */
import { parseArgs } from 'node:util';
import { runCycle } from './lib/cycle/run.ts';

const options = {
  site: { type: 'string' },
  local: { type: 'boolean', default: false },
  'sites-dir': { type: 'string' },
  out: { type: 'string' },
  now: { type: 'string' },
  verbose: { type: 'boolean', default: false },
} as const;
let values: ReturnType<typeof parseArgs<{ options: typeof options }>>['values'];
try {
  ({ values } = parseArgs({ options }));
} catch (error) {
  console.error(`✗ ${(error as Error).message}`);
  process.exit(2);
}
if (!values.site || !/^[a-z0-9-]+$/.test(values.site)) {
  console.error(
    'Usage: npm run cycle -- --site <id> [--local] [--sites-dir sites] [--out dist] [--now <ISO>] [--verbose]',
  );
  process.exit(2);
}
if (values.now !== undefined && Number.isNaN(Date.parse(values.now))) {
  console.error(`✗ --now must be an ISO date and time, got "${values.now}"`);
  process.exit(2);
}
const { code } = await runCycle({
  site: values.site,
  local: values.local,
  ...(values['sites-dir'] ? { sitesDir: values['sites-dir'] } : {}),
  ...(values.out ? { outDir: values.out } : {}),
  ...(values.now ? { now: values.now } : {}),
  verbose: values.verbose,
});
process.exit(code);
