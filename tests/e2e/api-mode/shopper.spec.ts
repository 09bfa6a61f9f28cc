/**
 * Error states and the coupons fallback of the shopper screens in API mode (issue 5), with
 * faults injected per request into the reference API server (X-Fault header).
 */
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, waitForIslands } from '../shopper-helpers.ts';

async function fault(page: Page, glob: string, rule = 'status:500') {
  await page.route(glob, (route) => route.continue({ headers: { ...route.request().headers(), 'x-fault': rule } }));
}

const notice = (page: Page) => page.locator('[data-stale-notice]');

test('home: when the API fails the build-time sections stay, with a polite notice; Try again brings live data', async ({
  page,
}) => {
  await fault(page, '**/api/home**');
  await page.goto('/');
  await expect(notice(page)).toHaveText(
    'The latest updates could not be loaded, so you may be seeing slightly older information.Try again',
  );
  // A polite live region (role=status), not an alert or the error view; the content is all still there.
  await expect(page.getByRole('status').filter({ has: notice(page) })).toHaveCount(1);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.locator('[data-error="home"]')).toHaveCount(0);
  await expect(page.locator('[data-stat="coupons"]')).toHaveText(/^\d[\d,]*$/);
  await expect(page.locator('#featured-coupons article[data-coupon-id]')).toHaveCount(8);
  await expect(page.locator('a[data-category]').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.unroute('**/api/home**');
  const live = page.waitForResponse((r) => r.url().includes('/api/home') && r.ok());
  await notice(page).getByRole('button', { name: 'Try again' }).click();
  await live;
  await expect(notice(page)).toHaveCount(0);
  await expect(page.locator('#featured-coupons article[data-coupon-id]')).toHaveCount(8);
});

test('home: es notice', async ({ page }) => {
  await fault(page, '**/api/home**', 'status:503');
  await page.goto('/es');
  await expect(notice(page)).toContainText('No se pudieron cargar las últimas novedades');
  await expect(notice(page).getByRole('button', { name: 'Reintentar' })).toBeVisible();
  await expect(page.locator('[data-error="home"]')).toHaveCount(0);
});

test('home: live data when the API answers', async ({ page }) => {
  await page.goto('/');
  await waitForIslands(page);
  await expect(page.locator('[data-stat="coupons"]')).toHaveText(/^\d[\d,]*$/);
  await expect(page.locator('[data-error="home"]')).toHaveCount(0);
});

test('deals: "Failed to load deals" when the API fails, Try Again recovers', async ({ page }) => {
  await page.goto('/deals');
  await waitForIslands(page);
  await fault(page, '**/api/deals**');
  await page.getByLabel('Sort by', { exact: true }).selectOption('popular');
  const error = page.locator('[data-error="deals"]');
  await expect(error).toContainText('Failed to load deals');
  await expect(error).toContainText('Please try refreshing the page.');
  await page.unroute('**/api/deals**');
  await error.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.locator('section[aria-labelledby="all-deals-title"] > ul > li')).toHaveCount(20);
});

test('coupons: an API failure falls back to the built-in sample', async ({ page }) => {
  await page.goto('/coupons');
  await waitForIslands(page);
  await fault(page, '**/api/coupons**');
  await page.getByLabel('Sort by', { exact: true }).selectOption('popular');
  await expect(page.locator('section[aria-labelledby="all-coupons-title"] > ul > li')).toHaveCount(20);
  await expect(page.locator('[data-error="coupons"]')).toHaveCount(0);
});

test('coupons: "Failed to load coupons" when the API and the fallback both fail', async ({ page }) => {
  await page.goto('/coupons');
  await waitForIslands(page);
  await fault(page, '**/api/coupons**');
  await page.route('**/data/**', (route) => route.fulfill({ status: 500, body: 'boom' }));
  await page.getByLabel('Sort by', { exact: true }).selectOption('discount');
  await expect(page.locator('[data-error="coupons"]')).toContainText('Failed to load coupons');
  await expect(page.locator('[data-error="coupons"]').getByRole('button', { name: 'Try Again' })).toBeVisible();
});
