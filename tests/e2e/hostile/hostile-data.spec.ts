/**
 * Issue 16: the hostile catalog (tests/fixtures/catalogs/hostile.json) built in static mode.
 * Every page type and both modals, with dialog/script traps and a request log: no payload runs,
 * nothing loads from another host, every tab opens an http(s) address, markup in the data is
 * shown as text, and the items the build dropped (their names start with "DROPPED") never show.
 */
import { expect, type Page, test } from '@playwright/test';
import { TEXT_PAYLOADS } from '../../fixtures/catalogs/hostile.ts';
import { domFindings, expectClean, expectLiteral, guard, showEveryIsland } from '../security-helpers.ts';
import { waitForIslands } from '../shopper-helpers.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });
// Many page visits per test (one browser context, traps armed once): slower machines need room.
test.describe.configure({ timeout: 60_000 });

/** Visits a page, lets its islands run, and checks the DOM and the absence of dropped items. */
async function visit(page: Page, path: string, literal?: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(500);
  await showEveryIsland(page);
  await waitForIslands(page);
  expect(await domFindings(page), `markup from data on ${path}`).toEqual([]);
  await expect(page.locator('body'), path).not.toContainText('DROPPED');
  if (literal) await expectLiteral(page, literal);
}

test('listings, the code modal and the deal modal show hostile data as text and run nothing', async ({
  page,
  context,
}) => {
  const g = await guard(context);

  await visit(page, '/', 'KEPT coupon 1');
  // Markup in a name is shown literally.
  await expectLiteral(page, TEXT_PAYLOADS[2]);

  // Code modal: the hostile code is shown and copied as text; the store opens in an http(s) tab.
  await visit(page, '/coupons', 'KEPT coupon 2');
  const card = page.locator('article', { hasText: 'KEPT coupon 1 ' }).first();
  await card.getByRole('button', { name: /^Get (Code|Deal)/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const code = dialog.locator('[data-coupon-code]');
  await expect(code).toHaveText(TEXT_PAYLOADS[1]);
  expect(await domFindings(page)).toEqual([]);
  const popup = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: /Copy Code/ }).click();
  expect((await popup).url()).toBe('https://store.example/coupon-1');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(TEXT_PAYLOADS[1]);
  await page.keyboard.press('Escape');

  // Deal modal: Get Deal opens the tracking address (http(s)) in a new tab.
  await visit(page, '/deals', 'KEPT deal 1');
  const dealCard = page.locator('article', { hasText: 'KEPT deal 1 ' }).first();
  // The card's Get Deal is a plain outbound link to the tracking address, without opener.
  const dealLink = dealCard.getByRole('link', { name: /^Get Deal/ });
  expect(await dealLink.getAttribute('href')).toBe('https://track.example/deal-1');
  expect(await dealLink.getAttribute('rel')).toContain('noopener');
  // The deal's title opens the Deal Offer modal.
  await dealCard.locator('[data-open-deal]').first().click();
  const deal = page.getByRole('dialog');
  await expect(deal).toBeVisible();
  expect(await domFindings(page)).toEqual([]);
  const dealTab = page.waitForEvent('popup');
  await deal.getByRole('button', { name: /^Get Deal/ }).click();
  expect((await dealTab).url()).toBe('https://track.example/deal-1');

  // The German pages of the same data.
  await visit(page, '/de/deals', 'KEPT deal 2');
  expectClean(g);
  expect(g.opened.filter((u) => u.startsWith('http')).length).toBeGreaterThanOrEqual(2);
});

test('brand and category pages run nothing from the data', async ({ page, context }) => {
  const g = await guard(context);
  await visit(page, '/brands', 'KEPT brand 1');
  await visit(page, '/brands/hostile-brand', 'KEPT coupon 1');
  const store = page.getByRole('link', { name: /Visit .*store|Visit Store/i }).first();
  await expect(store).toHaveAttribute('href', 'https://store.example/brand-1');
  await expect(store).toHaveAttribute('rel', /noopener/);
  // A link by id forwards to the slug page.
  await page.goto('/brands/2');
  await expect(page).toHaveURL(/\/brands\/second-brand$/);

  await visit(page, '/categories', 'KEPT category 1');
  await visit(page, '/categories/hostile-one', 'KEPT deal 1');
  await visit(page, '/categories/plain', 'KEPT Plain category');

  expectClean(g);
});

test('search, content, admin, test and 404 pages run nothing from the data or the address', async ({
  page,
  context,
}) => {
  const g = await guard(context);
  // A hostile query, from the address and from the header search box, is shown as text.
  // (Search results in static mode come from the /data files; see the API-mode suite for results.)
  await visit(page, `/search?q=${encodeURIComponent(TEXT_PAYLOADS[0])}`);
  await expect(page.getByRole('heading', { name: /results? (found )?for/ }).first()).toContainText(TEXT_PAYLOADS[0]);
  // The box shows the query on screen: select it, then type the next one over it.
  await page.locator('header input[name="q"]:visible').first().click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(TEXT_PAYLOADS[3]);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=/);
  await expect(page.getByRole('heading', { name: /results? (found )?for/ }).first()).toContainText(TEXT_PAYLOADS[3]);
  expect(await domFindings(page)).toEqual([]);

  for (const path of [
    '/about',
    '/contact',
    '/blog',
    '/admin/ad-dashboard',
    '/test/modal-ad',
    '/test/adsterra',
    '/no-such-page',
  ])
    await visit(page, path);
  expectClean(g);
});

test('the traps themselves catch a dialog, an off-site load, a bad tab and injected markup', async ({
  page,
  context,
}) => {
  const g = await guard(context);
  await page.goto('/about');
  await page.evaluate(() => {
    document.body.insertAdjacentHTML(
      'beforeend',
      `<img src="https://evil.example/x.png" onerror="alert('xss-self-test')"><a href="javascript:void 0">x</a>`,
    );
    window.open('javascript:void 0', '_blank');
  });
  await expect.poll(() => g.executed.length).toBeGreaterThan(0);
  expect(g.offsite.some((r) => r.includes('evil.example'))).toBe(true);
  expect(g.opened).toContain('javascript:void 0');
  expect(await domFindings(page)).toEqual(
    expect.arrayContaining([expect.stringMatching(/^IMG onerror=/), 'a href=javascript:void 0']),
  );
});
