/** Category pages: real pages per category and language, id links, unknown slugs. */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, waitForIslands } from './shopper-helpers.ts';

test('header, all its coupons and deals, its brands and other categories', async ({ page }) => {
  await page.goto('/categories/fashion');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fashion');
  await expect(page.getByRole('heading', { name: 'Fashion coupons' })).toBeVisible();
  await expect(page.getByText('Showing 13 of 13 coupons')).toBeVisible();
  await expect(page.getByText('Showing 5 of 5 deals')).toBeVisible();
  const brands = page.locator('section[aria-labelledby="category-brands"] a');
  expect(await brands.count()).toBeGreaterThan(0);
  await expect(brands.first()).toHaveAttribute('href', /^\/brands\/[a-z0-9-]+$/);
  await expect(
    page.locator('section[aria-labelledby="other-categories"] a[href="/categories/electronics"]'),
  ).toBeVisible();
  // Deals hydrate when visible: bring everything into view once.
  await page.locator('#category-deals').scrollIntoViewIfNeeded();
  await waitForIslands(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Get Code' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('in German', async ({ page }) => {
  await page.goto('/de/categories/fashion');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { name: 'Mode Gutscheine' })).toBeVisible();
  await expect(page.getByText('13 von 13 Gutscheinen werden angezeigt')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Weitere Kategorien' })).toBeVisible();
});

test('a link by numeric id lands on the category page', async ({ page }) => {
  await page.goto('/categories/2');
  await expect(page).toHaveURL(/\/categories\/fashion$/);
  await page.goto('/fr/categories/1');
  await expect(page).toHaveURL(/\/fr\/categories\/electronics$/);
});

test('an unknown category gets the 404 page', async ({ page }) => {
  const response = await page.goto('/categories/nothing-here');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
});
