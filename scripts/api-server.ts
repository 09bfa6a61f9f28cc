/**
 * The reference API server (SPEC §7 over a catalog), for API-mode development and e2e tests:
 *
 *   npm run api -- [--port 3001] [--host 127.0.0.1] [--catalog file.json] [--site default] [--data .data/]
 *
 * --catalog  a catalog JSON file (src/catalog/schemas.ts `parseCatalog`: invalid items are dropped and
 *            listed, the rest is served); default: the built-in sample.
 * --site     serve the public subset of sites/<id>.json (validated) at GET /config/<id>.config.json.
 * --limits   "off": no per-address limit, no minimum fill time, no daily budget (end-to-end tests,
 *            where every request comes from one address); default: the --site config's `limits`
 *            and `deploy.d1.dailyWrites`, or their defaults (docs/operators.md "Write limits").
 * --data     the folder of the SQLite database (api.sqlite) that keeps code feedback, usage, contact
 *            messages, newsletter sign-ups and ad events across restarts; default `.data/`
 *            (docs/code-health.md).
 * Faults, envelopes and /__state are described in scripts/lib/api-server/faults.ts and replies.ts.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { formatCatalogProblems, parseCatalog } from '../src/catalog/parse-catalog.ts';
import { publicSiteConfig } from '../src/config/public.ts';
import { formatProblems, parseSiteConfigText } from '../src/config/validate.ts';
import { startApiServer } from './lib/api-server/server.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.PORT ?? '3001' },
    host: { type: 'string', default: '127.0.0.1' },
    catalog: { type: 'string' },
    site: { type: 'string' },
    data: { type: 'string', default: '.data' },
    limits: { type: 'string' },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be a port number, got "${values.port}"`);

let catalog: import('../src/catalog/schemas.ts').LocalizedCatalog | undefined;
if (values.catalog) {
  const file = resolve(values.catalog);
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    fail(`Cannot read catalog ${file}: ${(error as Error).message}`);
  }
  const parsed = parseCatalog(json);
  const lines = formatCatalogProblems(parsed.problems).map((line) => `  - ${line}`);
  if (!parsed.ok) fail(`Invalid catalog ${file}:\n${lines.join('\n')}`);
  if (parsed.dropped > 0) {
    const shown = lines.length > 10 ? [...lines.slice(0, 10), `  … and ${lines.length - 10} more`] : lines;
    console.warn(
      `Catalog ${file}: ${parsed.dropped} invalid item(s) dropped, the rest is served:\n${shown.join('\n')}`,
    );
  }
  catalog = parsed.catalog;
}

if (values.limits !== undefined && values.limits !== 'off') fail(`--limits takes only "off", got "${values.limits}"`);

let siteConfig: unknown;
let limits: import('../src/config/schema-limits.ts').LimitsConfig | 'off' | undefined =
  values.limits === 'off' ? 'off' : undefined;
let dailyWrites: number | undefined;
if (values.site) {
  const file = resolve('sites', `${values.site}.json`);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    fail(`No site config at ${file}`);
  }
  const result = parseSiteConfigText(text);
  if (!result.ok) fail(formatProblems(file, result.problems));
  // Only the public subset, as a built site publishes it (src/config/public.ts).
  siteConfig = publicSiteConfig(result.config);
  limits ??= result.config.limits;
  dailyWrites = result.config.deploy.d1?.dailyWrites;
}

const server = await startApiServer({
  port,
  host: values.host,
  catalog,
  siteConfig,
  dataDir: values.data,
  ...(limits ? { limits } : {}),
  ...(dailyWrites ? { dailyWrites } : {}),
});
console.log(
  `Reference API at ${server.url}/api  (catalog: ${values.catalog ?? 'built-in sample'}` +
    `${values.site ? `, site: ${values.site}` : ''}, data: ${server.store.location})  Ctrl+C to stop`,
);
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => server.close().then(() => process.exit(0)));
