/**
 * A direct-sold campaign (issue 25) on the revenue fixture site, served from 127.0.0.1 (a local
 * host: the networks show mocks, our own campaign renders for real). The campaign
 * "voltura-electronics" targets the top slot of the electronics category page in en/es, runs
 * 2026-11-01 to 2026-12-01 (New York time) with a daily cap of 3. The clock is moved with
 * page.clock, in two time zones.
 */
import { expect, type Page, test } from '@playwright/test';
import type { StaticServer } from '../../../scripts/lib/serve/static-server.ts';
import { answerAmazonImages, hasRevenueBuild, pinRandom, seedConsent, serveRevenue } from './revenue-site.ts';

test.describe.configure({ mode: 'serial' });
test.skip(!hasRevenueBuild(), 'build dist/revenue first (node scripts/build-test-sites.ts)');

let server: StaticServer;
test.beforeAll(async () => {
  server = await serveRevenue();
});
test.afterAll(async () => {
  await server?.close();
});

const DURING = '2026-11-20T10:00:00-05:00';
const AFTER = '2026-12-01T00:00:01-05:00';
const CLICK_URL = 'https://voltura.example/sale?utm_source=couponsaver';

async function openCategory(page: Page, path: string, time: string) {
  await page.clock.install({ time: new Date(time) });
  await pinRandom(page);
  await page.goto(`${server.url}${path}`);
  const slot = page.locator('[data-ad-page-slot="top"]');
  await expect(slot).toBeVisible();
  return slot;
}

/** The top slot filled by the decision engine's chain (a network mock or an Amazon product), not a campaign. */
async function expectNetworkFilled(page: Page) {
  const container = page.locator('[data-ad-page-slot="top"] [data-ad-container]');
  await expect(container).toHaveAttribute('data-ad-state', 'loaded', { timeout: 15_000 });
  await expect(container).toHaveAttribute('data-ad-platform', /^(adsense|adsterra|amazon)$/);
  await expect(page.locator('[data-direct-campaign]')).toHaveCount(0);
}

const stored = (page: Page) =>
  page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('ad_campaigns') ?? 'null') as null | {
        totals: Record<string, { impressions: number; viewable: number; clicks: number }>;
        views: Record<string, number>;
      },
  );

for (const timezoneId of ['America/New_York', 'Asia/Tokyo']) {
  test.describe(`visitor in ${timezoneId}`, () => {
    test.use({ timezoneId });

    test('the campaign fills its targeted slot, labelled Sponsored, its views, viewable views and clicks counted per campaign', async ({
      page,
      context,
    }, info) => {
      await seedConsent(context, 'accepted');
      await answerAmazonImages(context);
      await context.route('https://voltura.example/**', (r) =>
        r.fulfill({ body: 'Voltura', contentType: 'text/plain' }),
      );

      const slot = await openCategory(page, '/categories/electronics', DURING);
      const creative = slot.locator('[data-direct-campaign="voltura-electronics"]');
      await expect(creative).toBeVisible({ timeout: 15_000 });
      await expect(slot.locator('[data-ad-container]')).toHaveAttribute('data-ad-platform', 'direct');
      await expect(creative).toContainText('Voltura: 20% off headphones this week');
      await expect(creative.locator('[data-sponsored-label]')).toHaveText('Sponsored');
      await expect(creative).toHaveAttribute('rel', 'sponsored noopener');
      await expect(creative).toHaveAttribute('target', '_blank');
      await expect(creative).toHaveAttribute('href', CLICK_URL);
      if (timezoneId === 'America/New_York') {
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.screenshot({ path: info.outputPath('direct-top-1280.png') });
        await page.setViewportSize({ width: 375, height: 740 });
        await page.screenshot({ path: info.outputPath('direct-top-375.png') });
        await page.setViewportSize({ width: 360, height: 640 });
        await page.screenshot({ path: info.outputPath('direct-top-360.png') });
        await page.setViewportSize({ width: 1280, height: 720 });
      }

      // Impression at once, viewable after one second in view, click: counted per campaign.
      await page.clock.runFor(1500);
      await expect.poll(async () => (await stored(page))?.totals['voltura-electronics']?.viewable ?? 0).toBe(1);
      const popup = page.waitForEvent('popup');
      await creative.click();
      await (await popup).close();
      await expect
        .poll(async () => (await stored(page))?.totals['voltura-electronics'])
        .toEqual({
          impressions: 1,
          viewable: 1,
          clicks: 1,
        });
      expect((await stored(page))?.views).toEqual({ 'voltura-electronics': 1 });

      // Not targeted elsewhere: another category's slot goes to the decision engine (networks, Amazon).
      await page.goto(`${server.url}/categories/fashion`);
      await expectNetworkFilled(page);
    });

    test('after its end date the campaign is gone and the networks fill the slot', async ({ page, context }) => {
      await seedConsent(context, 'accepted');
      await openCategory(page, '/categories/electronics', AFTER);
      await expectNetworkFilled(page);
    });
  });
}

test('the daily cap (3) applies with consent: the 4th view that day shows the networks', async ({ page, context }) => {
  await seedConsent(context, 'accepted');
  await page.clock.install({ time: new Date(DURING) });
  await pinRandom(page);
  for (let i = 1; i <= 4; i++) {
    await page.goto(`${server.url}/categories/electronics`);
    const slot = page.locator('[data-ad-page-slot="top"] [data-ad-container]');
    await expect(slot).toHaveAttribute('data-ad-state', 'loaded', { timeout: 15_000 });
    await expect(slot).toHaveAttribute('data-ad-platform', i <= 3 ? 'direct' : /adsense|adsterra|amazon/);
  }
  expect((await stored(page))?.views).toEqual({ 'voltura-electronics': 3 });
});

test('without consent (Reject all) the campaign still rotates and nothing is stored: no cap', async ({
  page,
  context,
}) => {
  await seedConsent(context, 'rejected');
  await page.clock.install({ time: new Date(DURING) });
  await pinRandom(page);
  for (let i = 1; i <= 4; i++) {
    await page.goto(`${server.url}/es/categories/electronics`);
    await expect(page.locator('[data-direct-campaign="voltura-electronics"]')).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('[data-sponsored-label]')).toHaveText('Patrocinado');
  }
  expect(await stored(page)).toBeNull();
});
