/**
 * No React before the visitor acts, for the visitors the weight gate's first visit does not show
 * (issue 43 point 2; docs/performance.md "Listings wait for the first input"):
 * - a returning visitor who accepted ads (this project's default storage state): the ad runtime
 *   loads before any input and fills the page's ad slot, and fetches nothing the islands need;
 * - the search page without a query: the prompt and trending links are pre-rendered, so its island
 *   waits for the first input, and a search typed there still shows its results.
 */
import { expect, test } from '@playwright/test';
import { pinRandom } from './ads/helpers.ts';
import { waitForPageSettled, watchReact } from './shopper-helpers.ts';

test.describe('a returning visitor who accepted ads', () => {
  for (const path of ['/coupons', '/de/brands/voltura']) {
    test(`${path}: the page's ad shows before any input, without React; the first Get Code opens the code`, async ({
      page,
    }) => {
      const reactFetched = watchReact(page);
      // One draw per page view decides whether the page shows ads (ads.displayProbability 0.85):
      // pinned, so this page view does.
      await pinRandom(page);
      await page.goto(path);
      await waitForPageSettled(page);
      // The ad runtime ran: the page's top slot holds its (local mock) ad.
      const pageAd = page.locator('[data-ad-page-slot] [data-mock-ad]').first();
      await expect(pageAd).toBeVisible();
      expect(reactFetched()).toBe(false);

      await page
        .getByRole('button', { name: /Get Code|Code anzeigen/ })
        .first()
        .click();
      const modal = page.getByTestId('code-modal');
      await expect(modal).toBeVisible();
      await expect(modal.locator('[data-coupon-code]')).not.toBeEmpty();
      expect(reactFetched()).toBe(true);
    });
  }
});

test.describe('the search page without a query', () => {
  for (const [prefix, prompt, results] of [
    ['', 'What are you looking for?', /\d+ results? for brickplay/],
    ['/es', '¿Qué estás buscando?', /\d+ resultados? para «brickplay»/],
  ] as const) {
    test(`${prefix || '/'}: the prompt without React; a search typed there shows its results`, async ({ page }) => {
      const reactFetched = watchReact(page);
      await page.goto(`${prefix}/search`);
      await waitForPageSettled(page);
      await expect(page.getByRole('heading', { name: prompt })).toBeVisible();
      expect(reactFetched()).toBe(false);

      const main = page.getByRole('search').last();
      const box = main.getByRole('combobox').or(main.getByRole('searchbox')).first();
      await box.click();
      // Typed key by key: Playwright-BiDi's fill() sets the value from script, which the search
      // box's controlled React field does not take as an edit in Firefox (docs/firefox.md).
      await box.pressSequentially('brickplay');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/[?&]q=brickplay/);
      await expect(page.getByRole('heading', { name: results })).toBeVisible();
    });
  }
});
