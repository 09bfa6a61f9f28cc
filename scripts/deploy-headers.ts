/**
 * The deploy headers of a built site (`npm run build` writes dist/<site-id>/_headers):
 *
 *   node scripts/deploy-headers.ts --site default            summary: rules and the CSP
 *   node scripts/deploy-headers.ts --site default --nginx    the same as nginx directives
 *   node scripts/deploy-headers.ts --site default --root /srv/www/default --nginx
 *
 * --dry-run checks the arguments and the build folder only (CI's workflow test).
 * Exits 1 when the site has no _headers (not built).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { formatNginx, parseHeadersFile } from './lib/deploy/headers.ts';

const { values } = parseArgs({
  options: {
    site: { type: 'string', default: 'default' },
    dir: { type: 'string' },
    root: { type: 'string' },
    nginx: { type: 'boolean', default: false },
    'dry-run': { type: 'boolean', default: false },
  },
});
const dir = resolve(values.dir ?? join('dist', values.site));
const file = join(dir, '_headers');
if (values['dry-run']) {
  console.log(`[dry-run] would read ${file}${values.nginx ? ' and print nginx directives' : ''}`);
  process.exit(0);
}
if (!existsSync(file)) {
  console.error(`No ${file}. Build the site first: npm run build -- --site ${values.site}`);
  process.exit(1);
}
const rules = parseHeadersFile(readFileSync(file, 'utf8'));
if (values.nginx) {
  console.log(formatNginx(rules, values.root ?? dir));
} else {
  for (const r of rules) console.log(`${r.path}\n${r.headers.map(([k, v]) => `  ${k}: ${v}`).join('\n')}`);
}
