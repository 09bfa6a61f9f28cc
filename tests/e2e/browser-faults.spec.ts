/**
 * Issue 16: the browser says no. Clipboard permission denied (Clipboard API rejects with
 * NotAllowedError, the execCommand fallback fails too) and pop-ups blocked (window.open returns
 * null or throws). The shopper gets the SPEC §8 message or the copied code, nothing is counted
 * twice or crashes, and a blocked pop-up only logs a warning (SPEC §4 "Code modal").
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
  const seen = { usage: 0, tabs: 0, warnings: [] as string[], errors: [] as string[] };
  page.on('request', (r) => {
    if (/\/api\/coupons\/\d+\/usage$/.test(r.url())) seen.usage++;
  });
  page.on('popup', () => seen.tabs++);
  page.on('console', (m) => {
    if (m.type() === 'warning') seen.warnings.push(m.text());
  });
  page.on('pageerror', (e) => seen.errors.push(e.message));
  return seen;
}

test('clipboard permission denied: "Failed to copy code", no tab, no usage call, and the shopper can try again', async ({
  page,
}) => {
  const seen = watch(page);
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) },
    });
    document.execCommand = () => false;
  });
  const dialog = await openFirstCodeModal(page);
  const button = dialog.getByRole('button', { name: 'Copy Code & Visit Store' });
  await button.click();
  await expect(dialog.getByRole('alert')).toHaveText('Failed to copy code');
  await button.click();
  await expect(dialog.getByRole('alert')).toHaveText('Failed to copy code');
  // The code stays visible to copy by hand.
  await expect(dialog.locator('[data-coupon-code]')).toBeVisible();
  expect(seen.tabs).toBe(0);
  expect(seen.usage).toBe(0);
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
    await page.route('**/api/**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"success":true,"data":{}}' }),
    );
    const dialog = await openFirstCodeModal(page);
    const code = (await dialog.locator('[data-coupon-code]').textContent())?.trim();
    await dialog.getByRole('button', { name: 'Copy Code & Visit Store' }).click();
    await expect(dialog.getByRole('button', { name: 'Code Copied! Redirecting...' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await expect(page.locator('[data-toast]')).toHaveText('Coupon code copied!');
    await expect.poll(() => seen.usage).toBe(1);
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
    expect(seen.errors).toEqual([]);
  });
}
