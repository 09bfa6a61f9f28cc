/**
 * Issue 3: a site with static-data mode off, pointed at the reference API server, pre-renders
 * page 1 and loads later pages from the API in the browser.
 */
import { expect, test } from '@playwright/test';
import { API_ORIGIN, waitForIslands } from '../shopper-helpers.ts';

test('coupons: Show More loads page 2 from the API with the site id header', async ({ page }) => {
  const staticData: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/data/')) staticData.push(r.url());
  });
  await page.goto('/coupons');
  await waitForIslands(page);
  const cards = page.locator('main article');
  const before = await cards.count();
  expect(before).toBeGreaterThan(0);
  const request = page.waitForRequest(
    (r) => /\/api\/coupons\?/.test(r.url()) && new URL(r.url()).searchParams.get('page') === '2',
  );
  await page.getByRole('button', { name: 'Show More' }).click();
  const req = await request;
  expect(new URL(req.url()).origin).toBe(API_ORIGIN);
  expect(req.headers()['x-site-id']).toBe('apimode');
  await expect.poll(() => cards.count()).toBeGreaterThan(before);
  // API mode never falls back to the static sample while the API answers.
  expect(staticData).toEqual([]);
});

test('deals: Load More Deals loads page 2 from the API', async ({ page }) => {
  await page.goto('/deals');
  await waitForIslands(page);
  const request = page.waitForRequest(
    (r) => /\/api\/deals\?/.test(r.url()) && new URL(r.url()).searchParams.get('page') === '2',
  );
  await page.getByRole('button', { name: 'Load More Deals' }).click();
  const res = await (await request).response();
  expect(res?.status()).toBe(200);
  const body = await res?.json();
  expect(body.success).toBe(true);
});

test('the API records a coupon click when a code is revealed', async ({ page, request }) => {
  await page.goto('/coupons');
  await waitForIslands(page);
  const click = page.waitForRequest((r) => /\/api\/coupons\/\d+\/click$/.test(r.url()) && r.method() === 'POST');
  await page
    .getByRole('button', { name: /Get Code/ })
    .first()
    .click();
  const sent = await click;
  const id = Number(/\/coupons\/(\d+)\/click/.exec(sent.url())?.[1]);
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect
    .poll(async () => {
      const state = await (await request.get(`${API_ORIGIN}/__state`)).json();
      return state.couponClicks[String(id)] ?? 0;
    })
    .toBeGreaterThan(0);
});
