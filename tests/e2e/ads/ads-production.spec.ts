/**
 * Real providers on a production host name (answered from the local build), with the ad
 * networks' addresses served by stand-in scripts, failing, or aborted as an ad blocker would.
 */
import { expect, type Page, test } from '@playwright/test';
import { waitForIslands } from '../shopper-helpers.ts';
import {
  ACCEPTED,
  ADSENSE_SCRIPT,
  hideAdsLikeABlocker,
  layoutShift,
  mapProductionHost,
  PROD,
  PUBLISHER,
  pinRandom,
  ROUTABLE_SANDBOXED_FRAMES,
  recordPageErrors,
  routeAdNetworks,
  storageFor,
  trackLayoutShift,
} from './helpers.ts';

test.use({ storageState: storageFor(PROD, { consent: ACCEPTED }), launchOptions: ROUTABLE_SANDBOXED_FRAMES });

const firstGetCode = (page: Page) =>
  page
    .locator('section[aria-labelledby="all-coupons-title"] article')
    .first()
    .getByRole('button', { name: /Get Code/ });

async function openModal(page: Page) {
  await page.goto(`${PROD}/coupons?ad_debug=1`);
  await waitForIslands(page);
  await firstGetCode(page).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('[data-coupon-code]')).toBeVisible();
  return dialog;
}

test.beforeEach(async ({ context, baseURL }) => {
  await mapProductionHost(context, baseURL ?? '');
});

test('AdSense: its own markup with the publisher id, the slot and test mode; pushed once; no push error on reopen', async ({
  page,
  context,
}) => {
  await routeAdNetworks(context, { adsense: 'ok', adsterra: 'ok' });
  const errors: string[] = [];
  recordPageErrors(page, errors);
  page.on('console', (m) => m.text().includes('already have ads') && errors.push(m.text()));
  const dialog = await openModal(page);
  const ins = dialog.locator('ins.adsbygoogle');
  await expect(ins).toHaveAttribute('data-ad-status', 'filled');
  await expect(ins).toHaveAttribute('data-ad-client', PUBLISHER);
  await expect(ins).toHaveAttribute('data-ad-slot', '1234567890');
  await expect(ins).toHaveAttribute('data-adtest', 'on');
  const size = (await dialog.locator('[data-ad-position]').getAttribute('data-ad-size')) ?? '';
  const [w, h] = size.split('x');
  expect(await ins.evaluate((el: HTMLElement) => [el.style.display, el.style.width, el.style.height])).toEqual([
    'inline-block',
    `${w}px`,
    `${h}px`,
  ]);
  const loader = page.locator(`script[src="${ADSENSE_SCRIPT}"]`);
  await expect(loader).toHaveCount(1);
  expect(await loader.evaluate((s: HTMLScriptElement) => [s.async, s.crossOrigin])).toEqual([true, 'anonymous']);
  // Personalized (Accept all): requestNonPersonalizedAds 0.
  expect(
    await page.evaluate(() => (window as unknown as { __adsenseStandIn: { npa: number } }).__adsenseStandIn.npa),
  ).toBe(0);

  // Reopen twice: a new unit each time, one push each, one loader script, no "already have ads".
  for (let i = 0; i < 2; i++) {
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await firstGetCode(page).click();
    await expect(dialog.locator('ins.adsbygoogle')).toHaveAttribute('data-ad-status', 'filled');
  }
  await expect(loader).toHaveCount(1);
  const pushes = await page.evaluate(
    () => (window as unknown as { __adsenseStandIn: { pushes: number } }).__adsenseStandIn.pushes,
  );
  const units = await page.locator('ins.adsbygoogle').count();
  // One push per unit ever created (modal units were removed on close; page slots remain).
  expect(pushes).toBe(units + 2);
  expect(errors).toEqual([]);

  // A viewable impression (MRC: ≥ 50 % in view for 1 s) is counted.
  await expect
    .poll(
      async () =>
        JSON.parse((await page.evaluate(() => localStorage.getItem('ad_metrics'))) ?? '{}').adsense?.impressions ?? 0,
    )
    .toBeGreaterThanOrEqual(1);
});

test('fallback adsense → adsterra: banner first, generic next, then the next platform', async ({ page, context }) => {
  await routeAdNetworks(context, { adsense: 'abort', adsterra: 'ok' });
  // No page slot: their impressions would make the decision engine prefer adsterra outright.
  await pinRandom(page, 0.9);
  const logs: string[] = [];
  page.on('console', (m) => logs.push(m.text()));
  const dialog = await openModal(page);
  const container = dialog.locator('[data-ad-container]');
  await expect(container).toHaveAttribute('data-ad-platform', 'adsterra');
  const frame = container.locator('iframe[title="Advertisement"]');
  await expect(frame).toBeVisible();
  expect(await frame.getAttribute('sandbox')).toBe('allow-scripts allow-popups allow-popups-to-escape-sandbox');
  await expect(frame.contentFrame().locator('[data-standin="adsterra"]')).toBeVisible();
  const failures = logs.filter((l) => l.startsWith('[ads] adsense') && l.includes(' failed for modal-'));
  expect(failures.map((l) => l.replace(/ failed for .*/, ''))).toEqual([
    '[ads] adsense (banner)',
    '[ads] adsense (generic)',
  ]);
  expect(logs.some((l) => l.includes('Failed to load AdSense script'))).toBe(true);
});

