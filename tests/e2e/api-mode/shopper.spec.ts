/**
 * Error states and the coupons fallback of the shopper screens in API mode (issue 5), with
 * faults injected per request into the reference API server (X-Fault header).
 */
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, waitForIslands } from '../shopper-helpers.ts';

async function fault(page: Page, glob: string, rule = 'status:500') {
  await page.route(glob, (route) => route.continue({ headers: { ...route.request().headers(), 'x-fault': rule } }));
}

test('home: the error view when the API fails', async ({ page }) => {
  await fault(page, '**/api/home**');
  await page.goto('/');
  const error = page.locator('[data-error="home"]');
  await expect(error).toContainText('Oops! Something went wrong');
  await expect(error).toContainText("We're having trouble loading the content. Please try again later.");
  await expectNoSeriousA11yViolations(page);
});

test('home: es error view', async ({ page }) => {
  await fault(page, '**/api/home**', 'status:503');
  await page.goto('/es');
  await expect(page.locator('[data-error="home"]')).toContainText('¡Vaya! Algo salió mal');
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
