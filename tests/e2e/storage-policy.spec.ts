/**
 * The cookie policy lists exactly what the site keeps in the browser: a shopper's session
 * (language switch, code modal, forms, filters, and the consent banner once the ad layer
 * ships it) is observed, and every key it writes must be in the policy's table; the policy's
 * written keys must be exactly those plus the ad layer's documented keys, which a session
 * without ads cannot produce yet.
 */
import { expect, type Page, test } from '@playwright/test';

/**
 * Keys a static-data session cannot write: the ad layer's (issue 10: the consent choice, ad
 * metrics, the forced-platform override) and, in API mode only, the coupons whose "Did {CODE}
 * work?" question was answered (issue 22, tests/e2e/api-mode/code-health.spec.ts).
 */
const DOCUMENTED_AD_KEYS = ['consent', 'ad_metrics', 'ad_campaigns', 'ad_force_platform', 'coupon_feedback'];

async function snapshot(page: Page, seen: Set<string>) {
  const keys = await page.evaluate(() => [
    ...Object.keys(localStorage).map((k) => `localStorage:${k}`),
    ...Object.keys(sessionStorage).map((k) => `sessionStorage:${k}`),
    ...document.cookie
      .split(';')
      .map((c) => c.split('=')[0]!.trim())
      .filter(Boolean)
      .map((k) => `cookie:${k}`),
  ]);
  for (const k of keys) seen.add(k);
}

test('the cookie policy lists exactly the storage a session writes, plus the documented ad keys', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000); // a whole session across eight pages
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const seen = new Set<string>();
  const acceptIfAsked = async () => {
    const accept = page.getByRole('button', { name: 'Accept all' });
    if (await accept.isVisible().catch(() => false)) await accept.click();
  };

  await page.goto('/');
  await acceptIfAsked();
  await snapshot(page, seen);

  await page.goto('/coupons');
  await acceptIfAsked();
  const card = page
    .locator('article')
    .filter({ has: page.getByRole('button', { name: 'Get Code' }) })
    .first();
  await card.getByRole('button', { name: 'Get Code' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const popup = page.waitForEvent('popup', { timeout: 5000 }).catch(() => null);
  await dialog
    .getByRole('button')
    .filter({ hasText: /Visit Store/ })
    .click();
  await (await popup)?.close();
  await snapshot(page, seen);
  if (await dialog.isVisible()) await dialog.getByRole('button', { name: /close/i }).first().click();
  await expect(dialog).toBeHidden();

  await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(page).toHaveURL(/\/es\/coupons$/);
  await snapshot(page, seen);

  await page.goto('/es/help');
  await page.getByRole('searchbox', { name: 'Busca en el centro de ayuda' }).fill('cupón');
  await page.goto('/es/blog');
  await page.getByRole('button', { name: 'Cargar más artículos' }).click();
  await page.locator('[data-newsletter] input').fill('lector@example.com');
  await page.locator('[data-newsletter] button[type="submit"]').click();
  await snapshot(page, seen);

  await page.locator('footer').getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await snapshot(page, seen);

  const observed = [...seen];
  expect(
    observed.every((k) => k.startsWith('localStorage:')),
    `only localStorage is used: ${observed}`,
  ).toBe(true);
  const written = observed.map((k) => k.replace(/^localStorage:/, ''));
  expect(written).toContain('preferred_language');

  await page.goto('/cookie-policy');
  const rows = page.locator('[data-storage-table] tbody tr');
  const policy = await rows.evaluateAll((trs) =>
    trs.map((tr) => ({
      key: tr.getAttribute('data-storage-key'),
      area: tr.getAttribute('data-storage-area'),
      written: tr.getAttribute('data-written') === 'true',
    })),
  );
  const policyWritten = policy.filter((p) => p.written).map((p) => p.key!);
  const policyReadOnly = policy.filter((p) => !p.written).map((p) => p.key!);

  for (const key of written) expect(policyWritten, `the policy lists "${key}"`).toContain(key);
  expect([...policyWritten].sort()).toEqual([...new Set([...written, ...DOCUMENTED_AD_KEYS])].sort());
  for (const key of policyReadOnly) expect(written, `"${key}" is only read, never written`).not.toContain(key);
  expect(policy.every((p) => p.area === 'localStorage')).toBe(true);

  // Each row says what the key is for and how long it stays.
  for (const row of await rows.all()) {
    const cells = row.locator('td');
    await expect(cells).toHaveCount(3);
    for (const cell of await cells.all()) expect(((await cell.textContent()) ?? '').trim().length).toBeGreaterThan(10);
  }
  await expect(page.locator('[data-storage-key="consent"]')).toContainText('6 months, or until you change your choice');
  await expect(page.getByRole('main').locator('button[type="button"][data-consent-settings]')).toHaveText(
    'Cookie settings',
  );
});
