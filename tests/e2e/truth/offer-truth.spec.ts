/**
 * Offer truth (issue 22, docs/offer-truth.md) on the `truth` fixture site: its catalog
 * (tests/fixtures/catalogs/truth.ts) has offers that ended before the build (or carry the status
 * "expired") and offers that end a few hours after it; the site is built at TRUTH_BUILD_NOW.
 * The visitor's clock is moved with Playwright's clock, in two time zones and two languages.
 */
import { expect, type Page, test } from '@playwright/test';
import { TRUTH_BUILD_NOW } from '../../fixtures/catalogs/truth.ts';
import { layoutShift, trackLayoutShift } from '../ads/helpers.ts';
import { summaryNumbers, waitForIslands } from '../shopper-helpers.ts';

const BUILD = Date.parse(TRUTH_BUILD_NOW);
const H = 3_600_000;
/** Over at build time (ended, or status "expired"): never on any page. */
const OVER_AT_BUILD = [
  'Midnight Harbor Classic',
  'Harbor Withdrawn Code',
  'Anchor Old Code',
  'Midnight Harbor Lamp Sale',
];
/** Live at build time, ended 3 h, 6 h and 12 h after it. */
const ENDED_AFTER_BUILD = ['Midnight Lantern 30% off', 'Midnight Kettle Sale', 'Copperline Rope Last Code'];

const TEXT = {
  en: {
    noCode: (name: string) => `No working code for ${name} right now`,
    endsIn2h: 'Ends in 2 h',
    evergreenDay: 'Ends Nov 30',
    ended: 'This offer has ended',
  },
  de: {
    noCode: (name: string) => `Gerade kein gültiger Code für ${name}`,
    endsIn2h: 'Endet in 2 Std.',
    evergreenDay: 'Endet am 30. Nov.',
    ended: 'Dieses Angebot ist abgelaufen',
  },
} as const;

async function expectNoneOffered(page: Page, names: readonly string[]): Promise<void> {
  for (const name of names) await expect(page.getByText(name, { exact: true })).toHaveCount(0);
}

