/**
 * The record calls of SPEC §7 in API mode (issue 13): opening a coupon records the click; a copy
 * records the copy and the usage; a deal's Get Deal records the deal click; a submitted search
 * is recorded. (A static-data site sends none of them: tests/e2e/static-no-api.spec.ts.)
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { API_ORIGIN, waitForIslands } from '../shopper-helpers.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

type ApiState = {
  couponClicks: Record<string, number>;
  couponCopies: Record<string, number>;
  couponUsage: Record<string, number>;
  dealClicks: Record<string, number>;
  searches: string[];
};
const apiState = async (request: APIRequestContext): Promise<ApiState> =>
  (await request.get(`${API_ORIGIN}/__state`)).json();

test('a copy records the click, the copy and the usage once; store links, Get Deal and a search are recorded', async ({
  page,
  context,
  request,
}) => {
  await context.route('https://**.example/**', (route) => route.fulfill({ status: 200, body: 'store' }));
  const before = await apiState(request);
  const count = (map: Record<string, number>, id: string) => map[id] ?? 0;

  await page.goto('/coupons');
  await waitForIslands(page);
  const card = page.locator('section[aria-labelledby="all-coupons-title"] article').filter({
    has: page.getByRole('button', { name: /Get Code/ }),
  });
  const id = String(await card.first().getAttribute('data-coupon-id'));
  const click = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/api/coupons/${id}/click`));
  await card
    .first()
    .getByRole('button', { name: /Get Code/ })
    .click();
  await click;
  const copy = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/api/coupons/${id}/copy`));
  const usage = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/api/coupons/${id}/usage`));
  const popup = page.waitForEvent('popup');
  // Three presses faster than any answer (issue 16): one copy, one tab, one copy and usage record.
  await page
    .getByRole('dialog')
    .getByRole('button', { name: 'Copy Code & Visit Store' })
    .evaluate((el: HTMLElement) => {
      el.click();
      el.click();
      el.click();
    });
  await Promise.all([copy, usage, popup]);
  await expect
    .poll(async () => {
      const s = await apiState(request);
      return [
        count(s.couponClicks, id) - count(before.couponClicks, id),
        count(s.couponCopies, id) - count(before.couponCopies, id),
        count(s.couponUsage, id) - count(before.couponUsage, id),
      ];
    })
    .toEqual([1, 1, 1]);

  // A code-less coupon's Get Deal link records the click too.
  await page.keyboard.press('Escape');
  // Back from the store's tab, the shopper may be asked "Did {CODE} work?" (issue 22): close it.
  const question = page.locator('[data-feedback-question]');
  if (await question.isVisible()) await question.getByRole('button', { name: 'Close the question' }).click();
  const linkCard = page
    .locator('section[aria-labelledby="all-coupons-title"] article')
    .filter({ hasText: 'No code needed' })
    .first();
  const linkId = String(await linkCard.getAttribute('data-coupon-id'));
  const linkClick = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith(`/api/coupons/${linkId}/click`),
  );
  const linkPopup = page.waitForEvent('popup');
  await linkCard.getByRole('link', { name: /^Get Deal/ }).click();
  await Promise.all([linkClick, linkPopup]);

  await page.goto('/deals');
  await waitForIslands(page);
  // A deal card's Get Deal link records the deal click.
  const second = page.locator('section[aria-labelledby="all-deals-title"] article').nth(1);
  const secondId = String(await second.getAttribute('data-deal-id'));
  const cardClick = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith(`/api/deals/${secondId}/click`),
  );
  const cardPopup = page.waitForEvent('popup');
  await second.getByRole('link', { name: /^Get Deal/ }).click();
  await Promise.all([cardClick, cardPopup]);

  const deal = page.locator('section[aria-labelledby="all-deals-title"] article').first();
  const dealId = String(await deal.getAttribute('data-deal-id'));
  await deal.locator('[data-open-deal]').click();
  const dealClick = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/api/deals/${dealId}/click`));
  const dealPopup = page.waitForEvent('popup');
  await page.getByRole('dialog', { name: 'Deal Offer' }).getByRole('button', { name: 'Get Deal' }).click();
  await Promise.all([dealClick, dealPopup]);

  const record = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/search/record'));
  await page.locator('header input[name="q"]').first().click();
  await page.keyboard.type('headphones');
  await expect(page.getByRole('combobox', { name: 'Search coupons, deals and brands' })).toBeVisible();
  await page.keyboard.press('Enter');
  expect((await record).postDataJSON()).toEqual({ query: 'headphones' });
  await expect(page).toHaveURL(/\/search\?q=headphones$/);
});
