import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, failStaticData, waitForIslands } from './shopper-helpers.ts';

const allDeals = (page: Page) => page.locator('section[aria-labelledby="all-deals-title"] > ul > li');
const summary = (page: Page) => page.locator('section[aria-labelledby="all-deals-title"] [data-results-summary]');

test.describe('deals page', () => {
  test('en: Trending Now, sort options, All Deals counts and load more, axe', async ({ page }) => {
    await page.goto('/deals');
    await expect(page.locator('h1')).toHaveText('Hot Deals & Discounts');
    const trending = page.locator('[data-trending]');
    await expect(trending.getByRole('heading', { level: 2 })).toContainText('Trending Now');
    await expect(trending.locator('ul[aria-label="Trending Now"] > li')).toHaveCount(6);
    await expect(trending.locator('article').first()).toContainText('Hot');
    await expect(allDeals(page)).toHaveCount(20);
    await expect(summary(page)).toHaveText('Showing 20 of 48 deals');
    await waitForIslands(page);
    const sort = page.getByLabel('Sort by', { exact: true });
    await expect(sort.locator('option')).toHaveText([
      'Newest First',
      'Most Popular',
      'Highest Discount',
      'Expiring Soon',
    ]);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Load More Deals' }).click();
    await expect(allDeals(page)).toHaveCount(40);
    await expect(summary(page)).toHaveText('Showing 40 of 48 deals');
    await page.getByRole('button', { name: 'Load More Deals' }).click();
    await expect(allDeals(page)).toHaveCount(48);
    await expect(page.getByRole('button', { name: 'Load More Deals' })).toHaveCount(0);
  });

  test('sort change resets to page 1 and reorders', async ({ page }) => {
    await page.goto('/deals');
    await waitForIslands(page);
    const firstIds = () =>
      allDeals(page)
        .locator('article')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-deal-id')));
    const newest = await firstIds();
    await page.getByRole('button', { name: 'Load More Deals' }).click();
    await expect(allDeals(page)).toHaveCount(40);
    await page.getByLabel('Sort by', { exact: true }).selectOption('discount');
    await expect(allDeals(page)).toHaveCount(20);
    await expect(summary(page)).toHaveText('Showing 20 of 48 deals');
    const byDiscount = await firstIds();
    expect(byDiscount).not.toEqual(newest);
    const discounts = await allDeals(page)
      .locator('article .bg-accent')
      .evaluateAll((els) => els.map((e) => Number((e.textContent ?? '').match(/\d+/)?.[0] ?? 0)));
    expect(discounts).toEqual([...discounts].sort((a, b) => b - a));
  });

  test('deal card details: prices, Save, badges, outbound link', async ({ page }) => {
    await page.goto('/deals');
    const card = allDeals(page).locator('article').first();
    await expect(card.locator('s')).toHaveText(/^\$[\d,.]+$/);
    await expect(card).toContainText(/Save \$[\d,.]+/);
    await expect(
      allDeals(page)
        .getByText(/^Ends ([A-Z][a-z]{2} \d{1,2}(, \d{4})?|in \d+ (h|min))$/)
        .first(),
    ).toBeVisible();
    const link = card.locator('a[data-get-deal]');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('href', /^https?:\/\//);
    await expect(page.getByText(/Only \d left!/).first()).toBeVisible();
  });

  test('es: translated texts', async ({ page }) => {
    await page.goto('/es/deals');
    await expect(page.locator('h1')).toHaveText('Ofertas y descuentos destacados');
    await expect(page.getByRole('heading', { name: 'Tendencias' })).toBeVisible();
    await expect(summary(page)).toHaveText('Mostrando 20 de 48 ofertas');
    await waitForIslands(page);
    await expect(page.getByLabel('Ordenar por', { exact: true }).locator('option')).toHaveText([
      'Más recientes primero',
      'Más populares',
      'Mayor descuento',
      'Terminan pronto',
    ]);
    await expect(page.getByRole('button', { name: 'Cargar más ofertas' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('error state when the deals cannot be loaded', async ({ page }) => {
    await page.goto('/deals');
    await waitForIslands(page);
    await failStaticData(page);
    await page.getByLabel('Sort by', { exact: true }).selectOption('popular');
    const error = page.locator('[data-error="deals"]');
    await expect(error).toContainText('Failed to load deals');
    await expect(error).toContainText('Please try refreshing the page.');
    await page.unroute('**/data/**');
    await error.getByRole('button', { name: 'Try Again' }).click();
    await expect(allDeals(page)).toHaveCount(20);
  });

  test('empty state when there are no deals', async ({ page }) => {
    await page.goto('/deals');
    await waitForIslands(page);
    await page.route('**/data/deals/**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
    );
    await page.getByLabel('Sort by', { exact: true }).selectOption('expiring');
    await expect(page.locator('[data-empty="deals"], [data-error="deals"]')).toBeVisible();
  });
});
