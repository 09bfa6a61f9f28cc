/**
 * Listings before the visitor acts (issue 43 point 2, docs/performance.md "Listings wait for the
 * first input"): with static data a listing's island hydrates on the first interaction, so no
 * React is fetched before it; the pre-rendered cards stay true by the visitor's clock meanwhile
 * (the page's clock labels say "Ends in 2 h"), and the island takes over at once when the clock
 * makes a pre-rendered offer untrue (an offer ended: counts must follow).
 * On the `truth` fixture site (built at TRUTH_BUILD_NOW; "Midnight Lantern 30% off", coupon 9003 of
 * Harbor Lamp, ends 3 h after the build), in two time zones and two languages, clock moved.
 */
import { expect, test } from '@playwright/test';
import { TRUTH_BUILD_NOW } from '../../fixtures/catalogs/truth.ts';
import { summaryNumbers, waitForPageSettled, watchReact } from '../shopper-helpers.ts';

const BUILD = Date.parse(TRUTH_BUILD_NOW);
const H = 3_600_000;
const M = 60_000;

const TEXT = {
  en: { in2h: 'Ends in 2 h', in59min: 'Ends in 59 min', getCode: /Get Code/ },
  de: { in2h: 'Endet in 2 Std.', in59min: 'Endet in 59 Min.', getCode: /Code anzeigen/ },
} as const;

for (const timezoneId of ['America/Los_Angeles', 'Asia/Tokyo']) {
  test.describe(`a visitor in ${timezoneId}`, () => {
    test.use({ timezoneId });
    test.describe.configure({ timeout: 45_000 });

    for (const lang of ['en', 'de'] as const) {
      const prefix = lang === 'en' ? '' : '/de';
      const text = TEXT[lang];

      test(`${lang}: the coupons and the brand page count down without React; the first Get Code still opens the code`, async ({
        page,
      }) => {
        const reactFetched = watchReact(page);
        // 2 h 10 min before "Midnight Lantern" ends (the time left is rounded down).
        await page.clock.install({ time: BUILD + H - 10 * M });
        await page.goto(`${prefix}/coupons`);
        await waitForPageSettled(page);
        const all = page.locator('section[aria-labelledby="all-coupons-title"]');
        const late = all.locator('[data-coupon-id="9003"]');
        await expect(late.locator('span.ends')).toHaveText(text.in2h);
        await expect(late.locator('span.ends')).toHaveAttribute('data-ends-label', 'hours');
        // Kept current while the page is open, still without the island.
        await page.clock.fastForward(70 * M);
        await expect(late.locator('span.ends')).toHaveText(text.in59min);
        expect(reactFetched()).toBe(false);
        await expect(page.locator('astro-island[component-url*="CouponsListing"]')).toHaveAttribute('ssr', '');

        await late.getByRole('button', { name: text.getCode }).click();
        const modal = page.getByTestId('code-modal');
        await expect(modal.locator('[data-coupon-code]')).toHaveText('LATE3');
        expect(reactFetched()).toBe(true);
        // The island took over with the same words, and keeps them.
        await page.keyboard.press('Escape');
        await expect(late.locator('span.ends')).toHaveText(text.in59min);

        const brand = await page.context().newPage();
        const brandReact = watchReact(brand);
        await brand.clock.install({ time: BUILD + H - 10 * M });
        await brand.goto(`${prefix}/brands/harbor-lamp`);
        await waitForPageSettled(brand);
        await expect(brand.locator('[data-coupon-id="9003"] span.ends')).toHaveText(text.in2h);
        expect(brandReact()).toBe(false);
      });
    }

    test('an offer ending while the page is open: the island takes over and the counts follow', async ({ page }) => {
      const reactFetched = watchReact(page);
      await page.clock.install({ time: BUILD + 3 * H - 2.5 * M });
      await page.goto('/coupons');
      await waitForPageSettled(page);
      const all = page.locator('section[aria-labelledby="all-coupons-title"]');
      await expect(all.locator('[data-coupon-id="9003"] span.ends')).toHaveText('Ends in 2 min');
      expect(await summaryNumbers(page, all)).toEqual([7, 7]);
      expect(reactFetched()).toBe(false);
      await page.clock.fastForward(3 * M);
      await expect(all.locator('[data-coupon-id="9003"]')).toHaveCount(0);
      await expect.poll(() => summaryNumbers(page, all)).toEqual([6, 6]);
      expect(reactFetched()).toBe(true);
    });

    test('an offer that ended since the build: the island hydrates at once, without input', async ({ page }) => {
      const reactFetched = watchReact(page);
      await page.clock.install({ time: BUILD + 3 * H + 10 * M });
      await page.goto('/coupons');
      const all = page.locator('section[aria-labelledby="all-coupons-title"]');
      await expect(all.locator('[data-coupon-id="9003"]')).toHaveCount(0);
      await expect.poll(() => summaryNumbers(page, all)).toEqual([6, 6]);
      await expect(page.locator('astro-island[component-url*="CouponsListing"]')).not.toHaveAttribute('ssr');
      expect(reactFetched()).toBe(true);
    });
  });
}
