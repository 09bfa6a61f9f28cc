/**
 * Consent (banner mode, the default site) on a production host name: nothing third-party
 * before a choice, Accept all / Reject all, remembered, reopened from the footer and from any
 * [data-consent-settings] element.
 */
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, waitForIslands } from '../shopper-helpers.ts';
import {
  ADSENSE_SCRIPT,
  ADSTERRA_HOST,
  mapProductionHost,
  NO_CONSENT,
  PROD,
  pinRandom,
  ROUTABLE_SANDBOXED_FRAMES,
  recordThirdParty,
  routeAdNetworks,
} from './helpers.ts';

test.use({ storageState: NO_CONSENT, launchOptions: ROUTABLE_SANDBOXED_FRAMES });

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies and your privacy' });
const firstGetCode = (page: Page) =>
  page
    .locator('section[aria-labelledby="all-coupons-title"] article')
    .first()
    .getByRole('button', { name: /Get Code/ });
const storage = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

test.beforeEach(async ({ context, baseURL }) => {
  await mapProductionHost(context, baseURL ?? '');
  await routeAdNetworks(context, { adsense: 'ok', adsterra: 'ok' });
});

test('no third-party request and no ad storage until Accept all; then the ad networks load', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const thirdParty = recordThirdParty(context, PROD);
  await pinRandom(page);
  await page.goto(`${PROD}/coupons`);
  await expect(banner(page)).toBeVisible();
  await waitForIslands(page);
  // Browse: wait past the idle preload, open a code modal, scroll to the bottom.
  await page.waitForTimeout(3000);
  await firstGetCode(page).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('[data-coupon-code]')).toBeVisible();
  await expect(dialog.locator('[data-ad-position]')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.mouse.wheel(0, 20000);
  await page.waitForTimeout(1000);
  expect(thirdParty).toEqual([]);
  expect(await storage(page, 'ad_metrics')).toBeNull();
  await expect(page.locator('[data-ad-page-slot]').first()).toBeHidden();

  await banner(page).getByRole('button', { name: 'Accept all' }).click();
  await expect(banner(page)).toBeHidden();
  expect(JSON.parse((await storage(page, 'consent')) ?? '{}')).toMatchObject({ v: 1, choice: 'accepted' });
  // The smart preload fetches AdSense once the choice is made, on this page already.
  await expect.poll(() => thirdParty).toContain(ADSENSE_SCRIPT);
  // The page's own slots stay as they were at first paint (nothing moves); the next modal has an ad.
  await expect(page.locator('[data-ad-page-slot]').first()).toBeHidden();
  await firstGetCode(page).click();
  await expect(dialog.locator('ins.adsbygoogle[data-ad-status="filled"]')).toBeVisible();

  // The next page view shows the page slots, filled (AdSense pushes once a slot is in view).
  await page.reload();
  await expect(banner(page)).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.locator('[data-ad-page-slot="top"] ins.adsbygoogle[data-ad-status="filled"]')).toBeVisible({
    timeout: 10_000,
  });
});

test('Reject all is remembered: no personalized ads (AdSense npa), no Adsterra, no ad storage', async ({
  page,
  context,
}) => {
  const thirdParty = recordThirdParty(context, PROD);
  await page.goto(`${PROD}/coupons`);
  await banner(page).getByRole('button', { name: 'Reject all' }).click();
  await expect(banner(page)).toBeHidden();
  expect(JSON.parse((await storage(page, 'consent')) ?? '{}')).toMatchObject({ v: 1, choice: 'rejected' });

  await page.goto(`${PROD}/deals`);
  await expect(page.locator('html')).toHaveAttribute('data-consent', 'rejected');
  await expect(banner(page)).toBeHidden();
  await page.goto(`${PROD}/coupons`);
  await waitForIslands(page);
  await firstGetCode(page).click();
  const ins = page.getByRole('dialog').locator('ins.adsbygoogle');
  await expect(ins).toHaveAttribute('data-ad-status', 'filled');
  expect(
    await page.evaluate(() => (window as unknown as { __adsenseStandIn: { npa: number } }).__adsenseStandIn.npa),
  ).toBe(1);
  // A viewable impression is counted in memory only.
  await page.waitForTimeout(1500);
  expect(await storage(page, 'ad_metrics')).toBeNull();
  expect(thirdParty.filter((u) => u.startsWith(ADSTERRA_HOST))).toEqual([]);
});

