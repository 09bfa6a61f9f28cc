import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/lib/browser/chromium.ts';
import { firefoxPath } from './scripts/lib/browser/firefox.ts';
import { applyPlaywrightBidiPatch } from './scripts/lib/browser/playwright-bidi-patch.ts';
import { EDGE_ADMIN_ENV } from './tests/e2e/edge/admin-env.ts';

/**
 * e2e tests run against built sites served locally:
 * - project "static": the default site (npm run build -- --site default) on E2E_PORT (4391);
 * - project "api-mode": the fixture site tests/fixtures/sites/apimode.json (static data off;
 *   npm run build -- --sites-dir tests/fixtures/sites --site apimode) on 4392, talking to the
 *   reference API server on 127.0.0.1:3001 (which also records the static site's tracking calls);
 * - project "hostile": tests/fixtures/sites/hostile.json (static data over the hostile catalog
 *   tests/fixtures/catalogs/hostile.json) on E2E_HOSTILE_PORT (E2E_PORT + 2);
 * - project "hostile-api": tests/fixtures/sites/hostile-api.json (API mode) on
 *   E2E_HOSTILE_API_SITE_PORT (E2E_PORT + 3), talking to the reference API over the hostile catalog
 *   (npm run api -- --catalog tests/fixtures/catalogs/hostile.json) on E2E_HOSTILE_API_PORT (E2E_API_PORT + 1).
 * node scripts/build-test-sites.ts builds all four.
 * - project "operator": tests/fixtures/sites/operator.json (static data over the operator catalog
 *   tests/fixtures/catalogs/operator.json, dark theme, hero image, featured ids from the config,
 *   en + de) on E2E_OPERATOR_PORT (E2E_PORT + 7).
 * - project "truth": tests/fixtures/sites/truth.json (static data over tests/fixtures/catalogs/truth.json,
 *   built at the fixed instant TRUTH_BUILD_NOW: offers that end before and after the build) on
 *   E2E_TRUTH_PORT (E2E_PORT + 8).
 * - project "edge": tests/fixtures/sites/edge.json (deploy.target cloudflare: head pre-rendered,
 *   long tail rendered on demand, API and D1 in the Worker) served in workerd by
 *   `npm run edge` on E2E_EDGE_PORT (8787), D1 in a fresh .tmp folder.
 * - project "imported": tests/fixtures/sites/imported.json (static data over what `npm run import`
 *   writes from the five network fixtures, tests/fixtures/catalogs/imported.json, built at
 *   IMPORTED_BUILD_NOW) on E2E_IMPORTED_PORT (E2E_PORT + 9).
 * - project "markets": tests/fixtures/sites/markets.json (static data over
 *   tests/fixtures/catalogs/markets.json, one market of countries per language; issue 39) on
 *   E2E_MARKETS_PORT (E2E_PORT + 10).
 * - project "csp": both sites again, served WITH their deploy headers (`_headers`) on
 *   E2E_CSP_PORT (E2E_PORT + 5) and E2E_CSP_API_PORT (E2E_PORT + 6).
 */
/**
 * Project "firefox": the static project's specs against the same site in Debian's Firefox ESR
 * (FIREFOX_PATH, else /usr/bin/firefox-esr), driven over WebDriver BiDi (`channel: 'moz-firefox'`);
 * Playwright's own patched Firefox cannot be downloaded here. `npm install` patches Playwright so
 * it can create contexts in Firefox ESR (scripts/lib/browser/playwright-bidi-patch.ts); it is
 * applied here again in case install scripts were skipped. What Firefox skips, and why, is in
 * docs/firefox.md.
 */
try {
  applyPlaywrightBidiPatch();
} catch (error) {
  console.warn(`[firefox project] ${error instanceof Error ? error.message : String(error)}`);
}

/**
 * prefers-color-scheme: light in every page, as Playwright emulates in Chromium; and the clipboard
 * readable by a test without a click (Firefox's own testing pref: its clipboard-read permission
 * alone still asks for user activation, where Chromium's granted permission suffices).
 */
const FIREFOX_PREFS = {
  'layout.css.prefers-color-scheme.content-override': 1,
  'dom.events.testing.asyncClipboard': true,
};

