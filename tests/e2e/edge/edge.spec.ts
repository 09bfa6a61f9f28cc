/**
 * An edge site in workerd (issue 32, project "edge"): tests/fixtures/sites/edge.json served by
 * `npm run edge`. A brand the build did not pre-render is a real page in every language (styled,
 * its offers, its code); an unknown brand gets the localized 404; "Did it work?" is asked on this
 * static-data site and the answer is stored in the Worker's D1 and shown on the coupon.
 */
import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { leaveAndComeBack } from '../shopper-helpers.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const CLIENT = 'dist/edge/client';
type Index = { brands: [string, number, number][] };

/** A brand rendered on demand: in the catalog, not among the pre-rendered pages. */
function longTailBrand(skip = 0): string {
  const index = JSON.parse(readFileSync(`${CLIENT}/_edge/index.json`, 'utf8')) as Index;
  const slugs = index.brands.map(([slug]) => slug).filter((slug) => !existsSync(`${CLIENT}/brands/${slug}.html`));
  return slugs[skip]!;
}

test('a long-tail brand page rendered on demand in English and German, styled, with its offers', async ({ page }) => {
  const slug = longTailBrand();
  for (const [prefix, lang, coupons] of [
    ['', 'en', /coupons/i],
    ['/de', 'de', /gutscheine/i],
  ] as const) {
    const response = await page.goto(`${prefix}/brands/${slug}`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toMatch(/s-maxage=\d+/);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: coupons }).first()).toBeVisible();
    // The site's stylesheet applies (the page is not bare HTML): the header is laid out as a flex row.
    const display = await page
      .locator('header')
      .first()
      .evaluate((el) => getComputedStyle(el).display);
    expect(display).not.toBe('inline');
    await expect(page.locator('link[rel="stylesheet"]')).not.toHaveCount(0);
  }
});

test('an unknown brand answers the localized 404 page', async ({ page }) => {
  const response = await page.goto('/es/brands/no-such-brand-anywhere');
  expect(response?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('reveal and copy a code on a long-tail page, answer "Did it work?": stored in D1 and shown on the coupon', async ({
  page,
  context,
  request,
}) => {
  await context.route('https://**.example/**', (route) => route.fulfill({ status: 200, body: 'store' }));
  await page.goto(`/brands/${longTailBrand(1)}`);
  const card = page
    .locator('article[data-coupon-id]')
    .filter({ has: page.getByRole('button', { name: /Get Code/ }) })
    .first();
  const id = await card.getAttribute('data-coupon-id');
  await card.getByRole('button', { name: /Get Code/ }).click();
  const dialog = page.getByRole('dialog');
  const code = (await dialog.locator('[data-coupon-code]').textContent())?.trim() ?? '';
  expect(code).not.toBe('');
  const popup = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Copy Code & Visit Store' }).click();
  await (await popup).close();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();

  await leaveAndComeBack(page);
  const question = page.getByRole('region', { name: `Did ${code} work?` });
  await expect(question).toBeVisible();
  const sent = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith(`/api/coupons/${id}/feedback`),
  );
  await question.getByRole('button', { name: 'Yes, it worked' }).click();
  expect((await sent).status()).toBe(200);
  await expect(page.getByRole('region', { name: 'Thanks! Your answer helps other shoppers.' })).toBeVisible();

  const reply = (await (await request.get(`/api/coupons/${id}`)).json()) as {
    data: { votes?: { worked: number; failed: number }; lastWorkedAt?: string };
  };
  expect(reply.data.votes).toEqual({ worked: 1, failed: 0 });
  expect(reply.data.lastWorkedAt).toEqual(expect.any(String));
});

test('search works from the /data files the Worker answers (the export is chunked, not files)', async ({ page }) => {
  const data: { path: string; status: number; worker: boolean }[] = [];
  page.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/data/'))
      data.push({ path, status: r.status(), worker: r.headers()['cache-tag'] !== undefined });
  });
  await page.goto('/search?q=laptops');
  // The first search reads the word index and offer pages cold from the Worker (15 s on a loaded machine).
  await expect(page.getByRole('heading', { name: /results for laptops/ })).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('article[data-coupon-id]').first()).toBeVisible();
  // Its word index and offer pages came from the Worker (not files of the build), none missing.
  const fromWorker = data.filter((d) => d.worker).map((d) => d.path);
  expect(fromWorker.some((p) => p.startsWith('/data/search/'))).toBe(true);
  for (const p of fromWorker) expect(existsSync(`${CLIENT}${p}`), p).toBe(false);
  expect(data.filter((d) => d.status !== 200)).toEqual([]);
});
