/**
 * A site built from `npm run import` (issue 30): tests/fixtures/sites/imported.json over
 * tests/fixtures/catalogs/imported.json, what the import writes from the five network fixtures of
 * tests/fixtures/import, built at IMPORTED_BUILD_NOW. The visitor's clock is set an hour after
 * the build, so the page is the one shoppers saw that night whatever day the tests run.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { IMPORTED_BUILD_NOW, IMPORTED_CATALOG } from '../../fixtures/catalogs/imported.ts';
import { waitForIslands } from '../shopper-helpers.ts';

const catalog = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../..', IMPORTED_CATALOG), 'utf8')) as {
  coupons: { id: number; code: string; name: string; link: string }[];
};
const coupon = (code: string) => catalog.coupons.find((c) => c.code === code)!;

const TEXT = {
  en: { prefix: '', getCode: 'Get Code', copy: 'Copy Code & Visit Store', toast: 'Coupon code copied!' },
  es: {
    prefix: '/es',
    getCode: 'Ver código',
    copy: 'Copiar código e ir a la tienda',
    toast: '¡Código de cupón copiado!',
  },
} as const;

async function openAt(page: Page, path: string) {
  await page.clock.install({ time: Date.parse(IMPORTED_BUILD_NOW) + 3_600_000 });
  await page.goto(path);
  await waitForIslands(page);
}

test.describe('a site built from imported network offers', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  for (const [lang, code] of [
    ['en', 'NORTH20'], // Awin (the same code on Rakuten is the same coupon)
    ['es', 'CEDAR25'], // CJ
  ] as const) {
    test(`${lang}: an imported code is revealed and copied, and its tracking link opens`, async ({ page, context }) => {
      const t = TEXT[lang];
      const offer = coupon(code);
      await context.route(/^https:\/\/(www\.awin1\.com|www\.anrdoezrs\.net)\//, (route) =>
        route.fulfill({ status: 200, body: 'store' }),
      );
      await openAt(page, `${t.prefix}/coupons`);
      const card = page.locator(`[data-coupon-id="${offer.id}"]`);
      await expect(card).toContainText(offer.name);
      await card.getByRole('button', { name: new RegExp(t.getCode) }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.locator('[data-coupon-code]')).toHaveText(code);
      const popupPromise = page.waitForEvent('popup');
      await dialog.getByRole('button', { name: t.copy }).click();
      const popup = await popupPromise;
      expect(popup.url()).toBe(offer.link);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
      await expect(page.locator('[data-toast]')).toHaveText(t.toast);
    });
  }

  test('offers the import left out are nowhere, exclusives are kept; a placeholder code is a deal, not a code', async ({
    page,
  }) => {
    await openAt(page, '/coupons');
    await expect(page.locator('[data-coupon-id]')).toHaveCount(catalog.coupons.length);
    for (const left of [
      'Autumn code 15% off', // ended before the build
      'Scarves 5% off', // javascript: link
      'Brewer codes', // a pattern, not a code
      'Boxing Day 40% off', // starts after the build window
    ])
      await expect(page.getByText(left)).toHaveCount(0);
    // The operator's own exclusive voucher and the chosen-partners Impact deal are kept (issue 39).
    for (const kept of ['VIP 30% off for one publisher', 'Partner-only 40% off'])
      await expect(page.locator('[data-coupon-id]').filter({ hasText: kept })).toHaveCount(1);
    // Awin voucher 783249 came with the code "N/A": it is a deal card (no code to reveal).
    await expect(page.locator('[data-coupon-id]').filter({ hasText: 'Free delivery on every order' })).toHaveCount(0);
    await openAt(page, '/deals');
    const placeholder = page.locator('[data-deal-id]').filter({ hasText: 'Free delivery on every order' });
    await expect(placeholder).toHaveCount(1);
    await expect(placeholder.getByRole('button', { name: /Get Code/ })).toHaveCount(0);
  });
});