const PORT = Number(process.env.E2E_PORT ?? 4391);
const API_SITE_PORT = Number(process.env.E2E_API_SITE_PORT ?? 4392);
const API_PORT = Number(process.env.E2E_API_PORT ?? 3001);
const STATIC_DIST = process.env.E2E_DIST ?? 'dist/default';
const API_DIST = process.env.E2E_API_DIST ?? 'dist/apimode';
const HOSTILE_PORT = Number(process.env.E2E_HOSTILE_PORT ?? PORT + 2);
const HOSTILE_API_SITE_PORT = Number(process.env.E2E_HOSTILE_API_SITE_PORT ?? PORT + 3);
const HOSTILE_API_PORT = Number(process.env.E2E_HOSTILE_API_PORT ?? API_PORT + 1);
const HOSTILE_DIST = 'dist/hostile';
const OPERATOR_PORT = Number(process.env.E2E_OPERATOR_PORT ?? PORT + 7);
const OPERATOR_DIST = 'dist/operator';
const HOSTILE_API_DIST = 'dist/hostile-api';
const TRUTH_PORT = Number(process.env.E2E_TRUTH_PORT ?? PORT + 8);
const TRUTH_DIST = 'dist/truth';
/** The edge fixture (tests/fixtures/sites/edge.json) served in workerd by `npm run edge`. */
const EDGE_PORT = Number(process.env.E2E_EDGE_PORT ?? 8787);
const EDGE_WORKER = 'dist/edge/server/wrangler.json';
const EDGE_DATA_DIR = `.tmp/e2e-edge-data-${EDGE_PORT}`;
/** The large edge fixture (tests/fixtures/sites/edge-large.json, 2,000 brands; issue 40 "Done when"). */
const EDGE_LARGE_PORT = Number(process.env.E2E_EDGE_LARGE_PORT ?? EDGE_PORT + 1);
const EDGE_LARGE_WORKER = 'dist/edge-large/server/wrangler.json';
const EDGE_LARGE_DATA_DIR = `.tmp/e2e-edge-large-data-${EDGE_LARGE_PORT}`;
const IMPORTED_PORT = Number(process.env.E2E_IMPORTED_PORT ?? PORT + 9);
const IMPORTED_DIST = 'dist/imported';
const MARKETS_PORT = Number(process.env.E2E_MARKETS_PORT ?? PORT + 10);
const MARKETS_DIST = 'dist/markets';

/**
 * Tests that are not about consent start as a visitor who chose "Accept all" (the consent
 * banner's stored choice); consent tests start empty with `test.use({ storageState: NO_CONSENT })`
 * from tests/e2e/ads/helpers.ts.
 */
const accepted = (origin: string) => ({
  cookies: [],
  origins: [
    { origin, localStorage: [{ name: 'consent', value: JSON.stringify({ v: 1, choice: 'accepted', at: 1 }) }] },
  ],
});
/**
 * The reference API's SQLite folder (--data) for this run, emptied when the server starts; the
 * code-health spec starts a second server over it (tests/e2e/api-mode/code-health.spec.ts).
 */
const API_DATA_DIR = `.tmp/e2e-api-data-${API_PORT}`;
const HOSTILE_API_DATA_DIR = `.tmp/e2e-api-data-${HOSTILE_API_PORT}`;
const fresh = (dir: string) => `node -e "require('fs').rmSync('${dir}',{recursive:true,force:true})" && `;
/** The static project's specs in Firefox ESR (left out when E2E_FIREFOX=0: `npm test` runs it as its own step). */
const FIREFOX_PROJECT = {
  name: 'firefox',
  testIgnore: /\/(api-mode|hostile|hostile-api|csp|operator|truth|edge|edge-large|imported|markets)\//,
  use: {
    ...devices['Desktop Firefox'],
    channel: 'moz-firefox',
    // Firefox ESR has no emulation.setMediaFeaturesOverride: the light scheme Playwright
    // emulates by default in Chromium is pinned with Firefox's own pref instead.
    colorScheme: null,
    launchOptions: { executablePath: firefoxPath(), firefoxUserPrefs: FIREFOX_PREFS },
    baseURL: `http://127.0.0.1:${PORT}`,
    storageState: accepted(`http://127.0.0.1:${PORT}`),
  },
};
const CSP_PORT = Number(process.env.E2E_CSP_PORT ?? PORT + 5);
const CSP_API_PORT = Number(process.env.E2E_CSP_API_PORT ?? PORT + 6);