test('Cookie settings in the footer reopens the choice; any [data-consent-settings] element does too', async ({
  page,
}) => {
  await page.goto(`${PROD}/about`);
  await banner(page).getByRole('button', { name: 'Accept all' }).click();
  await expect(banner(page)).toBeHidden();
  await page.reload();
  await expect(banner(page)).toBeHidden();

  const settings = page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' });
  await settings.click();
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByRole('button', { name: 'Reject all' })).toBeFocused();
  // Escape keeps the earlier choice; focus returns to the control.
  await page.keyboard.press('Escape');
  await expect(banner(page)).toBeHidden();
  await expect(settings).toBeFocused();

  // Withdraw by keyboard.
  await page.keyboard.press('Enter');
  await expect(banner(page)).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(banner(page)).toBeHidden();
  expect(JSON.parse((await storage(page, 'consent')) ?? '{}')).toMatchObject({ choice: 'rejected' });

  // Any element with data-consent-settings (e.g. a button on the cookie policy page).
  await page.evaluate(() => {
    const b = document.createElement('button');
    b.textContent = 'Manage cookies';
    b.setAttribute('data-consent-settings', '');
    document.querySelector('main')?.prepend(b);
  });
  await page.getByRole('button', { name: 'Manage cookies' }).click();
  await expect(banner(page)).toBeVisible();
  await banner(page).getByRole('button', { name: 'Accept all' }).click();
  expect(JSON.parse((await storage(page, 'consent')) ?? '{}')).toMatchObject({ choice: 'accepted' });
});

test('the banner: named region, equal buttons, policy link, fixed (no shift), keyboard, axe, translated', async ({
  page,
}) => {
  await page.goto(`${PROD}/about`);
  const region = banner(page);
  await expect(region).toBeVisible();
  expect(await region.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
  const accept = region.getByRole('button', { name: 'Accept all' });
  const reject = region.getByRole('button', { name: 'Reject all' });
  const [a, r] = [await accept.boundingBox(), await reject.boundingBox()];
  expect(a && r && [Math.round(a.width), Math.round(a.height)]).toEqual(
    r && [Math.round(r.width), Math.round(r.height)],
  );
  const style = (el: Element) => {
    const s = getComputedStyle(el);
    return [s.fontSize, s.fontWeight, s.backgroundColor, s.color].join(' ');
  };
  expect(await accept.evaluate(style)).toBe(await reject.evaluate(style));
  await expect(region.getByRole('link', { name: 'Cookie policy' })).toHaveAttribute('href', '/cookie-policy');
  await expectNoSeriousA11yViolations(page);
  // Keyboard: Tab reaches both buttons.
  await reject.focus();
  await page.keyboard.press('Tab');
  await expect(accept).toBeFocused();

  await page.goto(`${PROD}/de/about`);
  const de = page.getByRole('region', { name: 'Cookies und deine Privatsphäre' });
  await expect(de.getByRole('button', { name: 'Alle ablehnen' })).toBeVisible();
  await expect(de.getByRole('link', { name: 'Cookie-Richtlinie' })).toHaveAttribute('href', '/de/cookie-policy');
});

test('content pages load no ad code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() === 'script') scripts.push(await res.text().catch(() => ''));
  });
  await page.goto(`${PROD}/about`);
  await banner(page).getByRole('button', { name: 'Accept all' }).click();
  await page.reload();
  await page.waitForTimeout(2500);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => s.includes('adsbygoogle'))).toEqual([]);
  await expect(page.locator('[data-ad-page-slot], [data-ad-position]')).toHaveCount(0);
});

test('withdrawing consent on a page whose ad scripts ran clears ad data and reloads the page', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const thirdParty = recordThirdParty(context, PROD);
  await page.goto(`${PROD}/coupons`);
  await banner(page).getByRole('button', { name: 'Accept all' }).click();
  await expect.poll(() => thirdParty).toContain(ADSENSE_SCRIPT);
  await waitForIslands(page);
  await firstGetCode(page).click();
  await expect(page.getByRole('dialog').locator('ins.adsbygoogle[data-ad-status="filled"]')).toBeVisible();
  await expect.poll(() => storage(page, 'ad_metrics'), { timeout: 10_000 }).not.toBeNull();
  await page.keyboard.press('Escape');

  const reloaded = page.waitForEvent('load');
  await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
  await banner(page).getByRole('button', { name: 'Reject all' }).click();
  await reloaded;
  await expect(page.locator('html')).toHaveAttribute('data-consent', 'rejected');
  expect(await storage(page, 'ad_metrics')).toBeNull();
});
