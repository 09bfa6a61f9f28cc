/**
 * Builds the sites the browser tests run against:
 * - dist/default: the default site (static-data mode), its tracking calls sent to the
 *   reference API of this run (so its CSP allows that origin);
 * - dist/apimode: tests/fixtures/sites/apimode.json (API mode), pre-rendered from the
 *   reference API server, which this script runs on 127.0.0.1:3001 during the build.
 */

import { startApiServer } from './lib/api-server/server.ts';
import { buildSites } from './lib/build-sites/build.ts';

/** E2E_API_PORT lets several checkouts run their suites side by side (default 3001). */
const API_PORT = Number(process.env.E2E_API_PORT ?? 3001);
const API_ORIGIN = `http://127.0.0.1:${API_PORT}`;

const quiet = process.argv.includes('--quiet');
const results = [
  ...(await buildSites({ only: ['default'], verbose: !quiet, env: { PUBLIC_API_BASE_URL: API_ORIGIN } })),
];

let api: Awaited<ReturnType<typeof startApiServer>> | undefined;
try {
  api = await startApiServer({ port: API_PORT, host: '127.0.0.1' });
} catch (err) {
  console.warn(`Reference API not started (${(err as Error).message}); is one already running on ${API_PORT}?`);
}
try {
  results.push(
    ...(await buildSites({
      sitesDir: 'tests/fixtures/sites',
      only: ['apimode'],
      verbose: !quiet,
      env: { API_BASE_URL: API_ORIGIN, PUBLIC_API_BASE_URL: API_ORIGIN },
    })),
  );
} finally {
  await api?.close();
}
const failed = results.filter((r) => !r.ok);
console.log(`\nTest sites: ${results.length - failed.length} built, ${failed.length} failed`);
process.exit(failed.length > 0 ? 1 : 0);