export default defineConfig({
  testDir: './tests/e2e',
  outputDir: './test-results',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // TEST_REPORT_JSON (set by scripts/test-all.ts): also a JSON report, so `npm test` can name the
  // failed tests again in its summary at the end of a long log.
  reporter: process.env.TEST_REPORT_JSON
    ? [['list'], ['json', { outputFile: process.env.TEST_REPORT_JSON }]]
    : [['list']],
  use: {
    trace: 'retain-on-failure',
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'static',
      testIgnore: /\/(api-mode|hostile|hostile-api|csp|operator|truth|edge|edge-large|imported|markets)\//,
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        baseURL: `http://127.0.0.1:${PORT}`,
        storageState: accepted(`http://127.0.0.1:${PORT}`),
      },
    },
    ...(process.env.E2E_FIREFOX === '0' ? [] : [FIREFOX_PROJECT]),
    {
      name: 'api-mode',
      testMatch: /api-mode\/.*\.spec\.ts$/,
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        baseURL: `http://127.0.0.1:${API_SITE_PORT}`,
        storageState: accepted(`http://127.0.0.1:${API_SITE_PORT}`),
      },
    },
    {
      name: 'hostile',
      testMatch: /\/hostile\/.*\.spec\.ts$/,
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        baseURL: `http://127.0.0.1:${HOSTILE_PORT}`,
        storageState: accepted(`http://127.0.0.1:${HOSTILE_PORT}`),
      },
    },
    {
      name: 'hostile-api',
      testMatch: /\/hostile-api\/.*\.spec\.ts$/,
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        baseURL: `http://127.0.0.1:${HOSTILE_API_SITE_PORT}`,
        storageState: accepted(`http://127.0.0.1:${HOSTILE_API_SITE_PORT}`),
      },
    },
    {
      name: 'operator',
      testMatch: /\/operator\/.*\.spec\.ts$/,
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        baseURL: `http://127.0.0.1:${OPERATOR_PORT}`,
        storageState: accepted(`http://127.0.0.1:${OPERATOR_PORT}`),
      },
    },
    {
      name: 'truth',
      testMatch: /\/truth\/.*\.spec\.ts$/,
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        baseURL: `http://127.0.0.1:${TRUTH_PORT}`,
        storageState: accepted(`http://127.0.0.1:${TRUTH_PORT}`),
      },
    },
    {
      name: 'edge',
      testMatch: /\/edge\/.*\.spec\.ts$/,
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        baseURL: `http://127.0.0.1:${EDGE_PORT}`,
        storageState: accepted(`http://127.0.0.1:${EDGE_PORT}`),
      },
    },
    {
      name: 'edge-large',
      testMatch: /\/edge-large\/.*\.spec\.ts$/,
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        baseURL: `http://127.0.0.1:${EDGE_LARGE_PORT}`,
        storageState: accepted(`http://127.0.0.1:${EDGE_LARGE_PORT}`),
      },
    },
    {
      name: 'imported',
      testMatch: /\/imported\/.*\.spec\.ts$/,
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        baseURL: `http://127.0.0.1:${IMPORTED_PORT}`,
        storageState: accepted(`http://127.0.0.1:${IMPORTED_PORT}`),
      },
    },
    {
      name: 'markets',
      testMatch: /\/markets\/.*\.spec\.ts$/,
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        baseURL: `http://127.0.0.1:${MARKETS_PORT}`,
        storageState: accepted(`http://127.0.0.1:${MARKETS_PORT}`),
      },
    },
    {
      name: 'csp',
      testMatch: /csp\/.*\.spec\.ts$/,
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        baseURL: `http://127.0.0.1:${CSP_PORT}`,
        storageState: accepted(`http://127.0.0.1:${CSP_PORT}`),
      },
    },
  ],
  webServer: [
    {
      command: `node scripts/serve.ts --dir ${STATIC_DIST} --port ${PORT}`,
      url: `http://127.0.0.1:${PORT}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
    {
      command: `${fresh(API_DATA_DIR)}node scripts/api-server.ts --port ${API_PORT} --host 127.0.0.1 --site default --limits off --data ${API_DATA_DIR}`,
      url: `http://127.0.0.1:${API_PORT}/api/home/stats`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
    {
      command: `node scripts/serve.ts --dir ${STATIC_DIST} --port ${CSP_PORT} --headers`,
      url: `http://127.0.0.1:${CSP_PORT}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
    ...(existsSync(API_DIST)
      ? [
          {
            command: `node scripts/serve.ts --dir ${API_DIST} --port ${API_SITE_PORT}`,
            url: `http://127.0.0.1:${API_SITE_PORT}/`,
            reuseExistingServer: !process.env.CI,
            timeout: 30_000,
          },
          {
            command: `node scripts/serve.ts --dir ${API_DIST} --port ${CSP_API_PORT} --headers`,
            url: `http://127.0.0.1:${CSP_API_PORT}/`,
            reuseExistingServer: !process.env.CI,
            timeout: 30_000,
          },
        ]
      : []),
    ...(existsSync(HOSTILE_DIST)
      ? [
          {
            command: `node scripts/serve.ts --dir ${HOSTILE_DIST} --port ${HOSTILE_PORT}`,
            url: `http://127.0.0.1:${HOSTILE_PORT}/`,
            reuseExistingServer: !process.env.CI,
            timeout: 30_000,
          },
        ]
      : []),
    ...(existsSync(OPERATOR_DIST)
      ? [
          {
            command: `node scripts/serve.ts --dir ${OPERATOR_DIST} --port ${OPERATOR_PORT}`,
            url: `http://127.0.0.1:${OPERATOR_PORT}/`,
            reuseExistingServer: !process.env.CI,
            timeout: 30_000,
          },
        ]
      : []),
    ...(existsSync(MARKETS_DIST)
      ? [
          {
            command: `node scripts/serve.ts --dir ${MARKETS_DIST} --port ${MARKETS_PORT}`,
            url: `http://127.0.0.1:${MARKETS_PORT}/`,
            reuseExistingServer: !process.env.CI,
            timeout: 30_000,
          },
        ]
      : []),
    ...(existsSync(IMPORTED_DIST)
      ? [
          {
            command: `node scripts/serve.ts --dir ${IMPORTED_DIST} --port ${IMPORTED_PORT}`,
            url: `http://127.0.0.1:${IMPORTED_PORT}/`,
            reuseExistingServer: !process.env.CI,
            timeout: 30_000,
          },
        ]
      : []),
    ...(existsSync(TRUTH_DIST)
      ? [
          {
            command: `node scripts/serve.ts --dir ${TRUTH_DIST} --port ${TRUTH_PORT}`,
            url: `http://127.0.0.1:${TRUTH_PORT}/`,
            reuseExistingServer: !process.env.CI,
            timeout: 30_000,
          },
        ]
      : []),
    ...(existsSync(EDGE_WORKER)
      ? [
          {
            command: `${fresh(EDGE_DATA_DIR)}node scripts/edge.ts --site edge --port ${EDGE_PORT} --data ${EDGE_DATA_DIR}`,
            url: `http://127.0.0.1:${EDGE_PORT}/`,
            // The console's secrets (issue 40 part 5; tests/e2e/edge/admin-gate.spec.ts).
            env: { ...process.env, ...EDGE_ADMIN_ENV } as Record<string, string>,
            reuseExistingServer: !process.env.CI,
            timeout: 90_000,
          },
        ]
      : []),
    ...(existsSync(EDGE_LARGE_WORKER)
      ? [
          {
            command: `${fresh(EDGE_LARGE_DATA_DIR)}node scripts/edge.ts --site edge-large --port ${EDGE_LARGE_PORT} --data ${EDGE_LARGE_DATA_DIR}`,
            url: `http://127.0.0.1:${EDGE_LARGE_PORT}/`,
            env: { ...process.env, ...EDGE_ADMIN_ENV } as Record<string, string>,
            reuseExistingServer: !process.env.CI,
            timeout: 90_000,
          },
        ]
      : []),
    ...(existsSync(HOSTILE_API_DIST)
      ? [
          {
            command: `node scripts/serve.ts --dir ${HOSTILE_API_DIST} --port ${HOSTILE_API_SITE_PORT}`,
            url: `http://127.0.0.1:${HOSTILE_API_SITE_PORT}/`,
            reuseExistingServer: !process.env.CI,
            timeout: 30_000,
          },
          {
            command: `${fresh(HOSTILE_API_DATA_DIR)}node scripts/api-server.ts --port ${HOSTILE_API_PORT} --host 127.0.0.1 --catalog tests/fixtures/catalogs/hostile.json --limits off --data ${HOSTILE_API_DATA_DIR}`,
            url: `http://127.0.0.1:${HOSTILE_API_PORT}/api/home/stats`,
            reuseExistingServer: !process.env.CI,
            timeout: 30_000,
          },
        ]
      : []),
  ],
});
