/**
 * Issue 16 "Network faults": every API call the browser makes, broken in each way the reference
 * server can break it (scripts/lib/api-server/faults.ts, injected per request with X-Fault):
 * a 500, a timeout (the server holds the answer for 60 s; the page's clock is fast-forwarded past
 * the client's 10 s instead of waiting), a dropped connection, malformed JSON and a wrong envelope.
 * Each shows the SPEC §4/§8 error view or fallback; tracking calls fail silently (SPEC §7).
 * The same matrix at the client level is in tests/unit/security/network-faults.test.ts.
 */
import { expect, type Page, test } from '@playwright/test';
import { waitForIslands } from '../shopper-helpers.ts';

const FAULTS = [
  { name: '500', rule: 'status:500' },
  { name: 'timeout', rule: 'delay:60000' },
  { name: 'dropped connection', rule: 'drop' },
  { name: 'malformed JSON', rule: 'malformed' },
  { name: 'wrong envelope', rule: 'wrong-envelope' },
] as const;

type Injected = { rule: string; hits: number };

/**
 * Requests to `pattern` carry the current `rule` (none while it is empty); `hits` counts them.
 * A record sent with keepalive as the page changes can reach the route after the page has gone
 * (or after the test has ended): continuing it then fails, which says nothing about the app.
 */
async function injector(page: Page, pattern: RegExp): Promise<Injected> {
  const state: Injected = { rule: '', hits: 0 };
  await page.route(pattern, async (route) => {
    const headers = state.rule ? { ...route.request().headers(), 'x-fault': state.rule } : undefined;
    if (state.rule) state.hits++;
    await route.continue(headers ? { headers } : undefined).catch(() => {});
  });
  return state;
}

/**
 * With the page clock installed: each time a faulted request goes out, move time past the client's
 * 10 s timeout and the retry delay, until no further attempt comes.
 */
