/**
 * The revenue fixture site (tests/fixtures/sites/revenue.json, built into dist/revenue by
 * scripts/build-test-sites.ts): served here on a free port by the spec itself, optionally with
 * its deploy headers (CSP). Helpers to seed consent and pin Math.random for the page-slot draw.
 */
import { existsSync } from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import { type StaticServer, startStaticServer } from '../../../scripts/lib/serve/static-server.ts';

export const REVENUE_DIST = 'dist/revenue';
export const hasRevenueBuild = () => existsSync(`${REVENUE_DIST}/index.html`);

export function serveRevenue(headers = false): Promise<StaticServer> {
  return startStaticServer({ dir: REVENUE_DIST, port: 0, host: '127.0.0.1', headers });
}

/** Consent ("accepted" / "rejected") stored before any page script runs. */
export async function seedConsent(context: BrowserContext, choice: 'accepted' | 'rejected'): Promise<void> {
  await context.addInitScript((c) => {
    try {
      if (!localStorage.getItem('consent')) localStorage.setItem('consent', JSON.stringify({ v: 1, choice: c, at: 1 }));
    } catch {}
  }, choice);
}

/** Math.random pinned low: the page view shows its slots (displayProbability) and draws are repeatable. */
export async function pinRandom(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Math.random = () => 0.01;
  });
}

/** The Amazon image host answered locally (a 1x1 PNG): no request leaves the machine. */
export async function answerAmazonImages(context: BrowserContext): Promise<void> {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );
  await context.route('https://m.media-amazon.com/**', (r) => r.fulfill({ contentType: 'image/png', body: png }));
}
