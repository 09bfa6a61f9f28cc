/**
 * Ads on a local development host (127.0.0.1): every slot shows a mock ad, no ad network is
 * contacted. The config pre-seeds "Accept all" (playwright.config.ts).
 */
import { expect, type Page, test } from '@playwright/test';
import { waitForIslands } from '../shopper-helpers.ts';
import { layoutShift, pinRandom, trackLayoutShift } from './helpers.ts';

const firstGetCode = (page: Page) =>
  page
    .locator('section[aria-labelledby="all-coupons-title"] article')
    .first()
    .getByRole('button', { name: /Get Code/ });

/** Time from the click on Get Code to the mock ad's box in the modal (measured in the page). */
async function openModalAndTimeAd(page: Page): Promise<number> {
  await page.evaluate(() => {
    const w = window as unknown as { __adTiming: { click?: number; ad?: number } };
    w.__adTiming = {};
    document.addEventListener('click', () => (w.__adTiming.click ??= performance.now()), { capture: true, once: true });
    new MutationObserver((_, mo) => {
      if (document.querySelector('[role="dialog"] [data-mock-ad]')) {
        w.__adTiming.ad = performance.now();
        mo.disconnect();
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  await firstGetCode(page).click();
  await expect(page.getByRole('dialog').locator('[data-mock-ad]')).toBeVisible();
  const t = await page.evaluate(() => (window as unknown as { __adTiming: { click: number; ad: number } }).__adTiming);
  return Math.round(t.ad - t.click);
}

test('mock ads in the code modal within 1000 ms of opening, reopened without errors', async ({ page }) => {
  test.setTimeout(60_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => {
    // The local build talks to the local reference API (localhost) for click tracking; nothing else.
    if (!/^http:\/\/(127\.0\.0\.1|localhost):/.test(r.url())) errors.push(`third-party request ${r.url()}`);
  });
  await page.goto('/coupons');
  await waitForIslands(page);
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    times.push(await openModalAndTimeAd(page));
    const dialog = page.getByRole('dialog');
    const slot = dialog.locator('[data-ad-position]');
    const size = await slot.getAttribute('data-ad-size');
    const [w, h] = (size ?? '').split('x').map(Number);
    const mock = dialog.locator('[data-mock-ad]');
    await expect(mock).toHaveText(new RegExp(`^Mock ad · (adsense|adsterra) · ${w}×${h}$`));
    const box = await mock.boundingBox();
    expect([Math.round(box?.width ?? 0), Math.round(box?.height ?? 0)]).toEqual([w, h]);
    await expect(slot).toContainText('Advertisement');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }
  const median = [...times].sort((a, b) => a - b)[1] as number;
  console.log(`open-to-mock-ad in the code modal (ms): ${times.join(', ')}; median ${median} (target < 1000)`);
  // The SPEC target, on the median of three opens (one slow open on a loaded machine is noise).
  expect(median).toBeLessThan(1000);
  expect(errors).toEqual([]);
});

test('page slots: top under the heading and bottom above the footer, reserved, filled with mocks, impressions counted', async ({
  page,
}) => {
  await pinRandom(page);
  await page.goto('/coupons');
  const top = page.locator('[data-ad-page-slot="top"]');
  const bottom = page.locator('[data-ad-page-slot="bottom"]');
  await expect(top).toBeVisible();
  await expect(top).toContainText('Advertisement');
  // The box is reserved in the static HTML, before any ad code.
  expect(Math.round((await top.locator('[data-ad-container]').boundingBox())?.height ?? 0)).toBe(90);
  await expect(top.locator('[data-mock-ad]')).toHaveText('Mock ad · adsense · 728×90');
  await bottom.scrollIntoViewIfNeeded();
  await expect(bottom.locator('[data-mock-ad]')).toBeVisible();
  // Under the page heading, above the footer.
  const h1 = await page.locator('h1').boundingBox();
  const topBox = await top.boundingBox();
  const footer = await page.locator('footer').boundingBox();
  const bottomBox = await bottom.boundingBox();
  expect(topBox!.y).toBeGreaterThan(h1!.y + h1!.height);
  expect(bottomBox!.y + bottomBox!.height).toBeLessThanOrEqual(footer!.y);
  // Mock impression 500 ms after load: counted under ad_metrics (consent given).
  await expect
    .poll(
      async () =>
        JSON.parse((await page.evaluate(() => localStorage.getItem('ad_metrics'))) ?? '{}').adsense?.impressions ?? 0,
    )
    .toBeGreaterThanOrEqual(2);

  // Phone width: the band fits the screen.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(top.locator('[data-mock-ad]')).toHaveText(/^Mock ad · adsense · \d+×90$/);
  const w = (await top.locator('[data-mock-ad]').boundingBox())?.width ?? 999;
  expect(w).toBeLessThanOrEqual(375);
});

test('displayProbability: a page view drawn above it shows no slot and no empty box', async ({ page }) => {
  await pinRandom(page, 0.9);
  await page.goto('/');
  await expect(page.locator('html')).not.toHaveAttribute('data-ad-slots', /./);
  for (const slot of await page.locator('[data-ad-page-slot]').all()) await expect(slot).toBeHidden();
});

test('no slots on content, legal, admin and 404 pages', async ({ page }) => {
  test.setTimeout(90_000);
  await pinRandom(page);
  for (const url of [
    '/about',
    '/privacy',
    '/cookie-policy',
    '/admin/ad-dashboard',
    '/nope',
    '/categories',
    '/brands',
  ]) {
    await page.goto(url);
    await expect(page.locator('[data-ad-page-slot]'), url).toHaveCount(0);
  }
  for (const url of ['/', '/coupons', '/deals', '/search?q=shoes', '/brands/tailwag-co', '/categories/pets']) {
    await page.goto(url);
    await expect(page.locator('[data-ad-page-slot="top"]'), url).toBeVisible();
  }
});

test('corrupt ad_metrics and a bogus ad_force_platform never break a page', async ({ page }) => {
  const warnings: string[] = [];
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript(() => {
    // Only on the site: Firefox also runs init scripts in a new tab's about:blank, whose storage is refused.
    if (location.protocol !== 'http:' || sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('ad_metrics', '{"adsense":{"impressions":"lots"');
    localStorage.setItem('ad_force_platform', '<img src=x onerror=alert(1)>');
  });
  await page.goto('/coupons');
  await waitForIslands(page);
  await firstGetCode(page).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('[data-coupon-code]')).toBeVisible();
  await expect(dialog.locator('[data-mock-ad]')).toBeVisible();
  expect(errors).toEqual([]);
  expect(warnings.some((w) => w.includes('Valid platforms: google, facebook, amazon, direct, adsense, adsterra'))).toBe(
    true,
  );
  expect(warnings.some((w) => w.startsWith('Stored ad metrics reset'))).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('ad_force_platform'))).toBeNull();
  // Reset, then rebuilt from this visit's impressions.
  await expect
    .poll(
      async () =>
        JSON.parse((await page.evaluate(() => localStorage.getItem('ad_metrics'))) ?? '{}').adsense?.impressions,
    )
    .toBeGreaterThanOrEqual(1);
});

test('window.adDebug forces a platform (kept for later visits), rejects bad names, clears; ?ad_debug=1 logs', async ({
  page,
}) => {
  const logs: string[] = [];
  page.on('console', (m) => logs.push(m.text()));
  await page.goto('/coupons?ad_debug=1');
  await waitForIslands(page);
  await page.waitForFunction(() => 'adDebug' in window);
  expect(
    await page.evaluate(() =>
      (window as unknown as { adDebug: { force(n: string): unknown } }).adDebug.force('myspace'),
    ),
  ).toBeNull();
  expect(logs.some((l) => l.includes('Invalid ad platform "myspace". Valid platforms:'))).toBe(true);
  expect(
    await page.evaluate(() =>
      (window as unknown as { adDebug: { force(n: string): unknown } }).adDebug.force('adsterra'),
    ),
  ).toBe('adsterra');
  await page.reload();
  await waitForIslands(page);
  await firstGetCode(page).click();
  await expect(page.getByRole('dialog').locator('[data-mock-ad]')).toHaveText(/^Mock ad · adsterra · /);
  const decisions = await page.evaluate(() =>
    (
      window as unknown as { adDebug: { decisions(): { platform: string; reasoning: string[] }[] } }
    ).adDebug.decisions(),
  );
  expect(decisions.at(-1)).toMatchObject({
    platform: 'adsterra',
    reasoning: ['forced by ad_force_platform: adsterra'],
  });
  expect(logs.some((l) => l.startsWith('[ads] decision'))).toBe(true);
  await expect.poll(() => logs.some((l) => l.startsWith('[ads] viewable'))).toBe(true);
  await page.keyboard.press('Escape');
  // A platform that cannot render (facebook) is passed over: the scores decide, and the log says why.
  await page.evaluate(() =>
    (window as unknown as { adDebug: { force(n: string): unknown } }).adDebug.force('facebook'),
  );
  await firstGetCode(page).click();
  await expect(page.getByRole('dialog').locator('[data-mock-ad]')).toHaveText(/^Mock ad · (adsense|adsterra) · /);
  const passedOver = await page.evaluate(() =>
    (window as unknown as { adDebug: { decisions(): { reasoning: string[] }[] } }).adDebug.decisions().at(-1),
  );
  expect(passedOver?.reasoning[0]).toBe('forced facebook cannot render ads: the scores decide');
  await page.keyboard.press('Escape');
  await page.evaluate(() => (window as unknown as { adDebug: { clear(): void } }).adDebug.clear());
  expect(await page.evaluate(() => localStorage.getItem('ad_force_platform'))).toBeNull();
});

test('no layout shift while mock ads load: home, coupons and an open code modal', async ({ page }) => {
  test.setTimeout(60_000);
  await pinRandom(page);
  await trackLayoutShift(page);
  const figures: string[] = [];
  for (const path of ['/', '/coupons']) {
    await page.goto(path);
    await waitForIslands(page);
    await expect(page.locator('[data-ad-page-slot="top"] [data-mock-ad]')).toBeVisible();
    await page.mouse.wheel(0, 50_000);
    await page.waitForTimeout(1500);
    const { cls, shifts } = await layoutShift(page);
    figures.push(`${path} ${cls.toFixed(4)}`);
    expect(cls, shifts.join(', ')).toBeLessThanOrEqual(0.01);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await firstGetCode(page).click();
  await expect(page.getByRole('dialog').locator('[data-mock-ad]')).toBeVisible();
  await page.waitForTimeout(1000);
  const { cls, shifts } = await layoutShift(page);
  figures.push(`/coupons + modal ${cls.toFixed(4)}`);
  console.log(`summed layout shift, mock ads: ${figures.join('; ')} (limit 0.01)`);
  expect(cls, shifts.join(', ')).toBeLessThanOrEqual(0.01);
});