test('adsense → adsterra → nothing: the box keeps its height until the modal closes; the code still copies', async ({
  page,
  context,
}) => {
  await routeAdNetworks(context, { adsense: 'abort', adsterra: 'fail' });
  const errors: string[] = [];
  recordPageErrors(page, errors);
  const dialog = await openModal(page);
  const slot = dialog.locator('[data-ad-position]');
  const container = slot.locator('[data-ad-container]');
  await expect(container).toHaveAttribute('data-ad-state', 'failed');
  await expect(container.locator('*')).toHaveCount(0);
  const size = (await slot.getAttribute('data-ad-size')) ?? '';
  expect(Math.round((await container.boundingBox())?.height ?? 0)).toBe(Number(size.split('x')[1]));
  await context.grantPermissions([]);
  await dialog.getByRole('button', { name: /Copy Code/ }).click();
  await expect(dialog.getByRole('button', { name: 'Code Copied! Redirecting...' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('unfilled AdSense falls back to Adsterra', async ({ page, context }) => {
  await routeAdNetworks(context, { adsense: 'ok', adsterra: 'ok', adsenseUnfilled: true });
  const dialog = await openModal(page);
  await expect(dialog.locator('[data-ad-container]')).toHaveAttribute('data-ad-platform', 'adsterra');
  await expect(dialog.locator('ins.adsbygoogle')).toHaveCount(0);
});

test('page slots that fail show "Ad temporarily unavailable" in their reserved box', async ({ page, context }) => {
  await routeAdNetworks(context, { adsense: 'fail', adsterra: 'fail' });
  await pinRandom(page);
  await page.goto(`${PROD}/deals`);
  const top = page.locator('[data-ad-page-slot="top"]');
  await expect(top).toContainText('Ad temporarily unavailable', { timeout: 10_000 });
  expect(Math.round((await top.locator('[data-ad-container]').boundingBox())?.height ?? 0)).toBe(90);
});

test('preloads after consent: the grid and the smart preload fetch AdSense and preconnect to Adsterra before any slot needs them', async ({
  page,
  context,
}) => {
  await routeAdNetworks(context, { adsense: 'ok', adsterra: 'ok' });
  const requested: string[] = [];
  context.on('request', (r) => requested.push(r.url()));
  await pinRandom(page, 0.9); // no page slot on this page view
  await page.goto(`${PROD}/coupons`);
  await expect(page.locator('html')).not.toHaveAttribute('data-ad-slots', /./);
  await expect.poll(() => requested).toContain(ADSENSE_SCRIPT);
  await expect(page.locator('link[rel="preconnect"][href="https://www.highperformanceformat.com"]')).toHaveCount(1);
  await expect(page.locator('link[rel="preconnect"][href="https://pagead2.googlesyndication.com"]')).toHaveCount(1);
  await expect(page.locator('ins.adsbygoogle')).toHaveCount(0);
});

type Scenario = { name: string; nets: Parameters<typeof routeAdNetworks>[1]; blocker?: boolean };
const SCENARIOS: Scenario[] = [
  { name: 'loading (slow networks)', nets: { adsense: { delayMs: 1500 }, adsterra: { delayMs: 1500 } } },
  { name: 'failing (500)', nets: { adsense: 'fail', adsterra: 'fail' } },
  { name: 'blocked (requests aborted, ads hidden)', nets: { adsense: 'abort', adsterra: 'abort' }, blocker: true },
];

for (const s of SCENARIOS) {
  test(`no layout shift with ads ${s.name}: home, coupons and an open code modal`, async ({ page, context }) => {
    test.setTimeout(60_000);
    await routeAdNetworks(context, s.nets);
    if (s.blocker) await hideAdsLikeABlocker(page);
    await pinRandom(page);
    await trackLayoutShift(page);
    const errors: string[] = [];
    recordPageErrors(page, errors);
    const figures: string[] = [];
    for (const path of ['/', '/coupons']) {
      await page.goto(`${PROD}${path}`);
      await waitForIslands(page);
      await page.waitForTimeout(2500);
      await page.mouse.wheel(0, 50_000);
      await page.waitForTimeout(2500);
      const { cls, shifts } = await layoutShift(page);
      figures.push(`${path} ${cls.toFixed(4)} [${shifts.join(', ')}]`);
      expect(cls, `${path}: ${shifts.join(', ')}`).toBeLessThanOrEqual(0.01);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await firstGetCode(page).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.locator('[data-coupon-code]')).toBeVisible();
    await page.waitForTimeout(4000);
    const { cls, shifts } = await layoutShift(page);
    figures.push(`/coupons + modal ${cls.toFixed(4)}`);
    console.log(`summed layout shift, ads ${s.name}: ${figures.join('; ')} (limit 0.01)`);
    expect(cls, shifts.join(', ')).toBeLessThanOrEqual(0.01);
    expect(errors).toEqual([]);
  });
}
