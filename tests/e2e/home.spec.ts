import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, waitForIslands } from './shopper-helpers.ts';

test.describe('home', () => {
  test('en: hero CTA scrolls to featured coupons, stats, featured coupons, categories, axe', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('[data-stat="coupons"]')).toHaveText('350');
    await expect(page.locator('[data-stat="deals"]')).toHaveText('185');
    await expect(page.locator('[data-stat="brands"]')).toHaveText('50');
    await expect(page.locator('[data-stat="savings"]')).toHaveText('$125,000');
    await expect(page.getByText('Active Coupons')).toBeVisible();
    const featured = page.locator('#featured-coupons');
    await expect(featured.getByRole('heading', { level: 2 })).toHaveText('Featured Coupons');
    await expect(featured.locator('ul[aria-label="Featured Coupons"] > li')).toHaveCount(8);
    await expect(featured.getByRole('link', { name: 'View all coupons' })).toHaveAttribute('href', '/coupons');
    const cats = page.locator('section[aria-labelledby="home-categories-title"]');
    await expect(cats.getByRole('heading', { level: 2 })).toHaveText('Popular Categories');
    await expect(cats.getByRole('link', { name: 'View all categories' })).toHaveAttribute('href', '/categories');
    const firstCat = cats.locator('a[data-category]').first();
    await expect(firstCat).toHaveAttribute('href', /^\/categories\/[a-z0-9-]+$/);
    await expect(firstCat).toContainText(/\d+ offers?/);
    await waitForIslands(page);
    await expectNoSeriousA11yViolations(page);

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('[data-hero-cta]').click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await expect(featured.getByRole('heading', { level: 2 })).toBeInViewport();
  });

  test('featured coupon opens the code modal', async ({ page }) => {
    await page.goto('/');
    await waitForIslands(page);
    await page
      .locator('#featured-coupons')
      .getByRole('button', { name: /Get Code/ })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(
      page.getByRole('dialog').getByRole('button', { name: /Copy Code & Visit Store|Visit Store/ }),
    ).toBeVisible();
  });

  test('de and fr: stats formatted per language, translated sections', async ({ page }) => {
    await page.goto('/de');
    await expect(page.locator('[data-stat="savings"]')).toHaveText(/^125\.000\s\$$/);
    await expect(page.getByRole('heading', { name: 'Empfohlene Gutscheine' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Alle Gutscheine ansehen' })).toHaveAttribute('href', '/de/coupons');
    await expect(page.getByText('Partnermarken')).toBeVisible();
    await page.goto('/fr');
    await expect(page.locator('[data-stat="savings"]')).toHaveText(/^125\s000\s\$US$/);
    await expect(page.getByRole('heading', { name: 'Catégories populaires' })).toBeVisible();
  });
});