for (const timezoneId of ['America/Los_Angeles', 'Europe/Berlin']) {
  test.describe(`a visitor in ${timezoneId}`, () => {
    test.use({ timezoneId });
    test.describe.configure({ timeout: 45_000 });

    for (const lang of ['en', 'de'] as const) {
      const prefix = lang === 'en' ? '' : '/de';
      const text = TEXT[lang];

      test(`${lang}: two days after the build, no ended offer is offered on any page and the counts match`, async ({
        page,
      }) => {
        await trackLayoutShift(page);
        await page.clock.install({ time: BUILD + 48 * H });

        // Listings: the cards shown and "Showing X of Y" agree, without a layout shift.
        await page.goto(`${prefix}/coupons`);
        // Before hydration (the early sweep) and after it (the island) alike.
        await expect(page.getByText('Midnight Lantern 30% off', { exact: true }).locator('visible=true')).toHaveCount(
          0,
        );
        await waitForIslands(page);
        await expectNoneOffered(page, [...OVER_AT_BUILD, ...ENDED_AFTER_BUILD]);
        const all = page.locator('section[aria-labelledby="all-coupons-title"]');
        await expect(all.locator('[data-coupon-id]')).toHaveCount(5);
        expect(await summaryNumbers(page, all)).toEqual([5, 5]);
        await expect(page.getByText('Harbor Evergreen', { exact: true }).first()).toBeVisible();
        await expect(page.getByText(text.evergreenDay).first()).toBeVisible();
        expect((await layoutShift(page)).cls).toBeLessThanOrEqual(0.005);

        await page.goto(`${prefix}/deals`);
        await waitForIslands(page);
        await expectNoneOffered(page, [...OVER_AT_BUILD, ...ENDED_AFTER_BUILD]);
        const deals = page.locator('section[aria-labelledby="all-deals-title"]');
        await expect(deals.locator('[data-deal-id]')).toHaveCount(3);
        expect(await summaryNumbers(page, deals)).toEqual([3, 3]);
        expect((await layoutShift(page)).cls).toBeLessThanOrEqual(0.005);

        await page.goto(`${prefix}/`);
        await waitForIslands(page);
        await expectNoneOffered(page, [...OVER_AT_BUILD, ...ENDED_AFTER_BUILD]);
        await expect(page.getByText('Harbor Evergreen', { exact: true }).first()).toBeVisible();
        expect((await layoutShift(page)).cls).toBeLessThanOrEqual(0.005);
      });

      test(`${lang}: two days after the build, brand and category pages offer only live offers`, async ({ page }) => {
        await trackLayoutShift(page);
        await page.clock.install({ time: BUILD + 48 * H });
        for (const [path, coupons, dealCount] of [
          ['/brands/harbor-lamp', 5, 1],
          ['/categories/harbor-lights', 5, 2],
        ] as const) {
          await page.goto(`${prefix}${path}`);
          await page.locator('[data-deal-id]').first().scrollIntoViewIfNeeded();
          await waitForIslands(page);
          await expectNoneOffered(page, [...OVER_AT_BUILD, ...ENDED_AFTER_BUILD]);
          await expect(page.locator('[data-coupon-id]')).toHaveCount(coupons);
          await expect(page.locator('[data-deal-id]')).toHaveCount(dealCount);
          const [shown, total] = await summaryNumbers(page);
          expect([shown, total]).toEqual([coupons, coupons]);
          expect((await layoutShift(page)).cls).toBeLessThanOrEqual(0.005);
        }

        // The brand and category whose only code ended after the build: the honest empty state.
        for (const [path, name] of [
          ['/brands/copperline-rope', 'Copperline Rope'],
          ['/categories/rigging', 'Rigging'],
        ] as const) {
          await page.goto(`${prefix}${path}`);
          await page.locator('[data-deal-id]').first().scrollIntoViewIfNeeded();
          await waitForIslands(page);
          await expectNoneOffered(page, ENDED_AFTER_BUILD);
          await expect(page.getByText(text.noCode(name))).toBeVisible();
          await expect(page.locator('[data-empty-feed]')).toHaveAttribute('href', /feed\.xml$/);
          await expect(page.getByText('Copperline Coil Deal', { exact: true })).toBeVisible();
        }
      });

      test(`${lang}: two days after the build, search and its suggestions offer only live offers`, async ({ page }) => {
        await page.clock.install({ time: BUILD + 48 * H });
        await page.goto(`${prefix}/search?q=midnight`);
        await expect(page.locator('[data-state="empty"]')).toBeVisible({ timeout: 15_000 });
        await expectNoneOffered(page, [...OVER_AT_BUILD, ...ENDED_AFTER_BUILD]);
        await page.goto(`${prefix}/search?q=harbor`);
        await expect(page.locator('[data-state="results"]')).toBeVisible({ timeout: 15_000 });
        await expect(page.getByText('Harbor Evergreen', { exact: true }).first()).toBeVisible();
        await expectNoneOffered(page, [...OVER_AT_BUILD, ...ENDED_AFTER_BUILD]);

        // Suggestions: a live coupon is suggested, the ended ones never are.
        // (On the search page the header's box shows the query: once its island has taken over,
        // select it and type a new one, as a shopper would.)
        const box = page.locator('header input[name="q"]').first();
        await box.click();
        await expect(page.locator('header').getByRole('combobox').first()).toBeFocused();
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.type('evergreen');
        const options = page.getByRole('listbox').getByRole('option');
        await expect(options.filter({ hasText: 'Harbor Evergreen' })).toHaveCount(1);
        await box.fill('');
        await page.keyboard.type('midnight');
        await page.waitForTimeout(1000);
        await expect(options).toHaveCount(0);
      });
    }

    test('the brand with no live code at build time says so, with its deals and feed', async ({ page }) => {
      await page.clock.install({ time: BUILD + H });
      for (const lang of ['en', 'de'] as const) {
        await page.goto(`${lang === 'en' ? '' : '/de'}/brands/quiet-anchor`);
        await expect(page.getByText(TEXT[lang].noCode('Quiet Anchor'))).toBeVisible();
        await expect(page.getByText('Anchor Chain Set', { exact: true })).toBeVisible();
        await expectNoneOffered(page, OVER_AT_BUILD);
      }
    });
  });
}

