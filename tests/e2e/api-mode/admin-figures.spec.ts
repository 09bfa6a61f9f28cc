/**
 * Issue 23: huge stored ad metrics (a browser's own `ad_metrics`, not trusted to be small) read as
 * capped, compact numbers on the dashboard: no "∞", "NaN" or 300-digit numbers. The API-mode
 * fixture site has the dashboard's password (see admin-dashboard.spec.ts).
 */
import { expect, test } from '@playwright/test';
import { waitForIslands } from '../shopper-helpers.ts';

test('huge stored ad metrics read as capped, compact numbers on the dashboard', async ({ page }) => {
  // Both platforms at the largest number JSON can hold, this hour (the dashboard's default range
  // sums hourly buckets): their sum overflows to Infinity.
  await page.addInitScript(() => {
    const huge = Number.MAX_VALUE;
    const hour = Math.floor(Date.now() / 3_600_000);
    const record = { impressions: huge, clicks: huge, lastClick: 1, ctr: 1, hourly: [[hour, huge, huge]] };
    localStorage.setItem('ad_metrics', JSON.stringify({ adsense: record, adsterra: record }));
  });
  await page.goto('/admin/ad-dashboard');
  await waitForIslands(page);
  await page.getByLabel('Password').fill('e2e-admin-pass');
  await page.getByRole('button', { name: 'Unlock' }).click();
  const row = page.locator('[data-platform-table] [data-platform="adsense"]');
  await expect(row).toBeVisible();
  await expect(row).toContainText('> 1000T');
  // The totals of two platforms overflow to Infinity: shown capped as well.
  await expect(page.locator('[data-total="impressions"] dd')).toHaveText('> 1000T');
  const text = (await page.locator('main').textContent()) ?? '';
  expect(text).not.toMatch(/∞|NaN|Infinity/);
  // No long runs of digits (grouping separators included).
  expect(text).not.toMatch(/\d(?:[\d.,\s\u00a0\u202f]?\d){9,}/);
});