async function settle(page: Page, state: Injected, before: number) {
  let handled = before;
  for (let round = 0; round < 5; round++) {
    const more = await expect
      .poll(() => state.hits, { timeout: round === 0 ? 5000 : 1200 })
      .toBeGreaterThan(handled)
      .then(
        () => true,
        () => false,
      );
    if (!more) break;
    handled = state.hits;
    await page.clock.runFor(13_000);
  }
  expect(state.hits, `the fault ${state.rule} was used`).toBeGreaterThan(before);
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

test.describe.configure({ timeout: 90_000 });

/** Calls made while a page loads: one load per fault. */
const ON_LOAD = [
  {
    call: 'GET /api/home',
    pattern: /\/api\/home(\?|$)/,
    path: '/',
    // The page keeps its build-time content and says, politely, that updates failed.
    async expectView(page: Page) {
      await expect(page.locator('[data-stale-notice]')).toContainText('The latest updates could not be loaded');
      await expect(page.locator('main article').first()).toBeVisible();
      await expect(page.locator('[data-error="home"]')).toHaveCount(0);
    },
  },
  {
    call: 'GET /api/categories',
    pattern: /\/api\/categories(\?|$)/,
    path: '/categories',
    async expectView(page: Page) {
      await expect(page.locator('[data-stale-notice]')).toContainText('The latest updates could not be loaded');
      await expect(page.locator('main a[href^="/categories/"]').first()).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
    },
  },
  {
    call: 'GET /api/search',
    pattern: /\/api\/search\?/,
    path: '/search?q=laptops',
    async expectView(page: Page) {
      await expect(page.getByRole('alert')).toContainText('Search Error');
      await expect(page.getByRole('alert')).toContainText('Failed to search. Please try again.');
    },
  },
];

for (const c of ON_LOAD) {
  test(`network faults on ${c.call}: the SPEC error view`, async ({ page }) => {
    const errors = collectErrors(page);
    const state = await injector(page, c.pattern);
    await page.clock.install();
    for (const fault of FAULTS) {
      await test.step(fault.name, async () => {
        state.rule = fault.rule;
        const before = state.hits;
        await page.goto(c.path);
        await page.clock.runFor(3000); // hydration of idle islands
        await settle(page, state, before);
        await c.expectView(page);
      });
    }
    expect(errors).toEqual([]);
  });
}

/** Calls made by an action on a hydrated page: one page, one action per fault. */
const ON_ACTION = [
  {
    call: 'GET /api/brands (category filter)',
    pattern: /\/api\/brands(\?|$)/,
    path: '/brands',
    async act(page: Page, i: number) {
      await page.getByLabel('Category').selectOption({ index: i + 1 });
    },
    async expectView(page: Page) {
      const alert = page.getByRole('alert');
      await expect(alert).toContainText('Failed to load brands');
      await expect(alert.getByRole('button', { name: 'Try Again' })).toBeVisible();
    },
  },
  {
    call: 'GET /api/coupons (sort and category: falls back to the built-in sample)',
    pattern: /\/api\/coupons\?/,
    path: '/coupons',
    async act(page: Page, i: number) {
      if (i < 3)
        await page.getByLabel('Sort by', { exact: true }).selectOption(['popular', 'expiring', 'discount'][i]!);
      else await page.getByLabel('Category', { exact: true }).selectOption({ index: i - 2 });
    },
    async expectView(page: Page) {
      await expect(page.locator('section[aria-labelledby="all-coupons-title"] > ul > li').first()).toBeVisible();
      await expect(page.locator('[data-error="coupons"]')).toHaveCount(0);
    },
  },
  {
    call: 'GET /api/deals (sort, then Try Again)',
    pattern: /\/api\/deals\?/,
    path: '/deals',
    async act(page: Page, i: number) {
      // (Newest page 1 is the pre-rendered list: choosing it again asks nothing.)
      if (i < 3)
        await page.getByLabel('Sort by', { exact: true }).selectOption(['popular', 'discount', 'expiring'][i]!);
      else await page.locator('[data-error="deals"]').getByRole('button', { name: 'Try Again' }).click();
    },
    async expectView(page: Page) {
      const error = page.locator('[data-error="deals"]');
      await expect(error).toContainText('Failed to load deals');
      await expect(error).toContainText('Please try refreshing the page.');
    },
  },
  {
    call: 'GET /api/search/suggestions (no suggestions, the box still works)',
    pattern: /\/api\/search\/suggestions/,
    path: '/about',
    async act(page: Page, i: number) {
      const box = page.locator('header input[name="q"]:visible').first();
      await box.fill('');
      await box.pressSequentially(['la', 'co', 'vo', 'he', 'fr'][i]!);
      await page.clock.runFor(400); // suggestion debounce
    },
    async expectView(page: Page) {
      await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(0);
      await expect(page.getByRole('alert')).toHaveCount(0);
    },
  },
];

for (const c of ON_ACTION) {
  test(`network faults on ${c.call}`, async ({ page }) => {
    const errors = collectErrors(page);
    const state = await injector(page, c.pattern);
    await page.goto(c.path);
    await waitForIslands(page);
    if (c.path === '/about') await page.locator('header input[name="q"]:visible').first().click();
    await page.clock.install();
    for (const [i, fault] of FAULTS.entries()) {
      await test.step(fault.name, async () => {
        state.rule = fault.rule;
        const before = state.hits;
        await c.act(page, i);
        await settle(page, state, before);
        await c.expectView(page);
      });
    }
    expect(errors).toEqual([]);
  });
}

test('network faults on POST /api/search/record and the tracking calls: only logged, nothing changes for the shopper', async ({
  page,
  context,
}) => {
  const errors = collectErrors(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await context.route(/^https:\/\/[^/]+\.example\//, (route) => route.fulfill({ body: 'store' }));
  const state = await injector(page, /\/api\/(coupons|deals)\/\d+\/(click|usage)|\/api\/search\/record/);
  await page.goto('/coupons');
  await waitForIslands(page);
  const cards = page
    .locator('section[aria-labelledby="all-coupons-title"] article')
    .filter({ has: page.getByRole('button', { name: /^Get Code/ }) });
  for (const [i, fault] of FAULTS.entries()) {
    await test.step(`coupon click and usage: ${fault.name}`, async () => {
      state.rule = fault.rule;
      const before = state.hits;
      await cards
        .nth(i)
        .getByRole('button', { name: /^Get Code/ })
        .click();
      const dialog = page.getByRole('dialog');
      const copy = dialog.getByRole('button', { name: /Copy Code & Visit Store|Visit Store/ });
      const tab = page.waitForEvent('popup');
      await copy.click();
      await (await tab).close();
      await expect.poll(() => state.hits).toBeGreaterThan(before);
      await expect(dialog.getByRole('alert')).toHaveCount(0);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    });
  }
  await page.goto('/deals');
  await waitForIslands(page);
  const deals = page.locator('section[aria-labelledby="all-deals-title"] article');
  for (const [i, fault] of FAULTS.entries()) {
    await test.step(`deal click: ${fault.name}`, async () => {
      state.rule = fault.rule;
      const before = state.hits;
      await deals.nth(i).locator('[data-open-deal]').first().click();
      const tab = page.waitForEvent('popup');
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /^Get Deal/ })
        .click();
      expect((await tab).url()).toMatch(/^https:\/\//);
      await expect.poll(() => state.hits).toBeGreaterThan(before);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });
  }
  for (const [i, fault] of FAULTS.entries()) {
    await test.step(`search record: ${fault.name}`, async () => {
      state.rule = fault.rule;
      const before = state.hits;
      const box = page.locator('header input[name="q"]:visible').first();
      await box.click();
      // The search island takes over the box on first focus (before that, Enter is a plain form GET).
      await expect(page.locator('header [role="combobox"]:visible')).toBeVisible();
      await page.locator('header [role="combobox"]:visible').fill(`lap${i}`);
      await page.locator('header [role="combobox"]:visible').press('Enter');
      await expect(page).toHaveURL(new RegExp(`/search\\?q=lap${i}$`), { timeout: 15_000 });
      // The record leaves as the page changes (keepalive): it may reach the route a moment later.
      await expect.poll(() => state.hits, { timeout: 15_000 }).toBeGreaterThan(before);
    });
  }
  expect(errors).toEqual([]);
});
