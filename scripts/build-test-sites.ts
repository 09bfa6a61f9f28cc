/**
 * Builds the sites the browser tests run against:
 * - dist/default: the default site (static-data mode), its tracking calls sent to the
 *   reference API of this run (so its CSP allows that origin);
 * - dist/apimode: tests/fixtures/sites/apimode.json (API mode), pre-rendered from the
 *   reference API server, which this script runs on 127.0.0.1:3001 during the build;
 * - dist/hostile: tests/fixtures/sites/hostile.json (static-data mode over the hostile catalog
 *   tests/fixtures/catalogs/hostile.json, with a long site name and long navigation labels);
 * - dist/hostile-api: tests/fixtures/sites/hostile-api.json (API mode), pre-rendered from a
 *   reference API server over the hostile catalog on 127.0.0.1:3002;
 * - dist/operator: tests/fixtures/sites/operator.json (static-data mode over the operator catalog
 *   tests/fixtures/catalogs/operator.json, dark theme, hero image, featured ids in the config);
 * - dist/revenue: tests/fixtures/sites/revenue.json (the default site plus a direct-sold campaign,
 *   Amazon Associates products, a facebook entry and extra ads.txt lines; tests/e2e/revenue).
 * - dist/truth: tests/fixtures/sites/truth.json (static-data mode over the offer-truth catalog
 *   tests/fixtures/catalogs/truth.json, built at its fixed instant TRUTH_BUILD_NOW so its offers
 *   end before and after the build; see docs/offer-truth.md).
 * - dist/edge: tests/fixtures/sites/edge.json (deploy.target cloudflare: 10 brands per language
 *   pre-rendered, the other 40 rendered on demand by its Worker; `npm run edge`, project "edge").
 * - dist/edge-large: tests/fixtures/sites/edge-large.json (deploy.target cloudflare, English, over
 *   2,000 generated brands written to .tmp/test-catalogs/ first, tests/fixtures/catalogs/edge-large.ts;
 *   `npm run edge`, project "edge-large": issue 40 "Done when" on a site of thousands of brands).
 * - dist/imported: tests/fixtures/sites/imported.json (static data over
 *   tests/fixtures/catalogs/imported.json, what `npm run import` writes from the five network
 *   fixtures of tests/fixtures/import), built at IMPORTED_BUILD_NOW, the instant it was imported at.
 * - dist/markets: tests/fixtures/sites/markets.json (static data over
 *   tests/fixtures/catalogs/markets.json, one market per language; issue 39).
 * - dist/edge-markets: tests/fixtures/sites/edge-markets.json (the same catalog and markets,
 *   deploy.target cloudflare, every brand page on demand; tests/e2e/edge/markets.spec.ts).
 */

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseCatalog } from '../src/catalog/parse-catalog.ts';
import { EDGE_LARGE_NOW, writeEdgeLargeCatalog } from '../tests/fixtures/catalogs/edge-large.ts';
import { IMPORTED_BUILD_NOW } from '../tests/fixtures/catalogs/imported.ts';
import { TRUTH_BUILD_NOW } from '../tests/fixtures/catalogs/truth.ts';

/** The markets fixture (issue 39, tests/e2e/markets/): its offers run 2026-11-01 to 2027-06-30. */
const MARKETS_BUILD_NOW = '2026-11-20T12:00:00.000Z';

import { startApiServer } from './lib/api-server/server.ts';
import { buildSites, ROOT } from './lib/build-sites/build.ts';

/** E2E_API_PORT lets several checkouts run their suites side by side (default 3001). */
const API_PORT = Number(process.env.E2E_API_PORT ?? 3001);
const API_ORIGIN = `http://127.0.0.1:${API_PORT}`;
/** The reference API over the hostile catalog (default: E2E_API_PORT + 1). */
const HOSTILE_API_PORT = Number(process.env.E2E_HOSTILE_API_PORT ?? API_PORT + 1);
const HOSTILE_API_ORIGIN = `http://127.0.0.1:${HOSTILE_API_PORT}`;
export const HOSTILE_CATALOG = 'tests/fixtures/catalogs/hostile.json';

const quiet = process.argv.includes('--quiet');
const results = [
  ...(await buildSites({ only: ['default'], verbose: !quiet, env: { PUBLIC_API_BASE_URL: API_ORIGIN } })),
];

/** Builds one API-mode fixture site while a reference API server runs on `port`. */
async function buildApiSite(site: string, port: number, origin: string, options = {}) {
  let api: Awaited<ReturnType<typeof startApiServer>> | undefined;
  try {
    api = await startApiServer({ port, host: '127.0.0.1', ...options });
  } catch (err) {
    console.warn(`Reference API not started (${(err as Error).message}); is one already running on ${port}?`);
  }
  try {
    results.push(
      ...(await buildSites({
        sitesDir: 'tests/fixtures/sites',
        only: [site],
        verbose: !quiet,
        env: { API_BASE_URL: origin, PUBLIC_API_BASE_URL: origin },
      })),
    );
  } finally {
    await api?.close();
  }
}

await buildApiSite('apimode', API_PORT, API_ORIGIN);
results.push(
  ...(await buildSites({
    sitesDir: 'tests/fixtures/sites',
    only: ['hostile', 'operator', 'revenue', 'edge'],
    verbose: !quiet,
  })),
);
results.push(
  ...(await buildSites({
    sitesDir: 'tests/fixtures/sites',
    only: ['truth'],
    verbose: !quiet,
    env: { BUILD_NOW: TRUTH_BUILD_NOW },
  })),
);
writeEdgeLargeCatalog(ROOT);
results.push(
  ...(await buildSites({
    sitesDir: 'tests/fixtures/sites',
    only: ['edge-large'],
    verbose: !quiet,
    env: { BUILD_NOW: EDGE_LARGE_NOW },
  })),
);
results.push(
  ...(await buildSites({
    sitesDir: 'tests/fixtures/sites',
    only: ['imported'],
    verbose: !quiet,
    env: { BUILD_NOW: IMPORTED_BUILD_NOW },
  })),
);
results.push(
  ...(await buildSites({
    sitesDir: 'tests/fixtures/sites',
    only: ['markets', 'edge-markets'],
    verbose: !quiet,
    env: { BUILD_NOW: MARKETS_BUILD_NOW },
  })),
);
const hostile = parseCatalog(JSON.parse(readFileSync(resolve(ROOT, HOSTILE_CATALOG), 'utf8')));
if (hostile.ok) await buildApiSite('hostile-api', HOSTILE_API_PORT, HOSTILE_API_ORIGIN, { catalog: hostile.catalog });
else console.error(`✗ ${HOSTILE_CATALOG} is not a catalog`);

const failed = results.filter((r) => !r.ok);
console.log(`\nTest sites: ${results.length - failed.length} built, ${failed.length} failed`);
process.exit(failed.length > 0 || !hostile.ok ? 1 : 0);
