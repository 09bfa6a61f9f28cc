/**
 * The operator fixture site (tests/fixtures/sites/operator.json): what a site file customises
 * takes effect in the browser. Its catalog (tests/fixtures/catalogs/operator.json) shares no name
 * with the built-in sample, so every item below proves where the data came from.
 */
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, waitForIslands } from '../shopper-helpers.ts';

const allCoupons = (page: Page) => page.locator('section[aria-labelledby="all-coupons-title"] > ul > li');
const brandNames = async (page: Page) =>
  [...new Set(await allCoupons(page).locator('article .offer-brand').allTextContents())].sort();
const SAMPLE_BRAND = 'Voltura';

/** The list's end is never seen (as when IntersectionObserver is missing): only Show More loads more. */
const withoutInfiniteScroll = (page: Page) =>
  page.addInitScript(() => {
    const Native = window.IntersectionObserver;
    window.IntersectionObserver = class extends Native {
      override observe(target: Element) {
        if (!target.hasAttribute('data-list-end')) super.observe(target);
      }
    };
  });

test.describe('staticData.catalog: pages and the browser data come from the catalog file', () => {
  test('page 2 of the coupons (loaded from /data in the browser) lists the catalog file items', async ({ page }) => {
    // Only Show More loads the next page here (the infinite scroll's fallback).
    await withoutInfiniteScroll(page);
    const dataRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/data/')) dataRequests.push(new URL(r.url()).pathname);
    });
    await page.goto('/coupons');
    await expect(page.locator('[data-results-summary]')).toHaveText('Showing 12 of 48 coupons');
    await waitForIslands(page);
    await page.getByRole('button', { name: 'Show More' }).click();
    await expect(allCoupons(page)).toHaveCount(24);
    await expect(page.locator('[data-results-summary]')).toHaveText('Showing 24 of 48 coupons');
    expect(dataRequests.some((p) => p.startsWith('/data/coupons/'))).toBe(true);
    const names = await allCoupons(page).locator('article h3').allTextContents();
    expect(names.slice(12).every((n) => /offer \d+: \d+% off/.test(n))).toBe(true);
    await expect(page.getByText(SAMPLE_BRAND)).toHaveCount(0);
  });

  test('a category filter and a brand filter show the catalog file items', async ({ page }) => {
    await page.goto('/coupons');
    await waitForIslands(page);
    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Glacier Tea' });
    await expect(page).toHaveURL(/category=104\b/);
    await expect.poll(() => brandNames(page)).toEqual(['Driftwood Quill', 'Fjordline Teas']);
    await page.getByLabel('Category', { exact: true }).selectOption('');
    await page.getByLabel('Brand', { exact: true }).selectOption({ label: 'Pebblewick' });
    await expect.poll(() => brandNames(page)).toEqual(['Pebblewick']);
    await expect(allCoupons(page)).toHaveCount(4);
  });

  test('search: the suggestions and the search page find the catalog file items', async ({ page }) => {
    await page.goto('/search?q=quokka');
    await waitForIslands(page);
    await expect(page.getByText('Quokka Outfitters offer 1: 5% off').first()).toBeVisible();
    await expect(page.getByText(SAMPLE_BRAND)).toHaveCount(0);
    await page.goto('/coupons?q=lichen');
    await expect.poll(() => brandNames(page)).toEqual(['Lichen Lane']);
  });
});

test.describe('home: the site file decides the featured sections', () => {
  test('content.featuredCategories and featuredBrands in their order (the unknown id left out)', async ({ page }) => {
    await page.goto('/');
    const cats = page.locator('section[aria-labelledby="home-categories-title"] a[data-category]');
    await expect(cats).toHaveText([/Quill Stationery/, /Lantern Crafts/]);
    const brands = page.locator('[data-featured-brands] li');
    await expect(brands).toHaveCount(3);
    expect(await brands.evaluateAll((els) => els.map((e) => e.getAttribute('data-brand')))).toEqual([
      'aurora-crate',
      'saltmarsh-supply',
      'pebblewick',
    ]);
    await expect(page.locator('[data-featured-brands] h2')).toHaveText('Featured Brands');
    await page.goto('/de');
    await expect(page.locator('[data-featured-brands] h2')).toHaveText('Top-Marken');
    await expect(page.locator('[data-featured-brands] li a').first()).toHaveAttribute(
      'href',
      '/de/brands/aurora-crate',
    );
  });

  test('content.hero.backgroundImage: responsive AVIF/WebP, preloaded, eager with high priority', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    const img = page.locator('[data-hero-image] img');
    await expect(img).toHaveAttribute('fetchpriority', 'high');
    await expect(img).toHaveAttribute('loading', 'eager');
    await expect(page.locator('[data-hero-image] source[type="image/avif"]')).toHaveAttribute('sizes', '100vw');
    await expect(page.locator('head link[rel="preload"][as="image"][type="image/avif"]')).toHaveAttribute(
      'imagesrcset',
      /640w.*960w/,
    );
    // A phone gets a small AVIF, not the 2400 px original.
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.currentSrc))
      .toMatch(/\/_astro\/deals\..*\.avif$/);
    const width = await img.evaluate((el: HTMLImageElement) => el.naturalWidth);
    expect(width).toBeLessThanOrEqual(960);
    // The hero text stays above the picture.
    await expect(page.locator('h1')).toBeVisible();
  });
});

