/**
 * Issue 33: a shopper who types into a listing's filter while the page is still starting loses
 * nothing when the island takes over the pre-rendered field: every character stays, in order, the
 * caret stays at the end, and the last filter set is the one applied (a brand's name, then at once
 * a word no brand has, shows "No brands found"). The page start is slowed down as on a busy phone:
 * the CPU throttled and the pages' scripts served late, and the shopper types at a normal pace.
 */
import { expect, type Page, test } from '@playwright/test';

/**
 * A slow phone: 4× slower CPU, and every script of the page arrives late. Firefox has no CPU
 * throttling (the DevTools protocol is Chromium's): there only the scripts arrive late.
 */
async function slowStart(page: Page, browserName: string): Promise<void> {
  if (browserName === 'chromium') {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  }
  await page.route(/\/_astro\/.*\.js(\?.*)?$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue().catch(() => {});
  });
}

const NONSENSE = 'zzqxnonsense';

const PAGES = [
  { path: '/brands', field: 'Search brands', brand: 'Cozy Corner', empty: 'No brands found' },
  { path: '/es/brands', field: 'Buscar marcas', brand: 'Cozy Corner', empty: 'No se encontraron marcas' },
  { path: '/coupons', field: 'Search coupons', brand: 'Cozy Corner', empty: 'No coupons found' },
  { path: '/de/coupons', field: 'Gutscheine durchsuchen', brand: 'Cozy Corner', empty: 'Keine Gutscheine gefunden' },
] as const;

for (const p of PAGES) {
  test(`${p.path}: text typed while the page starts is all kept, and the last filter wins`, async ({
    page,
    browserName,
  }) => {
    await slowStart(page, browserName);
    await page.goto(p.path, { waitUntil: 'commit' });
    const field = page.getByRole('searchbox', { name: p.field, exact: true });
    // As soon as the field shows: click it and type, at a shopper's pace.
    await field.click();
    await page.keyboard.type(p.brand, { delay: 70 });
    // At once, another search over the first.
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(NONSENSE, { delay: 70 });

    await expect(field).toHaveValue(NONSENSE);
    await expect(field).toBeFocused();
    expect(await field.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd])).toEqual([
      NONSENSE.length,
      NONSENSE.length,
    ]);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${NONSENSE}(&|$)`));
    await expect(page.getByText(p.empty, { exact: true })).toBeVisible();
    // Still one more keystroke where the caret is: it lands at the end.
    await page.keyboard.type('s');
    await expect(field).toHaveValue(`${NONSENSE}s`);
  });
}
