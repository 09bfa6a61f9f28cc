/**
 * The hourly cycle workflow's matrix (issue 42): the edge sites due at this hour
 * (scripts/lib/cycle/schedule.ts), as `sites=[…]`, appended to GITHUB_OUTPUT on GitHub Actions.
 *
 *   node scripts/ci/due-sites.ts [--sites-dir sites] [--at <ISO instant>]
 *
 * An invalid site config is named and left out (the nightly workflow fails it loudly).
 */
import { appendFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { listSiteFiles, readSiteFile } from '../../src/config/load-file.ts';
import { dueSites } from '../lib/cycle/schedule.ts';

const { values } = parseArgs({
  options: { 'sites-dir': { type: 'string', default: 'sites' }, at: { type: 'string' } },
});
const at = values.at ? new Date(values.at) : new Date();
if (Number.isNaN(at.getTime())) {
  console.error(`✗ --at "${values.at}" is not a date`);
  process.exit(2);
}
const configs = [];
for (const f of listSiteFiles(resolve(values['sites-dir']))) {
  const loaded = readSiteFile(f.file);
  if (loaded.ok) configs.push(loaded.config);
  else console.error(`✗ ${f.file}: invalid, left out (${loaded.problems[0]?.path}: ${loaded.problems[0]?.message})`);
}
const line = `sites=${JSON.stringify(dueSites(configs, at))}`;
console.log(line);
if (process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, `${line}\n`);
