/** The brands page: featured, Show More by slicing, search and category filters in the URL, layout, errors. */
import { expect, test } from '@playwright/test';
import { FIREFOX_LIMITS } from './firefox-limits.ts';
import {
  expectNoSeriousA11yViolations,
  failStaticData,
  scriptRequests,
  waitForIslands,
  waitForPageSettled,
} from './shopper-helpers.ts';

test('All Brands: total, featured 8, Showing X of Y and Show More by 20', async ({ page }) => {
  await page.goto('/brands');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All Brands');
  await expect(page.getByText('50 brands', { exact: true })).toBeVisible();
  const featured = page.locator('section[aria-labelledby="featured-brands"] li');
  await expect(featured).toHaveCount(8);
  const list = page.locator('section[aria-labelledby="all-brands"] ul > li');
  await expect(list).toHaveCount(20);
  await expect(page.getByText('Showing 20 of 50 brands')).toBeVisible();
  await waitForIslands(page);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Show More' }).click();
  await expect(page.getByText('Showing 40 of 50 brands')).toBeVisible();
  await expect(list).toHaveCount(40);
  await page.getByRole('button', { name: 'Show More' }).click();
  await expect(page.getByText('Showing 50 of 50 brands')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show More' })).toHaveCount(0);
  await list.filter({ hasText: 'Circuit Bay' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/brands\/circuit-bay$/);
});

test('readable without JavaScript: first 20 brands and featured brands', async ({ browser, browserName }) => {
  test.skip(browserName === 'firefox', FIREFOX_LIMITS.noJavaScriptOff);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/de/brands');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alle Marken');
  await expect(page.getByText('20 von 50 Marken werden angezeigt')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Top-Marken' })).toBeVisible();
  await context.close();
});

test('search and category filters go into the URL and hide the featured brands', async ({ page }) => {
  await page.goto('/brands');
  await waitForIslands(page);
  await page.getByRole('searchbox', { name: 'Search brands' }).fill('co');
  await expect(page).toHaveURL(/\/brands\?q=co$/);
  await expect(page.getByText('Showing 3 of 3 brands')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Featured Brands' })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Home & Garden' });
  await expect(page).toHaveURL(/\/brands\?category=3&q=co$/);
  await expect(page.getByText('Showing 1 of 1 brand', { exact: true })).toBeVisible();
  await expect(page.locator('section[aria-labelledby="all-brands"] li')).toHaveText([/Cozy Corner/]);
});

test('query params category and q are read on arrival; invalid ones are ignored', async ({ page }) => {
  await page.goto('/es/brands?category=1');
  await expect(page.getByRole('combobox', { name: 'Categoría' })).toHaveValue('1');
  await expect(page.getByText('Mostrando 5 de 5 marcas')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Marcas destacadas' })).toHaveCount(0);

  await page.goto('/brands?category=abc&q=%20%20');
  await waitForIslands(page);
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('');
  await expect(page.getByText('Showing 20 of 50 brands')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Featured Brands' })).toBeVisible();
});

test('"No brands found" and Clear filters', async ({ page }) => {
  await page.goto('/brands?q=zzzz');
  await expect(page.getByRole('heading', { name: 'No brands found' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/brands$/);
  await expect(page.getByText('Showing 20 of 50 brands')).toBeVisible();
});

test('grid/list toggle, remembered', async ({ page }) => {
  await page.goto('/brands');
  await waitForIslands(page);
  const list = page.getByRole('button', { name: 'List view' });
  await list.click();
  await expect(list).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('section[aria-labelledby="all-brands"] ul')).toHaveAttribute('data-view', 'list');
  await page.reload();
  await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
  await expectNoSeriousA11yViolations(page);
});

test('error: "Failed to load brands" with Try Again', async ({ page }) => {
  await failStaticData(page);
  await page.goto('/brands?q=co');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Failed to load brands', { timeout: 10_000 });
  await expect(alert).toContainText('Please try again later');
  await page.unroute('**/data/**');
  await alert.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByText('Showing 3 of 3 brands')).toBeVisible();
});

test('loads no React until the visitor acts; the first Show More still works', async ({ page }) => {
  const scripts = scriptRequests(page);
  await page.goto('/brands');
  await waitForPageSettled(page);
  // The pre-rendered page is complete: no island code, no data request.
  expect(scripts.filter((s) => /\/_astro\/(react|BrandsView)\./.test(s))).toEqual([]);
  await expect(page.getByText('Showing 20 of 50 brands')).toBeVisible();
  // The very first tap lands on a page with no React: it is held and replayed once hydrated.
  await page.getByRole('button', { name: 'Show More' }).click();
  await expect(page.getByText('Showing 40 of 50 brands')).toBeVisible();
  await expect(page.locator('section[aria-labelledby="all-brands"] ul > li')).toHaveCount(40);
  expect(scripts.some((s) => /\/_astro\/BrandsView\./.test(s))).toBe(true);
});

test('a first Show More held longer than the early-click fallback (a slow network) still shows 20 more once the island arrives', async ({
  page,
}) => {
  // The page's clock, moved by the test: the tap waits past the 4 s after which a held link is
  // followed without its island (src/page-chrome/early-clicks.ts), while the island's code is held
  // back as on a slow connection; Show More has nothing to do without its island, so it must
  // still be waiting, and be replayed once, when the island hydrates.
  await page.clock.install();
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let requested = () => {};
  const islandRequested = new Promise<void>((resolve) => {
    requested = resolve;
  });
  await page.route(/\/_astro\/BrandsView\.[^/]*\.js$/, async (route) => {
    requested();
    await held;
    await route.continue();
  });
  await page.goto('/brands');
  await expect(page.getByText('Showing 20 of 50 brands')).toBeVisible();
  await page.getByRole('button', { name: 'Show More' }).click();
  await islandRequested;
  await page.clock.runFor(6_000);
  await expect(page.getByText('Showing 20 of 50 brands')).toBeVisible();
  release();
  await expect(page.getByText('Showing 40 of 50 brands')).toBeVisible();
  await expect(page.locator('section[aria-labelledby="all-brands"] ul > li')).toHaveCount(40);
});

test('a remembered list layout shows on arrival, without an interaction', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('brands_view', 'list'));
  await page.goto('/brands');
  await expect(page.locator('section[aria-labelledby="all-brands"] ul')).toHaveAttribute('data-view', 'list');
  await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
});

test.describe('a filter changed before the island hydrates is kept', () => {
  test('a category set by assistive technology (a change with no pointer, key or focus) filters the list', async ({
    page,
  }) => {
    await page.goto('/brands');
    await waitForPageSettled(page);
    await page.evaluate(() => {
      const select = document.querySelector<HTMLSelectElement>('select[name="category"]')!;
      select.value = '1';
      select.dispatchEvent(new Event('input', { bubbles: true }));
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await expect(page.getByText('Showing 5 of 5 brands')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('1');
    await expect(page.getByRole('heading', { name: 'Featured Brands' })).toHaveCount(0);
    await expect(page).toHaveURL(/\/brands\?category=1$/);
  });

  test('fields the browser restored (Back, reload) apply without any interaction', async ({ page }) => {
    // What form restoration does: values put back while the page loads, with no event.
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        const select = document.querySelector<HTMLSelectElement>('select[name="category"]');
        const search = document.querySelector<HTMLInputElement>('input[name="q"][type="search"]:not(header *)');
        if (select) select.value = '1';
        if (search) search.value = 'vo';
      }),
    );
    await page.goto('/brands');
    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('1');
    await expect(page.getByRole('searchbox', { name: 'Search brands' })).toHaveValue('vo');
    await expect(page).toHaveURL(/\/brands\?category=1&q=vo$/);
    await expect(page.getByText('Showing 1 of 1 brand', { exact: true })).toBeVisible();
    await expect(page.locator('section[aria-labelledby="all-brands"] ul > li')).toHaveText([/Voltura/]);
    await expect(page.getByRole('heading', { name: 'Featured Brands' })).toHaveCount(0);
  });
});
