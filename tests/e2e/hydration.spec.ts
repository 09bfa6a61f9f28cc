/**
 * Pages opened with filters in their address (shared links, back/forward) hydrate cleanly: the
 * first client render matches the static HTML (no React #418 and no re-render from scratch),
 * then the address's filters apply.
 */
import { expect, test } from '@playwright/test';
import { waitForIslands } from './shopper-helpers.ts';

const URLS: { url: string; shows: (page: import('@playwright/test').Page) => Promise<void> }[] = [
  {
    url: '/search?q=brickplay',
    shows: (page) => expect(page.getByRole('heading', { name: /results for brickplay/i })).toBeVisible(),
  },
  {
    url: '/coupons?category=1&sort=popular',
    shows: (page) => expect(page.locator('#coupon-filter-sort')).toHaveValue('popular'),
  },
  { url: '/brands?q=co', shows: (page) => expect(page.getByRole('searchbox').last()).toHaveValue('co') },
  {
    url: '/brands?category=1',
    shows: (page) => expect(page.getByRole('combobox', { name: /category/i }).last()).not.toHaveValue(''),
  },
];

for (const { url, shows } of URLS) {
  test(`${url} hydrates without a React error and applies its filters`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error' && /React|hydrat/i.test(m.text())) errors.push(m.text());
    });
    await page.goto(url);
    await waitForIslands(page);
    await shows(page);
    expect(errors).toEqual([]);
  });
}
