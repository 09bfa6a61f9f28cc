import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/lib/browser/chromium.ts';

/**
 * e2e tests run against built sites served locally:
 * - project "static": the default site (npm run build -- --site default) on E2E_PORT (4391);
 * - project "api-mode": the fixture site tests/fixtures/sites/apimode.json (static data off;
 *   npm run build -- --sites-dir tests/fixtures/sites --site apimode) on 4392, talking to the
 *   reference API server on 127.0.0.1:3001 (which also records the static site's tracking calls);
 * - project "csp": both sites again, served WITH their deploy headers (`_headers`) on
 *   E2E_CSP_PORT (E2E_PORT + 3) and E2E_CSP_API_PORT (E2E_PORT + 4).
 */
const PORT = Number(process.env.E2E_PORT ?? 4391);
const API_SITE_PORT = Number(process.env.E2E_API_SITE_PORT ?? 4392);
const API_PORT = Number(process.env.E2E_API_PORT ?? 3001);
const STATIC_DIST = process.env.E2E_DIST ?? 'dist/default';
const API_DIST = process.env.E2E_API_DIST ?? 'dist/apimode';
const CSP_PORT = Number(process.env.E2E_CSP_PORT ?? PORT + 3);
const CSP_API_PORT = Number(process.env.E2E_CSP_API_PORT ?? PORT + 4);

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
      testIgnore: /(api-mode|csp)\//,
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://127.0.0.1:${PORT}` },
    },
    {
      name: 'api-mode',
      testMatch: /api-mode\/.*\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://127.0.0.1:${API_SITE_PORT}` },
    },
    {
      name: 'csp',
      testMatch: /csp\/.*\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://127.0.0.1:${CSP_PORT}` },
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
  ],
});
