/**
 * Issue 16: the browser says no. Clipboard permission denied (Clipboard API rejects with
 * NotAllowedError, the execCommand fallback fails too) and pop-ups blocked (window.open returns
 * null or throws). The shopper gets the SPEC §8 message or the copied code, nothing is counted
 * twice or crashes, and a blocked pop-up only logs a warning (SPEC §4 "Code modal"). A failed copy
 * still opens the store (SPEC §4; issue 13). The static site records nothing (no /api call at
 * all); the API-mode records are checked in api-mode/records.spec.ts.
 */
import { expect, type Page, test } from '@playwright/test';
import { waitForIslands } from './shopper-helpers.ts';

async function openFirstCodeModal(page: Page) {
  await page.goto('/coupons');
  await waitForIslands(page);
  await page
    .locator('section[aria-labelledby="all-coupons-title"] article')
    .first()
    .getByRole('button', { name: /^Get Code/ })
    .click();
  return page.getByRole('dialog');
}

function watch(page: Page) {
  const seen = { api: 0, tabs: 0, warnings: [] as string[], errors: [] as string[] };
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) seen.api++;
  });
  page.on('popup', () => seen.tabs++);
  page.on('console', (m) => {
    if (m.type() === 'warning') seen.warnings.push(m.text());
  });
  page.on('pageerror', (e) => seen.errors.push(e.message));
  return seen;
}

test('clipboard permission denied: "Failed to copy code", the store still opens, nothing recorded, and the shopper can try again', async ({
  page,
}) => {
  const seen = watch(page);
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) },
    });
    document.execCommand = () => false;
  });
  await page.context().route(/^https:\/\/[^/]+\.example\//, (route) => route.fulfill({ body: 'store' }));
  const dialog = await openFirstCodeModal(page);
  const button = dialog.getByRole('button', { name: 'Copy Code & Visit Store' });
  const storeTab = page.waitForEvent('popup');
  await button.click();
  await expect(dialog.getByRole('alert')).toHaveText('Failed to copy code');
  // The store opens anyway (SPEC §4): the code is still on screen to copy by hand.
  const tab = await storeTab;
  await tab.waitForLoadState();
  expect(new URL(tab.url()).protocol).toBe('https:');
  await expect(dialog.locator('[data-coupon-code]')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Copy Code & Visit Store' })).toBeEnabled();
  await button.click();
  await expect(dialog.getByRole('alert')).toHaveText('Failed to copy code');
  await expect.poll(() => seen.tabs).toBe(2);
  // Nothing was copied, so nothing is recorded (and the static site records nothing anyway).
  expect(seen.api).toBe(0);
  expect(seen.errors).toEqual([]);
});

for (const blocker of ['returns null', 'throws'] as const) {
  test(`pop-ups blocked (window.open ${blocker}): the code is copied, a warning at most, the deal modal still closes`, async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const seen = watch(page);
    await page.addInitScript((mode) => {
      window.open = () => {
        if (mode === 'throws') throw new DOMException('Blocked a pop-up', 'SecurityError');
        return null;
      };
    }, blocker);
    const dialog = await openFirstCodeModal(page);
    const code = (await dialog.locator('[data-coupon-code]').textContent())?.trim();
    await dialog.getByRole('button', { name: 'Copy Code & Visit Store' }).click();
    await expect(dialog.getByRole('button', { name: 'Code Copied! Redirecting...' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await expect(page.locator('[data-toast]')).toHaveText('Coupon code copied!');
    if (blocker === 'throws') expect(seen.warnings.some((w) => w.includes('Pop-up blocked'))).toBe(true);
    await page.keyboard.press('Escape');

    await page.goto('/deals');
    await waitForIslands(page);
    await page
      .locator('section[aria-labelledby="all-deals-title"] article')
      .first()
      .locator('[data-open-deal]')
      .first()
      .click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Get Deal/ })
      .click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(seen.tabs).toBe(0);
    expect(seen.api).toBe(0);
    expect(seen.errors).toEqual([]);
  });
}