test.describe('branding.theme dark', () => {
  test('dark colours from the first paint, the dark logo, no serious axe violation', async ({ page }) => {
    // Block scripts: the theme must not depend on them (no flash of the light theme).
    await page.route(/\.js$/, (route) => route.abort());
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r, g, b] = (bg.match(/\d+/g) ?? []).map(Number);
    expect((r ?? 255) + (g ?? 255) + (b ?? 255)).toBeLessThan(120);
    const scheme = await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme);
    expect(scheme).toBe('dark');
    await expect(page.locator('[data-site-logo]')).toHaveAttribute('src', '/logo-dark.svg');
  });

  for (const width of [375, 1280]) {
    test(`home at ${width} px passes axe in dark (contrast included) and is screenshotted`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await waitForIslands(page);
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: test.info().outputPath(`home-dark-${width}.png`), fullPage: true });
    });
  }

  for (const path of [
    '/coupons',
    '/deals',
    '/brands',
    '/categories',
    '/brands/pebblewick',
    '/search?q=tea',
    '/contact',
  ]) {
    test(`${path} passes axe in dark`, async ({ page }) => {
      await page.goto(path, { waitUntil: 'networkidle' });
      await expectNoSeriousA11yViolations(page);
    });
  }
});

test.describe('features.pagination: itemsPerPage 12, infinite-scroll', () => {
  test('without JavaScript every listing shows the first 12 items and the count', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const [path, section, summary] of [
      ['/coupons', 'all-coupons-title', 'Showing 12 of 48 coupons'],
      ['/deals', 'all-deals-title', 'Showing 12 of 30 deals'],
    ] as const) {
      await page.goto(path);
      await expect(page.locator(`section[aria-labelledby="${section}"] > ul > li`), path).toHaveCount(12);
      await expect(page.locator('[data-results-summary]').first(), path).toHaveText(summary);
    }
    await context.close();
  });

  test('scrolling to the end of the list loads the next pages by itself; the URL stays shareable', async ({ page }) => {
    const dataRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/data/coupons/')) dataRequests.push(new URL(r.url()).pathname);
    });
    await page.goto('/coupons?sort=newest');
    await waitForIslands(page);
    // Scroll to the end of the list until everything is there, without pressing anything.
    await expect(async () => {
      await page.locator('[data-list-footer]').last().scrollIntoViewIfNeeded();
      expect(await allCoupons(page).count()).toBe(48);
    }).toPass({ timeout: 15_000 });
    await expect(page.locator('[data-results-summary]')).toHaveText('Showing 48 of 48 coupons');
    // Each item once, all from the catalog file; no Show More once the list is complete.
    const ids = await allCoupons(page)
      .locator('article')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-coupon-id')));
    expect(new Set(ids).size).toBe(48);
    await expect(page.getByRole('button', { name: 'Show More' })).toHaveCount(0);
    expect(dataRequests.length).toBeGreaterThan(0);
    // Loading more pages does not rewrite the address: it still names only the filters.
    await expect(page).toHaveURL(/\/coupons\?sort=newest$/);
  });

  test('deals: Load More Deals stays for keyboard users and adds the next 12', async ({ page }) => {
    await withoutInfiniteScroll(page);
    await page.goto('/deals');
    await waitForIslands(page);
    const deals = page.locator('section[aria-labelledby="all-deals-title"] > ul > li');
    await expect(deals).toHaveCount(12);
    const more = page.getByRole('button', { name: 'Load More Deals' });
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(deals).toHaveCount(24);
    await expect(page.locator('[data-results-summary]')).toHaveText('Showing 24 of 30 deals');
  });
});
