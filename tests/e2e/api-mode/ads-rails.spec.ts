/**
 * The fixture site tests/fixtures/sites/apimode.json shows every ad setting the default site
 * does not: strategy aggressive, positions top, bottom, left and right, displayProbability 1.
 */
import { expect, test } from '@playwright/test';

test('aggressive strategy: top, bottom and side rails at 1280 px and wider, none of the rails below', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/coupons');
  await expect(page.locator('html')).toHaveAttribute('data-ad-slots', 'top bottom left right');
  for (const pos of ['left', 'right']) {
    const rail = page.locator(`[data-ad-page-slot="${pos}"]`);
    await expect(rail.locator('[data-mock-ad]')).toHaveText('Mock ad · adsense · 160×600');
  }
  const left = await page.locator('[data-ad-page-slot="left"]').boundingBox();
  const right = await page.locator('[data-ad-page-slot="right"]').boundingBox();
  const main = await page.locator('main').boundingBox();
  // The rails sit beside the content, never over it.
  expect(left!.x + left!.width).toBeLessThanOrEqual(main!.x);
  expect(right!.x).toBeGreaterThanOrEqual(main!.x + main!.width);
  await expect(page.locator('[data-ad-page-slot="top"] [data-mock-ad]')).toBeVisible();

  await page.setViewportSize({ width: 1279, height: 900 });
  await page.reload();
  await expect(page.locator('[data-ad-page-slot="left"]')).toBeHidden();
  await expect(page.locator('[data-ad-page-slot="right"]')).toBeHidden();
  await expect(page.locator('[data-ad-page-slot="top"] [data-mock-ad]')).toBeVisible();
});
