/**
 * Static-data mode makes no API calls at all (issue 13): copying a code, visiting a store (the
 * code modal, a code-less coupon's link, the deal modal) and searching (the box and the search
 * page) send nothing to /api, whose host does not exist on a static site. The same actions in
 * API mode do call the API: tests/e2e/api-mode/records.spec.ts.
 */
import { expect, test } from '@playwright/test';
import { waitForIslands } from './shopper-helpers.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('copying a code, visiting stores and searching send nothing to /api', async ({ page, context }) => {
  const apiCalls: string[] = [];
  context.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) apiCalls.push(`${r.method()} ${r.url()}`);
  });
  await context.route('https://**.example/**', (route) => route.fulfill({ status: 200, body: 'store' }));

  await test.step('code modal: Get Code, Copy Code & Visit Store', async () => {
    await page.goto('/coupons');
    await waitForIslands(page);
    const list = page.locator('section[aria-labelledby="all-coupons-title"]');
    await list
      .getByRole('button', { name: /Get Code/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    const popup = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Copy Code & Visit Store' }).click();
    await (await popup).close();
    await expect(dialog.getByRole('button', { name: 'Code Copied! Redirecting...' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });

  await test.step('a code-less coupon links to its store', async () => {
    const link = page.locator('section[aria-labelledby="all-coupons-title"] [data-visit-store]').first();
    const popup = page.waitForEvent('popup');
    await link.click();
    await (await popup).close();
  });

  await test.step('deal modal: Get Deal', async () => {
    await page.goto('/deals');
    await waitForIslands(page);
    await page.locator('section[aria-labelledby="all-deals-title"] [data-open-deal]').first().click();
    const dialog = page.getByRole('dialog', { name: 'Deal Offer' });
    const popup = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Get Deal' }).click();
    await (await popup).close();
    await expect(dialog).toHaveCount(0);
  });

  await test.step('search box and search page', async () => {
    const input = page.locator('header input[name="q"]').first();
    await input.click();
    await page.keyboard.type('laptops');
    await expect(page.getByRole('combobox', { name: 'Search coupons, deals and brands' })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=laptops$/);
    await expect(page.getByRole('heading', { name: /results for laptops/ })).toBeVisible();
    // The plain form's submission (?from=form) is recorded by the search page in API mode only.
    await page.goto('/search?q=headphones&from=form');
    await expect(page.getByRole('heading', { name: /results for headphones/ })).toBeVisible();
    await expect(page).toHaveURL(/\/search\?q=headphones$/);
  });

  // Give any late fire-and-forget call the time to leave.
  await page.waitForTimeout(500);
  expect(apiCalls).toEqual([]);
});
