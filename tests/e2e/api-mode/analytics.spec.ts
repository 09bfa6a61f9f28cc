/**
 * GA4 on the API-mode fixture site (analytics.googleAnalytics G-E2ETEST01), served on a
 * production host name so the consent banner decides, with gtag.js answered by a stand-in:
 * nothing is requested before a choice, the tag loads after "Accept all" with Consent Mode
 * defaults denied first, and never after "Reject all" (also on later pages).
 */
import { expect, type Page, test } from '@playwright/test';
import { mapProductionHost, NO_CONSENT, PROD } from '../ads/helpers.ts';

test.use({ storageState: NO_CONSENT });

const GTAG = 'https://www.googletagmanager.com';
/** gtag.js stand-in: counts its loads and keeps the events it is given (queued and later). */
const STAND_IN = `(function(){
  window.__gtagStandIn = (window.__gtagStandIn || 0) + 1;
  var dl = window.dataLayer = window.dataLayer || [];
  function keep(a) {
    if (a && a[0] === 'event') {
      var all = JSON.parse(sessionStorage.getItem('ga_events') || '[]');
      all.push(Array.prototype.slice.call(a));
      sessionStorage.setItem('ga_events', JSON.stringify(all));
    }
  }
  for (var i = 0; i < dl.length; i++) keep(dl[i]);
  var push = dl.push.bind(dl);
  dl.push = function (a) { keep(a); return push(a); };
})();`;

async function setup(page: Page, baseURL: string) {
  const ctx = page.context();
  await mapProductionHost(ctx, baseURL);
  const requested: string[] = [];
  ctx.on('request', (r) => {
    const u = new URL(r.url());
    if (/googletagmanager|google-analytics/.test(u.host)) requested.push(r.url());
  });
  await ctx.route(`${GTAG}/**`, (route) => route.fulfill({ contentType: 'text/javascript', body: STAND_IN }));
  // Ad networks are not what this test is about: keep them out.
  await ctx.route(/googlesyndication|highperformanceformat|doubleclick/, (route) => route.abort());
  return requested;
}

test('analytics loads only after Accept all, with Consent Mode v2 defaults denied first; page view and tracked actions', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const requested = await setup(page, baseURL as string);
  await page.goto(`${PROD}/`);
  await expect(page.locator('[data-consent-banner]')).toBeVisible();
  await page.waitForTimeout(1000);
  expect(requested).toEqual([]);
  const before = await page.evaluate(() =>
    ((window as unknown as { dataLayer?: IArguments[] }).dataLayer ?? []).map((a) => Array.from(a)),
  );
  expect(before[0]).toEqual([
    'consent',
    'default',
    {
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'denied',
      wait_for_update: 500,
    },
  ]);

  await page.getByRole('button', { name: 'Accept all' }).click();
  await expect.poll(() => requested.length).toBeGreaterThan(0);
  expect(requested[0]).toBe(`${GTAG}/gtag/js?id=G-E2ETEST01`);
  await expect.poll(() => page.evaluate(() => (window as unknown as { __gtagStandIn?: number }).__gtagStandIn)).toBe(1);
  const after = await page.evaluate(() =>
    (window as unknown as { dataLayer: IArguments[] }).dataLayer.map((a) => Array.from(a)),
  );
  const kinds = after.map((a) => `${a[0]} ${typeof a[1] === 'string' ? a[1] : ''}`.trim());
  expect(kinds.indexOf('consent update')).toBeGreaterThan(kinds.indexOf('consent default'));
  expect(kinds.indexOf('config G-E2ETEST01')).toBeGreaterThan(kinds.indexOf('consent update'));
  expect(after.find((a) => a[0] === 'consent' && a[1] === 'update')?.[2]).toMatchObject({
    analytics_storage: 'granted',
  });

  // Tracked actions are GA4 events; the stand-in keeps every event it sees (as gtag.js would send it).
  const box = page.locator('main input[type="search"], header input[type="search"]').first();
  await box.fill('shoes');
  await box.press('Enter');
  await page.waitForURL(/search/);
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('ga_events'))).toContain('"search"');
  expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('ga_events'))) ?? '[]')).toContainEqual([
    'event',
    'search',
    { search_term: 'shoes' },
  ]);
});

test('after Reject all analytics is never requested, on this page or the next', async ({ page, baseURL }) => {
  const requested = await setup(page, baseURL as string);
  await page.goto(`${PROD}/`);
  await page.getByRole('button', { name: 'Reject all' }).click();
  await page.waitForTimeout(1000);
  await page.goto(`${PROD}/coupons`);
  await page.waitForTimeout(1500);
  expect(requested).toEqual([]);
  const layer = await page.evaluate(() =>
    ((window as unknown as { dataLayer?: IArguments[] }).dataLayer ?? []).map((a) => Array.from(a)),
  );
  expect(layer.some((a) => a[0] === 'config')).toBe(false);
});
