/**
 * The nightly workflow's matrix: one entry per sites/*.json (valid or not: an invalid site gets
 * its own failing job with the file, the JSON path and the message).
 *
 *   node scripts/ci/site-matrix.ts [--sites-dir sites] [--dry-run]
 *
 * Prints `sites=["default",…]` and, on GitHub Actions (GITHUB_OUTPUT set, not --dry-run),
 * appends it to the step's outputs. Exits 1 when there is no site.
 */
import { appendFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { listSiteFiles } from '../../src/config/load-file.ts';

const { values } = parseArgs({
  options: {
    'sites-dir': { type: 'string', default: 'sites' },
    'dry-run': { type: 'boolean', default: false },
  },
});
const sites = listSiteFiles(resolve(values['sites-dir'])).map((f) => f.name);
if (sites.length === 0) {
  console.error(`No site configs in ${values['sites-dir']}`);
  process.exit(1);
}
const line = `sites=${JSON.stringify(sites)}`;
console.log(line);
if (process.env.GITHUB_OUTPUT && !values['dry-run']) appendFileSync(process.env.GITHUB_OUTPUT, `${line}\n`);
