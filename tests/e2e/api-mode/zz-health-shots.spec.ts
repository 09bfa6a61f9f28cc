// Temporary: screenshots of code health (not committed).
import { expect, type Page, test } from '@playwright/test';
import { waitForIslands } from '../shopper-helpers.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const H = 3_600_000;
async function fixture(page: Page) {
  await page.route('**/api/coupons?**', async (route) => {
    const res = await route.fetch();
    const json = await res.json();
    const now = Date.now();
    const [a, b, c] = json.data;
    Object.assign(a, { votes: { worked: 34, failed: 3 }, lastWorkedAt: new Date(now - 2 * H).toISOString(), verified: true, verifiedAt: '2026-11-20T10:00:00Z' });
    Object.assign(b, { votes: { worked: 1, failed: 4 }, lastWorkedAt: new Date(now - 12 * 24 * H).toISOString(), lastFailedAt: new Date(now - 3 * H).toISOString() });
    Object.assign(c, { votes: null, successRate: 86 });
    await route.fulfill({ response: res, json });
  });
  await page.context().route('https://**.example/**', (route) => route.fulfill({ status: 200, body: 'store' }));
}
async function back(page: Page) {
  await page.evaluate(() => {
    const s = { v: 'hidden' as DocumentVisibilityState };
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => s.v });
    document.dispatchEvent(new Event('visibilitychange'));
    s.v = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

for (const width of [375, 1280]) {
  test(`shots ${width}`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
    await fixture(page);
    await page.goto('/coupons?sort=popular');
    await waitForIslands(page);
    const grid = page.locator('section[aria-labelledby="all-coupons-title"]');
    await expect(grid.locator('[data-health-votes]').first()).toBeVisible();
    await grid.locator('article').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `screenshots/health-cards-${width}.png` });
    const first = grid.locator('article').first();
    await first.getByRole('button', { name: /Get Code/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: `screenshots/health-modal-${width}.png` });
    const popup = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Copy Code & Visit Store' }).click();
    await (await popup).close();
    await back(page);
    await expect(dialog.locator('[data-feedback-question]')).toBeVisible();
    await dialog.locator('[data-feedback-question]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `screenshots/health-prompt-inline-${width}.png` });
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(page.locator('[data-feedback-question]')).toBeVisible();
    await page.screenshot({ path: `screenshots/health-prompt-panel-${width}.png` });
  });
}
