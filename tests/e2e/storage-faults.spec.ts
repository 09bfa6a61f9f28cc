/**
 * Issue 16 "Storage faults": every localStorage key the site reads set to garbage, to huge values,
 * with storage full (quota errors on every write) and with storage disabled (SecurityError on
 * access). Every page type still works (heading, islands, content, no error view, no uncaught
 * error) and each value is repaired or ignored.
 *
 * STORAGE_KEYS is the table: one row per key. The ad layer's keys (ad_metrics, ad_force_platform,
 * consent; issue 10) are rows already: nothing reads them today, so the rows prove they cannot
 * break a page; when the ad layer lands, give each row its `check`.
 */
import { expect, type Page, test } from '@playwright/test';
import { showEveryIsland } from './security-helpers.ts';
import { waitForIslands } from './shopper-helpers.ts';

type StorageKey = {
  key: string;
  /** Values a broken extension, an old version or an attacker could leave behind. */
  garbage: string[];
  /** After the pages ran: 'removed' (repaired) or 'kept' (ignored as it is). */
  after: 'removed' | 'kept';
  /** Proves the value was ignored, on the page that reads it. */
  check?: { path: string; run: (page: Page) => Promise<void> };
};

const STORAGE_KEYS: StorageKey[] = [
  {
    key: 'preferred_language',
    garbage: ['"><script>alert(1)</script>', 'xx', '{"lang":"de"}', '\u0000de'],
    after: 'kept',
    check: {
      path: '/',
      run: async (page) => {
        await expect(page).toHaveURL(/\/$/); // no redirect to /<garbage>
        await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      },
    },
  },
  {
    key: 'brands_view',
    garbage: ['table', '<img src=x onerror=alert(1)>', '{}'],
    after: 'kept',
    check: {
      path: '/brands',
      run: async (page) => {
        await expect(page.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'true');
      },
    },
  },
  // Read only by the API client, which the static site never loads (it makes no API call):
  // ignored here; api-mode/auth-token.spec.ts checks that API mode removes a malformed one.
  { key: 'auth_token', garbage: ['abc\r\nX-Injected: 1', 'two words', 'ünïcode'], after: 'kept' },
  // Ad layer (issue 10): one line per key; nothing reads them yet.
  {
    key: 'ad_metrics',
    garbage: ['{"adsense":{"impressions":"NaN"', '[1,2', '{"__proto__":{"polluted":1}}'],
    after: 'kept',
  },
  { key: 'ad_force_platform', garbage: ['<script>', 'evil-network', ''], after: 'kept' },
  { key: 'consent', garbage: ['{"ads":tru', 'yes please', '{"__proto__":{"ads":true}}'], after: 'kept' },
];

/** One page of every type. */
const PAGES = [
  '/',
  '/coupons',
  '/deals',
  '/brands',
  '/brands/voltura',
  '/categories',
  '/categories/electronics',
  '/search?q=off',
  '/about',
  '/admin/ad-dashboard',
  '/test/modal-ad',
  '/no-such-page',
];
/** The pages that read or write storage today, plus home: enough for the costlier modes. */
const STORAGE_PAGES = ['/', '/brands', '/coupons'];
const HUGE = 'x'.repeat(512 * 1024);

/** The page loads, hydrates, shows its heading and no error view. */
async function expectWorking(page: Page, path: string, errors: string[]) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(path === '/no-such-page' ? 404 : 200);
  await expect(page.locator('h1'), path).toBeVisible();
  await showEveryIsland(page);
  await waitForIslands(page);
  await expect(page.locator('[data-error]'), path).toHaveCount(0);
  if (['/coupons', '/deals', '/brands/voltura'].includes(path))
    await expect(page.locator('main article').first(), path).toBeVisible();
  expect(errors, `uncaught errors on ${path}`).toEqual([]);
}

/** Opens a code modal (the modal host reads consent and the ad keys) and closes it. */
async function openCodeModal(page: Page) {
  await page.goto('/coupons');
  await waitForIslands(page);
  await page
    .locator('main article')
    .getByRole('button', { name: /^Get Code/ })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
}

/** Writes the site makes: the language choice and the brands layout. They must not fail visibly. */
async function writeThings(page: Page) {
  await page.goto('/brands');
  await waitForIslands(page);
  await page.getByRole('button', { name: 'List view' }).click();
  await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel('Language').first().selectOption('de');
  await expect(page).toHaveURL(/\/de\/brands$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
}

function trackErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

test.describe.configure({ timeout: 90_000 });

for (const [mode, pick] of [
  ['garbage', (row: StorageKey, i: number) => row.garbage[i % row.garbage.length]!],
  ['huge', () => HUGE],
] as const) {
  test(`every key set to ${mode} values: every page works, each value repaired or ignored`, async ({ page }) => {
    const errors = trackErrors(page);
    for (let round = 0; round < (mode === 'garbage' ? 2 : 1); round++) {
      const values = Object.fromEntries(STORAGE_KEYS.map((row, i) => [row.key, pick(row, i + round)]));
      await page.goto('/about');
      await page.evaluate((v) => {
        localStorage.clear();
        for (const [k, value] of Object.entries(v)) localStorage.setItem(k, value);
      }, values);
      // Round 2 (the next garbage value of each key): only the pages that read storage.
      for (const path of mode === 'garbage' && round === 0 ? PAGES : round === 0 ? STORAGE_PAGES : ['/', '/brands']) {
        await expectWorking(page, path, errors);
        for (const row of STORAGE_KEYS) if (row.check?.path === path) await row.check.run(page);
      }
      await openCodeModal(page);
      const stored = await page.evaluate(
        (keys) => Object.fromEntries(keys.map((k) => [k, localStorage.getItem(k)])),
        STORAGE_KEYS.map((r) => r.key),
      );
      for (const row of STORAGE_KEYS) {
        if (row.after === 'removed')
          await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), row.key), row.key).toBeNull();
        else expect(stored[row.key], row.key).toBe(values[row.key]);
      }
    }
    expect(errors).toEqual([]);
  });
}

test('storage full (every write throws QuotaExceededError): pages work and writes fail quietly', async ({ page }) => {
  const errors = trackErrors(page);
  await page.goto('/about');
  const filled = await page.evaluate(
    (values) => {
      localStorage.clear();
      for (const [key, value] of values) localStorage.setItem(key, value);
      let chunk = 'f'.repeat(1024 * 1024);
      let n = 0;
      while (chunk.length > 0) {
        try {
          localStorage.setItem(`filler-${n++}`, chunk);
        } catch {
          chunk = chunk.slice(0, Math.floor(chunk.length / 2));
        }
      }
      try {
        localStorage.setItem('probe', 'x');
        return false;
      } catch (e) {
        return (e as DOMException).name;
      }
    },
    STORAGE_KEYS.map((row) => [row.key, row.garbage[0]!] as const),
  );
  expect(filled).toBe('QuotaExceededError');
  for (const path of STORAGE_PAGES) await expectWorking(page, path, errors);
  await openCodeModal(page);
  await writeThings(page);
  expect(errors).toEqual([]);
});

test('storage disabled (SecurityError on access): pages work, preferences simply are not kept', async ({ page }) => {
  const errors = trackErrors(page);
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
  for (const path of PAGES) await expectWorking(page, path, errors);
  await openCodeModal(page);
  await writeThings(page);
  expect(errors).toEqual([]);
});
