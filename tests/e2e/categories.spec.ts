/** The categories page: cards with icon, name, Featured badge, description and counts, linking to category pages. */
import { expect, test } from '@playwright/test';
import { FIREFOX_LIMITS } from './firefox-limits.ts';
import { expectNoSeriousA11yViolations } from './shopper-helpers.ts';

test('a card per category, linking to its page', async ({ page }) => {
  await page.goto('/categories');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Categories');
  const cards = page.locator('main a[href^="/categories/"]');
  await expect(cards).toHaveCount(12);
  const electronics = cards.filter({ has: page.getByRole('heading', { name: 'Electronics' }) });
  await expect(electronics).toHaveAttribute('href', '/categories/electronics');
  await expect(electronics).toContainText('Featured');
  await expect(electronics).toContainText('8 coupons');
  await expect(electronics).toContainText('5 deals');
  await expectNoSeriousA11yViolations(page);
  await electronics.click();
  await expect(page).toHaveURL(/\/categories\/electronics$/);
});

test('in French, without JavaScript', async ({ browser, browserName }) => {
  test.skip(browserName === 'firefox', FIREFOX_LIMITS.noJavaScriptOff);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/fr/categories');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Catégories');
  const fashion = page.locator('main a[href="/fr/categories/fashion"]');
  await expect(fashion).toContainText('13 coupons');
  await expect(fashion).toContainText('5 bons plans');
  await context.close();
});
