/**
 * Markets (issue 39): tests/fixtures/sites/markets.json serves en → GB/US, es → ES/MX, fr → FR/BE,
 * de → DE/AT/CH over tests/fixtures/catalogs/markets.json. Each brand's country-bound coupon shows
 * only in its language's market; Meridian Luggage's offers (no countries) show everywhere; the
 * Spanish-only "Verano flamenco" coupon (no countries) is Spanish on /es and a marked fallback
 * (lang="es") elsewhere. Listings, brand pages, counts, search and brand feeds agree.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { waitForIslands } from '../shopper-helpers.ts';

type Coupon = { id: number; code: string; name: string | Record<string, string>; countries?: string[] };
const catalog = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../fixtures/catalogs/markets.json'), 'utf8'),
) as { coupons: Coupon[]; deals: { id: number; title: string; discount: string }[] };
const byCode = (code: string) => catalog.coupons.find((c) => c.code === code)!;
const NAME = {
  DE: 'Zeltwerk alpine tent 15% off',
  GB: 'Thamesbury teapot 10% off',
  ES: 'Sandalias de esparto 20% off',
  FR: 'Lanternes lumière 12% off',
  everywhere: 'Meridian worldwide 5% off',
} as const;
const SPANISH = 'Verano flamenco con 30% de descuento';
const ONLY = { DE: 'ZELT15', GB: 'TEATIME10', ES: 'SANDALIA20', FR: 'LANTERNE12' } as const;
const EVERYWHERE = ['MERIDIAN5', 'MERIDIANVIP', 'VERANO30'];

const LANGS = [
  { prefix: '', market: 'GB', summary: /(\d+) of (\d+) coupons/ },
  { prefix: '/es', market: 'ES', summary: /(\d+) de (\d+) cupones/ },
  { prefix: '/fr', market: 'FR', summary: /(\d+) (?:sur|de) (\d+) coupons?/ },
  { prefix: '/de', market: 'DE', summary: /(\d+) von (\d+) Gutschein/ },
] as const;

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForIslands(page);
}
const card = (page: Page, code: string) => page.locator(`[data-coupon-id="${byCode(code).id}"]`);

for (const { prefix, market, summary } of LANGS) {
  test(`${prefix}/coupons lists its market's offers and the ones valid everywhere, nothing else`, async ({ page }) => {
    await open(page, `${prefix}/coupons`);
    for (const [country, code] of Object.entries(ONLY)) {
      if (country === market) await expect(card(page, code)).toHaveCount(1);
      else await expect(card(page, code)).toHaveCount(0);
    }
    for (const code of EVERYWHERE) await expect(card(page, code)).toHaveCount(1);
    // The count shown is the count listed: 1 of the market + 3 valid everywhere.
    const cards = page.locator('[data-coupon-id]');
    await expect(cards).toHaveCount(4);
    const text = (await page.locator('[data-results-summary]').textContent()) ?? '';
    const m = text.match(summary);
    expect(m, `summary "${text}"`).not.toBeNull();
    expect([Number(m![1]), Number(m![2])]).toEqual([4, 4]);
  });
}

test('/de/brands/zugspitze-zeltwerk lists the DE coupon and counts it; the GB brand page on /de is empty', async ({
  page,
}) => {
  await open(page, '/de/brands/zugspitze-zeltwerk');
  await expect(card(page, ONLY.DE)).toContainText(NAME.DE);
  await expect(page.locator('h1 + div p').first()).toContainText('1 Gutschein');
  await open(page, '/de/brands/thamesbury-teas');
  await expect(page.getByText(NAME.GB)).toHaveCount(0);
  await expect(page.locator('h1 + div p').first()).toContainText('0 Gutscheine');
  await open(page, '/brands/thamesbury-teas');
  await expect(card(page, ONLY.GB)).toContainText(NAME.GB);
});

test('/es/brands/sevilla-sandalias has the ES coupon; the English brand page has only the marked Spanish fallback', async ({
  page,
}) => {
  await open(page, '/es/brands/sevilla-sandalias');
  await expect(card(page, ONLY.ES)).toContainText(NAME.ES);
  await expect(card(page, 'VERANO30').locator('h3')).toHaveText(SPANISH);
  await open(page, '/brands/sevilla-sandalias');
  await expect(card(page, ONLY.ES)).toHaveCount(0);
  const title = card(page, 'VERANO30').locator('h3');
  await expect(title).toHaveText(SPANISH);
  await expect(title).toHaveAttribute('lang', 'es');
});

test('the Spanish-only offer is Spanish on /es (not marked) and the marked fallback on / and /de: lang="es" and a note', async ({
  page,
}) => {
  await open(page, '/es/coupons');
  const es = card(page, 'VERANO30').locator('h3');
  await expect(es).toHaveText(SPANISH);
  await expect(es).not.toHaveAttribute('lang', /./);
  await expect(card(page, 'VERANO30').locator('[data-shown-in]')).toHaveCount(0);
  // The fixture's other texts are English (plain strings): no note on /, "auf Englisch" on /de.
  for (const [path, note, english] of [
    ['/coupons', 'Shown in Spanish', null],
    ['/de/coupons', 'Auf Spanisch angezeigt', 'Auf Englisch angezeigt'],
  ] as const) {
    await open(page, path);
    const fallback = card(page, 'VERANO30');
    await expect(fallback.locator('h3')).toHaveAttribute('lang', 'es');
    await expect(fallback.locator('[data-shown-in]')).toHaveText(note);
    const other = card(page, 'MERIDIAN5').locator('[data-shown-in]');
    if (english) await expect(other).toHaveText(english);
    else await expect(other).toHaveCount(0);
  }
});

test('/de/search finds the DE offer and not the GB one, which / finds', async ({ page }) => {
  await open(page, '/de/search?q=zeltwerk');
  await expect(card(page, ONLY.DE)).toHaveCount(1);
  await open(page, '/de/search?q=teapot');
  await expect(page.getByText('Keine Ergebnisse für „teapot“')).toBeVisible();
  await expect(page.locator('main')).not.toContainText(NAME.GB);
  await open(page, '/search?q=teapot');
  await expect(card(page, ONLY.GB)).toHaveCount(1);
});

test('brand feeds follow the market: /de has the DE coupon, / the GB one, both the everywhere ones', async ({
  request,
}) => {
  const feed = async (path: string) => {
    const res = await request.get(path);
    expect(res.status()).toBe(200);
    return res.text();
  };
  expect(await feed('/de/brands/zugspitze-zeltwerk/feed.xml')).toContain(NAME.DE);
  expect(await feed('/brands/zugspitze-zeltwerk/feed.xml')).not.toContain(NAME.DE);
  expect(await feed('/de/brands/thamesbury-teas/feed.xml')).not.toContain(NAME.GB);
  expect(await feed('/brands/thamesbury-teas/feed.xml')).toContain(NAME.GB);
  for (const path of ['/de', '', '/es', '/fr']) {
    expect(await feed(`${path}/brands/meridian-luggage/feed.xml`)).toContain(NAME.everywhere);
  }
});

test('the exclusive coupon has an "Exclusive" badge; the deal with no discount has no empty badge', async ({
  page,
}) => {
  await open(page, '/de/coupons');
  await expect(card(page, 'MERIDIANVIP').getByText('Exklusiv', { exact: true })).toBeVisible();
  await open(page, '/coupons');
  await expect(card(page, 'MERIDIANVIP').getByText('Exclusive', { exact: true })).toBeVisible();
  await expect(card(page, 'MERIDIAN5').getByText('Exclusive', { exact: true })).toHaveCount(0);
  const deal = catalog.deals.find((d) => d.discount === '')!;
  for (const path of ['/deals', '/de/deals']) {
    await open(page, path);
    const dealCard = page.locator(`[data-deal-id="${deal.id}"]`);
    await expect(dealCard).toContainText(deal.title);
    // Every pill/badge on the card has text: never an empty coloured pill.
    const badges = dealCard.locator('.pill, .deal-badges > *');
    for (const text of await badges.allTextContents()) expect(text.trim()).not.toBe('');
  }
});