test.describe('while the page is open', () => {
  test.describe.configure({ timeout: 45_000 });
  test.use({ timezoneId: 'Europe/Berlin' });

  for (const lang of ['en', 'de'] as const) {
    const prefix = lang === 'en' ? '' : '/de';
    test(`${lang}: a card counts down, then its offer leaves the list and the counts follow`, async ({ page }) => {
      // 2 h 10 min before "Midnight Lantern" ends (the time left is rounded down).
      await page.clock.install({ time: BUILD + H - 10 * 60_000 });
      await page.goto(`${prefix}/coupons`);
      await waitForIslands(page);
      const all = page.locator('section[aria-labelledby="all-coupons-title"]');
      const late = all.locator('[data-coupon-id="9003"]');
      await expect(late.getByText(TEXT[lang].endsIn2h)).toBeVisible();
      expect(await summaryNumbers(page, all)).toEqual([7, 7]);
      await page.clock.fastForward(2 * H + 11 * 60_000);
      await expect(late).toHaveCount(0);
      await expect(all.locator('[data-coupon-id]')).toHaveCount(6);
      expect(await summaryNumbers(page, all)).toEqual([6, 6]);
    });

    test(`${lang}: a code modal left open while its offer ends says so and offers no copy`, async ({ page }) => {
      await page.clock.install({ time: BUILD + 3 * H - 5 * 60_000 });
      await page.goto(`${prefix}/coupons`);
      await waitForIslands(page);
      await page.locator('section[aria-labelledby="all-coupons-title"] [data-get-code="9003"]').click();
      const modal = page.getByTestId('code-modal');
      await expect(modal.locator('[data-coupon-code]')).toHaveText('LATE3');
      await page.clock.fastForward(6 * 60_000);
      await expect(modal.getByText(TEXT[lang].ended)).toBeVisible();
      await expect(modal.locator('[data-coupon-code]')).toHaveCount(0);
      await expect(modal.getByText('LATE3')).toHaveCount(0);
      await expect(modal.getByRole('button', { name: /copy|kopier/i })).toHaveCount(0);
    });
  }

  test('the Expiring Soon banner is computed at view time, follows the filters, and "+N more" sorts by expiry', async ({
    page,
  }) => {
    await page.clock.install({ time: BUILD + H - 10 * 60_000 });
    await page.goto('/coupons');
    await waitForIslands(page);
    const banner = page.locator('[data-expiring]');
    await expect(banner.getByRole('button')).toHaveCount(3);
    await expect(banner.getByText('Ends in 2 h')).toBeVisible();
    const more = banner.locator('a[data-expiring-more]');
    // Its name starts with what it shows (WCAG 2.5.3), then says where it goes.
    await expect(more).toHaveAccessibleName(/^\+2 more\s?: See all coupons ending soon$/);
    await expect(more).toHaveAttribute('href', /sort=expiring/);
    await more.click();
    await expect(page).toHaveURL(/sort=expiring/);
    await expect(page.locator('#coupon-filter-sort, select[name="sort"]').first()).toHaveValue('expiring');

    await page.locator('#coupon-filter-category').selectOption({ label: 'Rigging' });
    await expect(banner.getByRole('button')).toHaveCount(1);
    await expect(banner.getByRole('button', { name: /Copperline Rope Last Code/ })).toBeVisible();
    await expect(banner.locator('a[data-expiring-more]')).toHaveCount(0);

    // Two days later: the two that ended are gone from the banner, the three left fit without "+N more".
    await page.goto('/coupons');
    await page.clock.fastForward(47 * H);
    await expect(banner.getByRole('button')).toHaveCount(3);
    await expect(banner.getByText('Midnight Lantern', { exact: false })).toHaveCount(0);
    await expect(banner.locator('a[data-expiring-more]')).toHaveCount(0);
  });
});
