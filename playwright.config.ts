import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/lib/browser/chromium.ts';

/**
 * e2e tests run against built sites served locally:
 * - project "static": the default site (npm run build -- --site default) on E2E_PORT (4391);
 * - project "api-mode": the fixture site tests/fixtures/sites/apimode.json (static data off;
 *   npm run build -- --sites-dir tests/fixtures/sites --site apimode) on 4392, talking to the
 *   reference API server on 127.0.0.1:3001 (which also records the static site's tracking calls).
 */
const PORT = Number(process.env.E2E_PORT ?? 4391);
const API_SITE_PORT = Number(process.env.E2E_API_SITE_PORT ?? 4392);
const API_PORT = Number(process.env.E2E_API_PORT ?? 3001);
const STATIC_DIST = process.env.E2E_DIST ?? 'dist/default';
const API_DIST = process.env.E2E_API_DIST ?? 'dist/apimode';

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

export default defineConfig({
  testDir: './tests/e2e',
  outputDir: './test-results',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    trace: 'retain-on-failure',
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'static',
      testIgnore: /api-mode\//,
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        baseURL: `http://127.0.0.1:${PORT}`,
        storageState: accepted(`http://127.0.0.1:${PORT}`),
      },
    },
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
  ],
  webServer: [
    {
      command: `node scripts/serve.ts --dir ${STATIC_DIST} --port ${PORT}`,
      url: `http://127.0.0.1:${PORT}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
    {
      command: `node scripts/api-server.ts --port ${API_PORT} --host 127.0.0.1 --site default`,
      url: `http://127.0.0.1:${API_PORT}/api/home/stats`,
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
        ]
      : []),
  ],
});
