/**
 * Issue 31, listing HTML at most 90 KB: a static listing page carries its cards once; the data
 * its islands hydrate from is a file the page requests as soon as it loads
 * (src/page-data/load.ts). A shopper notices nothing: a Get Code tap while the file is still
 * on its way opens the code once it is there, one failed request is tried again, and when the
 * file cannot be had at all the page stays as it was built (cards, counts and store links).
 */
import { expect, type Page, test } from '@playwright/test';
import { firstCodeCard } from './shopper-helpers.ts';

const DATA_FILE = /\/_astro\/page-data\.[0-9a-f]+\.json$/;

/** Fails the page's data requests `times` times (every time with Infinity), counting them. */
async function failData(page: Page, times: number): Promise<{ count: number }> {
  const seen = { count: 0 };
  await page.route(DATA_FILE, async (route) => {
    seen.count++;
    if (seen.count <= times) await route.abort('failed');
    else await route.continue();
  });
  return seen;
}

test('the coupons page holds its offers once, and Get Code tapped before the data arrives opens the code', async ({
  page,
}) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(DATA_FILE, async (route) => {
    await held;
    await route.continue();
  });
  const response = await page.goto('/coupons', { waitUntil: 'domcontentloaded' });
  const html = (await response?.text()) ?? '';
  expect(html).toMatch(
    /<script type="application\/json" id="page-data" data-src="\/_astro\/page-data\.[0-9a-f]+\.json"><\/script>/,
  );
  const listing = page.locator('astro-island[component-url*="CouponsListing"]');
  await expect(listing).toHaveAttribute('ssr', '');
  const { card, name } = await firstCodeCard(page);
  await card.getByRole('button', { name: /Get Code/ }).click();
  release();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible({ timeout: 10_000 });
  await expect(dialog).toContainText(name);
});

test('a data request that fails once is tried again and the listing works', async ({ page }) => {
  const seen = await failData(page, 1);
  await page.goto('/deals');
  // The data is asked for after the first paint; the listing hydrates on the first input.
  await expect.poll(() => seen.count).toBe(2);
  const card = page.locator('section[aria-labelledby="all-deals-title"] article').first();
  const title = ((await card.locator('h3').textContent()) ?? '').trim();
  await card.getByRole('button', { name: title, exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Deal Offer' })).toBeVisible();
  await expect(page.locator('astro-island[component-url*="DealsListing"]')).not.toHaveAttribute('ssr', '');
  expect(seen.count).toBe(2);
});

test('when the data cannot be had, the page stays as built: cards, counts and store links', async ({ page }) => {
  const seen = await failData(page, Number.POSITIVE_INFINITY);
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto('/categories/fashion');
  await expect.poll(() => seen.count).toBe(2);
  await expect.poll(() => errors.some((e) => e.includes('could not be loaded'))).toBe(true);
  // Nothing was taken away: the pre-rendered cards and the counts are still there.
  const cards = page.locator('main article');
  expect(await cards.count()).toBeGreaterThan(4);
  await expect(cards.first()).toBeVisible();
  await expect(page.locator('main')).toContainText(/\d+ coupons?/);
  // A code-less offer's Get Deal is a real link to the store.
  const visit = page.locator('main a[data-visit-store], main a[data-get-deal]').first();
  await expect(visit).toHaveAttribute('href', /^https?:\/\//);
  await expect(visit).toHaveAttribute('target', '_blank');
});
