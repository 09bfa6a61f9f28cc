/** Brand pages: real pages per brand and language, id links, unknown slugs. */
import { expect, test } from '@playwright/test';
import { FIREFOX_LIMITS } from './firefox-limits.ts';
import { expectNoSeriousA11yViolations, waitForIslands } from './shopper-helpers.ts';

test('header, a code-less coupon with Get Deal, deals with the deal modal, related brands', async ({ page }) => {
  await page.goto('/brands/circuit-bay');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Circuit Bay');
  await expect(page.locator('main')).toContainText('Circuit Bay sells headphones');
  const visit = page.getByRole('link', { name: 'Visit Store: Circuit Bay (opens in a new tab)' });
  await expect(visit).toHaveAttribute('target', '_blank');
  await expect(visit).toHaveAttribute('rel', 'noopener noreferrer sponsored');
  await expect(visit).toHaveAttribute('href', /^https?:\/\//);
  await expect(page.getByRole('link', { name: 'Category: Electronics' })).toHaveAttribute(
    'href',
    '/categories/electronics',
  );
  await expect(page.getByText('Showing 1 of 1 coupon', { exact: true })).toBeVisible();
  // Deals hydrate when visible: bring everything into view once.
  await page.locator('#brand-deals').scrollIntoViewIfNeeded();
  await waitForIslands(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectNoSeriousA11yViolations(page);

  // Circuit Bay's one coupon has no code: "No code needed" and Get Deal to the store, no "Get Code".
  const coupons = page.locator('section[aria-labelledby="brand-coupons"]');
  await expect(coupons.getByText('No code needed', { exact: true })).toBeVisible();
  await expect(coupons.getByRole('link', { name: /^Get Deal/ })).toHaveAttribute('href', /^https?:\/\//);
  await expect(coupons.getByRole('button', { name: /Get Code/ })).toHaveCount(0);
  await page.locator('section[aria-labelledby="brand-deals"] [data-open-deal]').first().click();
  await expect(page.getByRole('dialog', { name: /Deal Offer/ })).toBeVisible();

  const related = page.locator('section[aria-labelledby="related-brands"]');
  await expect(related.getByRole('link', { name: /Nova Tech/ })).toHaveAttribute('href', '/brands/nova-tech');
});

test('in Spanish', async ({ page }) => {
  await page.goto('/es/brands/circuit-bay');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { name: 'Cupones de Circuit Bay' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ofertas de Circuit Bay' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Visitar tienda: Circuit Bay/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Marcas' }).first()).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    'https://couponsaver.example/es/brands/circuit-bay',
  );
});

test('a link by numeric id lands on the brand page', async ({ page }) => {
  await page.goto('/brands/13');
  await expect(page).toHaveURL(/\/brands\/circuit-bay$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Circuit Bay');
  await page.goto('/de/brands/13');
  await expect(page).toHaveURL(/\/de\/brands\/circuit-bay$/);
});

test('a link by numeric id lands on the brand page without JavaScript too', async ({ browser, browserName }) => {
  test.skip(browserName === 'firefox', FIREFOX_LIMITS.noJavaScriptOff);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/brands/13');
  await expect(page).toHaveURL(/\/brands\/circuit-bay$/);
  await context.close();
});

test('an unknown brand gets the 404 page', async ({ page }) => {
  const response = await page.goto('/brands/no-such-brand');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  const es = await page.goto('/es/brands/no-such-brand');
  expect(es?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
});
