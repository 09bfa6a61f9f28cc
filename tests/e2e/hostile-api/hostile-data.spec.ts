/**
 * Issue 16: the hostile catalog served through the reference API in API mode
 * (npm run api -- --catalog tests/fixtures/catalogs/hostile.json; the site was pre-rendered from
 * it too), then every string of live responses replaced by attacks (the server's `hostile` fault:
 * javascript:/data:/vbscript:/"//host" links and images, CSS colours, "../" slugs, markup).
 * Traps: dialogs and script calls, a request log, the tabs opened, a DOM scan.
 */
import { expect, type Page, test } from '@playwright/test';
import { TEXT_PAYLOADS } from '../../fixtures/catalogs/hostile.ts';
import { domFindings, expectClean, expectLiteral, guard, showEveryIsland } from '../security-helpers.ts';
import { waitForIslands } from '../shopper-helpers.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });
test.describe.configure({ timeout: 60_000 });

async function visit(page: Page, path: string, literal?: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(500);
  await showEveryIsland(page);
  await waitForIslands(page);
  expect(await domFindings(page), `markup from data on ${path}`).toEqual([]);
  await expect(page.locator('body'), path).not.toContainText('DROPPED');
  if (literal) await expectLiteral(page, literal);
}

/** Every API call of this page gets the `hostile` fault (scripts/lib/api-server/faults.ts). */
async function hostileApi(page: Page) {
  await page.route(/\/api\//, (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-fault': 'hostile' } }),
  );
}

test('API data from the hostile catalog: pages, search, suggestions and both modals', async ({ page, context }) => {
  const g = await guard(context);
  await visit(page, '/', 'KEPT coupon 1');
  await visit(page, '/brands/hostile-brand', 'KEPT deal 1');
  await visit(page, '/categories', 'KEPT category 1');

  await visit(page, '/search?q=KEPT');
  await expect(page.getByRole('heading', { name: /results for KEPT/ })).toBeVisible({ timeout: 15_000 });
  await expectLiteral(page, TEXT_PAYLOADS[2]);
  expect(await domFindings(page)).toEqual([]);
  // On the search page the header's box shows the query: once its island has taken over, select
  // it and type a new one, as a shopper would.
  await page.locator('header input[name="q"]:visible').first().click();
  await expect(page.locator('header').getByRole('combobox').first()).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('KEPT');
  await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible({ timeout: 15_000 });
  expect(await domFindings(page)).toEqual([]);

  await visit(page, '/coupons', 'KEPT coupon 2');
  await page
    .locator('article', { hasText: 'KEPT coupon 1 ' })
    .first()
    .getByRole('button', { name: /^Get (Code|Deal)/ })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('[data-coupon-code]')).toHaveText(TEXT_PAYLOADS[1]);
  const tab = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: /Copy Code/ }).click();
  expect((await tab).url()).toBe('https://store.example/coupon-1');
  await page.keyboard.press('Escape');

  await visit(page, '/deals', 'KEPT deal 1');
  const dealCard = page.locator('article', { hasText: 'KEPT deal 1 ' }).first();
  // The card's Get Deal is a plain outbound link to the tracking address, without opener.
  const dealLink = dealCard.getByRole('link', { name: /^Get Deal/ });
  expect(await dealLink.getAttribute('href')).toBe('https://track.example/deal-1');
  expect(await dealLink.getAttribute('rel')).toContain('noopener');
  // The deal's title opens the Deal Offer modal.
  await dealCard.locator('[data-open-deal]').first().click();
  const dealTab = page.waitForEvent('popup');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Get Deal/ })
    .click();
  expect((await dealTab).url()).toBe('https://track.example/deal-1');
  expectClean(g);
});

test('live API responses full of attacks: nothing runs, loads off-site or opens a non-http(s) tab', async ({
  page,
  context,
}) => {
  const g = await guard(context);
  await hostileApi(page);

  // Listings re-fetched from the API (sort change), then a code modal and a deal modal.
  await visit(page, '/coupons');
  await page.getByLabel('Sort by', { exact: true }).selectOption('popular');
  await expect(page.getByText('xss-wire-text').first()).toBeAttached({ timeout: 15_000 });
  expect(await domFindings(page)).toEqual([]);
  await page
    .locator('section[aria-labelledby="all-coupons-title"] article')
    .first()
    .getByRole('button', { name: /^Get (Code|Deal)/ })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  expect(await domFindings(page)).toEqual([]);
  await dialog.getByRole('button', { name: /Copy Code|Visit Store/ }).click();
  await page.keyboard.press('Escape');

  await visit(page, '/deals');
  await page.getByLabel('Sort by', { exact: true }).selectOption('discount');
  await expect(page.getByText('xss-wire-text').first()).toBeAttached({ timeout: 15_000 });
  await page
    .locator('section[aria-labelledby="all-deals-title"] article')
    .first()
    .getByRole('button', { name: /^Get Deal/ })
    .or(
      page
        .locator('section[aria-labelledby="all-deals-title"] article')
        .first()
        .getByRole('link', { name: /^Get Deal/ }),
    )
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await domFindings(page)).toEqual([]);
  await page.keyboard.press('Escape');

  await visit(page, '/search?q=KEPT');
  await expect(page.getByText('xss-wire-text').first()).toBeAttached({ timeout: 15_000 });
  await visit(page, '/categories');
  await expect(page.getByText('xss-wire-text').first()).toBeAttached({ timeout: 15_000 });
  await visit(page, '/');
  // On the search page the header's box shows the query: once its island has taken over, select
  // it and type a new one, as a shopper would.
  await page.locator('header input[name="q"]:visible').first().click();
  await expect(page.locator('header').getByRole('combobox').first()).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('KEPT');
  await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible({ timeout: 15_000 });
  expect(await domFindings(page)).toEqual([]);
  expectClean(g);
});
