/** A shopper who clicks before an island has hydrated loses nothing: the click is replayed. */
import { expect, test } from '@playwright/test';
import { firstCodeCard } from './shopper-helpers.ts';

/** Holds back the island modules matching `pattern` for `ms`, so the page is visible but not hydrated. */
async function slowIslands(page: import('@playwright/test').Page, pattern: RegExp, ms: number) {
  await page.route(pattern, async (route) => {
    await new Promise((r) => setTimeout(r, ms));
    await route.continue();
  });
}

test('Get Code clicked before the coupons island hydrates still opens the code modal', async ({ page }) => {
  await slowIslands(page, /\/_astro\/CouponsListing\.[^/]*\.js$/, 1500);
  await page.goto('/coupons', { waitUntil: 'domcontentloaded' });
  const listing = page.locator('astro-island[component-url*="CouponsListing"]');
  await expect(listing).toHaveAttribute('ssr', '');
  const { card, name } = await firstCodeCard(page);
  await card.getByRole('button', { name: /Get Code/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible({ timeout: 10_000 });
  await expect(dialog).toContainText(name);
});

test('a deal title clicked before hydration opens the Deal Offer modal, not a new tab', async ({ page, context }) => {
  await slowIslands(page, /\/_astro\/DealsListing\.[^/]*\.js$/, 1500);
  let popups = 0;
  context.on('page', () => popups++);
  await page.goto('/deals', { waitUntil: 'domcontentloaded' });
  const card = page.locator('section[aria-labelledby="all-deals-title"] article').first();
  const title = ((await card.locator('h3').textContent()) ?? '').trim();
  await card.getByRole('button', { name: title, exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Deal Offer' })).toBeVisible({ timeout: 10_000 });
  expect(popups).toBe(0);
});

test('Show More clicked before hydration still loads the next page', async ({ page }) => {
  await slowIslands(page, /\/_astro\/CouponsListing\.[^/]*\.js$/, 1500);
  await page.goto('/coupons', { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: 'Show More' }).click();
  await expect(page.getByText('Showing 40 of 98 coupons')).toBeVisible({ timeout: 10_000 });
});

test('a sort chosen before hydration is applied once the listing hydrates', async ({ page }) => {
  await slowIslands(page, /\/_astro\/CouponsListing\.[^/]*\.js$/, 1500);
  await page.goto('/coupons', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Sort by', { exact: true }).selectOption('popular');
  await expect(page).toHaveURL(/\?sort=popular$/, { timeout: 10_000 });
  await expect(page.getByLabel('Sort by', { exact: true })).toHaveValue('popular');
});

test('text typed into the coupon search before hydration is kept and searched', async ({ page }) => {
  await slowIslands(page, /\/_astro\/CouponsListing\.[^/]*\.js$/, 1500);
  await page.goto('/coupons', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Search coupons', { exact: true }).fill('laptops');
  await expect(page).toHaveURL(/\?q=laptops$/, { timeout: 10_000 });
  await expect(page.getByLabel('Search coupons', { exact: true })).toHaveValue('laptops');
});

test.describe('before the page script has run (it starts after the first paint)', () => {
  // A first visit: no consent stored, so the banner shows.
  test.use({ storageState: { cookies: [], origins: [] } });

  test('Reject all tapped before the page chrome has run is kept', async ({ page }) => {
    await slowIslands(page, /\/_astro\/(AdsBoot|PageChrome)\.[^/]*\.js$/, 1500);
    await page.goto('/about', { waitUntil: 'domcontentloaded' });
    const banner = page.locator('[data-consent-banner]');
    await expect(banner).toBeVisible();
    await expect(page.locator('html')).not.toHaveAttribute('data-chrome-ready');
    await banner.getByRole('button', { name: 'Reject all' }).click();
    await expect(banner).toBeHidden();
    const stored = await page.evaluate(() => localStorage.getItem('consent'));
    expect(JSON.parse(stored ?? '{}')).toMatchObject({ choice: 'rejected' });
  });

  test('a language chosen before the page chrome has run is followed and remembered', async ({ page }) => {
    await slowIslands(page, /\/_astro\/(AdsBoot|PageChrome)\.[^/]*\.js$/, 1500);
    await page.goto('/about', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('html')).not.toHaveAttribute('data-chrome-ready');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
    await expect(page).toHaveURL(/\/fr\/about$/);
    expect(await page.evaluate(() => localStorage.getItem('preferred_language'))).toBe('fr');
  });

  test('a newsletter sign-up sent before its script is there is handled by it, not sent natively', async ({ page }) => {
    await slowIslands(page, /\/_astro\/Enhance\.[^/]*\.js$/, 1500);
    await page.goto('/fr/browser-extension', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('html')).not.toHaveAttribute('data-enhance-ready');
    const box = page.locator('[data-newsletter]');
    await box.getByRole('textbox', { name: 'Adresse e-mail' }).fill('lecteur@exemple.fr');
    await box.getByRole('button', { name: 'S’inscrire' }).click();
    await expect(box.getByRole('status')).toContainText('ne sont pas encore ouvertes');
    await expect(page).toHaveURL(/\/fr\/browser-extension$/);
  });
});
