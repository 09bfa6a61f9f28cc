/**
 * Issue 25 under the deploy headers: the revenue fixture site (dist/revenue) served WITH its
 * `_headers` (started here on a free port): a direct-sold campaign and an Amazon Associates
 * product render with no Content-Security-Policy violation (the campaign adds nothing to the
 * CSP; Amazon adds only its image host to img-src, answered locally), and /ads.txt is served as
 * text/plain with its own caching. A separate file from csp.spec.ts (which branch sec reworks).
 */
import { expect, type Page, test } from '@playwright/test';
import type { StaticServer } from '../../../scripts/lib/serve/static-server.ts';
import { answerAmazonImages, hasRevenueBuild, pinRandom, seedConsent, serveRevenue } from '../revenue/revenue-site.ts';

test.describe.configure({ mode: 'serial' });
test.skip(!hasRevenueBuild(), 'build dist/revenue first (node scripts/build-test-sites.ts)');

let server: StaticServer;
test.beforeAll(async () => {
  server = await serveRevenue(true);
});
test.afterAll(async () => {
  await server?.close();
});

type Violation = { directive: string; blocked: string };

async function watchViolations(page: Page): Promise<() => Promise<Violation[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: { directive: string; blocked: string }[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__csp.push({ directive: e.effectiveDirective, blocked: e.blockedURI }),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __csp: Violation[] }).__csp);
}

test('a direct campaign and an Amazon product render under the CSP without a violation', async ({ page, context }) => {
  await seedConsent(context, 'accepted');
  await answerAmazonImages(context);
  const violations = await watchViolations(page);
  await page.clock.install({ time: new Date('2026-11-20T10:00:00-05:00') });
  await pinRandom(page);

  const res = await page.goto(`${server.url}/categories/electronics`);
  expect(res?.headers()['content-security-policy']).toContain("default-src 'self'");
  await expect(page.locator('[data-direct-campaign="voltura-electronics"]')).toBeVisible({ timeout: 15_000 });
  expect(await violations()).toEqual([]);

  // Amazon forced for this browser (ad_force_platform): the product card with its image and disclosure.
  await page.evaluate(() => localStorage.setItem('ad_force_platform', 'amazon'));
  await page.goto(`${server.url}/coupons`);
  const card = page.locator('[data-ad-page-slot="top"] [data-amazon-product]');
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card.locator('[data-amazon-disclosure]')).toHaveText(
    'As an Amazon Associate we earn from qualifying purchases.',
  );
  await expect
    .poll(() => card.locator('img').evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0))
    .toBe(true);
  expect(await violations()).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('amazon-top-1280.png') });
  await page.setViewportSize({ width: 375, height: 740 });
  await page.screenshot({ path: test.info().outputPath('amazon-top-375.png') });

  // The policy is on: an image from a host it does not allow is refused and reported.
  await page.evaluate(() => {
    const img = document.createElement('img');
    img.src = 'https://not-allowed.invalid/x.png';
    document.body.append(img);
  });
  await expect.poll(async () => (await violations()).map((v) => v.directive)).toContain('img-src');
});

test('the affiliate disclosure page carries the Amazon Associates statement', async ({ page }) => {
  await page.goto(`${server.url}/affiliate-disclosure`);
  await expect(page.locator('[data-amazon-associates]')).toHaveText(
    'As an Amazon Associate we earn from qualifying purchases.',
  );
  await page.goto(`${server.url}/de/affiliate-disclosure`);
  await expect(page.locator('[data-amazon-associates]')).toHaveText(
    'Als Amazon-Partner verdienen wir an qualifizierten Verkäufen.',
  );
});

test('/ads.txt under the deploy headers: text/plain, cached an hour, only enabled platforms', async ({ request }) => {
  const res = await request.get(`${server.url}/ads.txt`);
  expect(res.headers()['content-type']).toBe('text/plain; charset=utf-8');
  expect(res.headers()['cache-control']).toBe('public, max-age=3600');
  const lines = (await res.text()).trim().split('\n');
  expect(lines).toEqual([
    '# ads.txt for revenue.couponsaver.example (CouponSaver Revenue): sellers authorized to sell its ad space.',
    'OWNERDOMAIN=revenue.couponsaver.example',
    'google.com, pub-0000000000000000, DIRECT, f08c47fec0942fa0',
    'openx.com, 540000000, RESELLER, 6a698e2ec38604c6',
    'adsterra.com, 12345678, DIRECT',
  ]);
});
