/**
 * Shopper corrections (issue 9) in API mode: a search sent before the search box's island loaded
 * is recorded on the search page, once; "Only N left!" uses plural forms. (API failures keeping
 * the build's content: shopper.spec.ts for home, search.spec.ts for brands and categories.)
 */
import { expect, type Page, test } from '@playwright/test';
import { waitForIslands } from '../shopper-helpers.ts';

test.describe('a search sent before the search box island loaded is recorded on the search page', () => {
  /** POST /search/record bodies sent by the page, in order. */
  function recordedSearches(page: Page): unknown[] {
    const bodies: unknown[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/search/record') bodies.push(r.postDataJSON());
    });
    return bodies;
  }

  test('Enter before the island loads: recorded once on the search page, not again on reload', async ({ page }) => {
    const bodies = recordedSearches(page);
    // The island never arrives: the header form submits as a plain form.
    await page.route(/\/_astro\/mount-search-box\.[^/]*\.js$/, (route) => route.abort());
    await page.goto('/about');
    const box = page.locator('header input[name="q"]').first();
    await box.fill('laptops');
    await box.press('Enter');
    await expect(page.getByRole('heading', { name: /results for laptops/ })).toBeVisible({ timeout: 15_000 });
    await waitForIslands(page);
    await expect.poll(() => bodies).toEqual([{ query: 'laptops' }]);
    // The marker is gone from the address: a reload is not a new search.
    await expect(page).toHaveURL(/\/search\?q=laptops$/);
    await page.reload();
    await expect(page.getByRole('heading', { name: /results for laptops/ })).toBeVisible({ timeout: 15_000 });
    await waitForIslands(page);
    await page.getByRole('tab', { name: /Deals/ }).click();
    await expect(page).toHaveURL(/tab=deals/);
    expect(bodies).toEqual([{ query: 'laptops' }]);
  });

  test('Enter before the page chrome ran (a busy phone): the search is still recorded once', async ({ page }) => {
    const bodies = recordedSearches(page);
    // The page chrome (which enables the form's "not recorded yet" field after the first paint)
    // is held on /about until the search was sent: the shopper was quicker than the page.
    let sent = () => {};
    const searchSent = new Promise<void>((resolve) => {
      sent = resolve;
    });
    await page.route(/\/_astro\/PageChrome\.[^/]*\.js$/, async (route) => {
      await searchSent;
      await route.continue().catch(() => undefined);
    });
    await page.goto('/about', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('html')).not.toHaveAttribute('data-chrome-ready');
    const box = page.locator('header input[name="q"]').first();
    await box.fill('laptops');
    await box.press('Enter');
    sent();
    await expect(page.getByRole('heading', { name: /results for laptops/ })).toBeVisible({ timeout: 15_000 });
    await waitForIslands(page);
    await expect.poll(() => bodies).toEqual([{ query: 'laptops' }]);
    await expect(page).toHaveURL(/\/search\?q=laptops$/);
  });

  test('with the island loaded the box records the search itself, and the search page does not again', async ({
    page,
  }) => {
    const bodies = recordedSearches(page);
    await page.goto('/about');
    await page.locator('header input[name="q"]').first().click();
    await expect(page.locator('[data-search-box][data-mounted]').first()).toBeAttached();
    await page.keyboard.type('headphones');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=headphones$/);
    await expect(page.getByRole('heading', { name: /results for headphones/ })).toBeVisible({ timeout: 15_000 });
    await waitForIslands(page);
    await page.getByRole('tab', { name: /Coupons/ }).click();
    await expect(page).toHaveURL(/tab=coupons/);
    expect(bodies).toEqual([{ query: 'headphones' }]);
  });
});

test('"Only N left!" uses plural forms (es: "¡Solo queda 1!")', async ({ page }) => {
  await page.route('**/api/deals?**', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    const first = body.data.items[0];
    Object.assign(first, { limited: true, stock: 1 });
    Object.assign(body.data.items[1], { limited: true, stock: 3 });
    await route.fulfill({ response, json: body });
  });
  await page.goto('/es/deals');
  await waitForIslands(page);
  await page.getByLabel('Ordenar por', { exact: true }).selectOption('popular');
  const cards = page.locator('section[aria-labelledby="all-deals-title"] article');
  await expect(cards.nth(0)).toContainText('¡Solo queda 1!');
  await expect(cards.nth(1)).toContainText('¡Solo quedan 3!');
});
