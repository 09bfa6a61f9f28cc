/**
 * `npm run build` builds every sites/*.json into dist/<site-id>/;
 * `npm run build -- --site <id>` (repeatable) builds only those.
 * `--strict`: an API-mode site whose API fails at build time fails instead of being built from
 * its last good snapshot (.cache/<site-id>/catalog.json; `--cache-dir` to move it).
 * `--health-from <origin>`: bake the counted code health of the deployed edge site or reference API
 * (`GET <origin>/api/admin/health`, bearer EDGE_ADMIN_TOKEN from the environment) into the pages;
 * a site whose health cannot be read fails (docs/operators.md "Code health into the build").
 * `--dry-run`: validate the configs and say what would be built, without building.
 * `--verbose`: astro's every line, one per page and image (by default they are counted, not listed);
 * `--quiet`: none of astro's output.
 * Exits non-zero when any site failed; the valid ones are still built.
 */
import { parseArgs } from 'node:util';
import { buildSites } from './lib/build-sites/build.ts';

const { values } = parseArgs({
  options: {
    site: { type: 'string', multiple: true },
    'sites-dir': { type: 'string' },
    out: { type: 'string' },
    quiet: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    strict: { type: 'boolean', default: false },
    'cache-dir': { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
    'health-from': { type: 'string' },
  },
});
const only = (values.site ?? []).flatMap((s) => s.split(',')).filter(Boolean);
const results = await buildSites({
  only,
  ...(values['sites-dir'] ? { sitesDir: values['sites-dir'] } : {}),
  ...(values.out ? { outDir: values.out } : {}),
  verbose: !values.quiet,
  listPages: values.verbose,
  strict: values.strict,
  dryRun: values['dry-run'],
  ...(values['cache-dir'] ? { cacheDir: values['cache-dir'] } : {}),
  ...(values['health-from'] ? { healthFrom: values['health-from'] } : {}),
});
const failed = results.filter((r) => !r.ok);
const stale = results.filter((r) => r.catalog === 'snapshot');
console.log(
  `\nSites: ${results.length - failed.length} ${values['dry-run'] ? 'valid (dry run: nothing built)' : 'built'}, ${failed.length} failed${failed.length ? ` (${failed.map((f) => f.site).join(', ')})` : ''}` +
    (stale.length ? `; built from a snapshot because the API failed: ${stale.map((s) => s.site).join(', ')}` : ''),
);
if (results.length === 0) {
  console.error('No site configs found.');
  process.exit(1);
}
process.exit(failed.length > 0 ? 1 : 0);
