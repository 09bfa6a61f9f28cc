/**
 * Interaction to next paint on a phone profile: a 375 px touch viewport with the CPU slowed 4x
 * through the DevTools protocol, measured in the page with the Event Timing API (the same
 * entries the web-vitals INP metric reads: the longest event of the interaction, from input to
 * the next paint). Three first interactions, each on a freshly loaded page whose islands have
 * hydrated: the first Get Code tap, the first filter change and the first keystroke in the
 * search box.
 *
 * Each test checks that the interaction did what a shopper expects (the modal opened, the list
 * changed, the suggestions appeared) and that the browser measured it, and prints the figure.
 * The target (≤ 200 ms, issue 14) is not asserted here — timing assertions make a suite flaky on
 * a loaded machine; the figures are in the run's log and in README.md.
 */
import { type CDPSession, expect, type Page, test } from '@playwright/test';
import { FIREFOX_LIMITS } from '../firefox-limits.ts';
import { waitForIslands } from '../shopper-helpers.ts';

test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
test.skip(({ browserName }) => browserName === 'firefox', FIREFOX_LIMITS.noCdp);

const TARGET_MS = 200;

async function phone(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // Collect every event timing entry from the start (16 ms is the smallest threshold allowed).
  await page.addInitScript(() => {
    const w = window as unknown as { __events: { name: string; id: number; duration: number }[] };
    w.__events = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as PerformanceEventTiming[])
        if (e.interactionId) w.__events.push({ name: e.name, id: e.interactionId, duration: e.duration });
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  });
  return cdp;
}

/** The INP of the page's first interaction: its longest event (ms), once the browser reported it. */
async function firstInteraction(page: Page): Promise<{ inp: number; events: string[] }> {
  // Entries arrive after the next paint; give the observer a moment (polling, not a fixed wait).
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __events: unknown[] }).__events.length), {
      message: 'the browser reported an event timing entry for the interaction',
    })
    .toBeGreaterThan(0);
  const events = await page.evaluate(
    () => (window as unknown as { __events: { name: string; id: number; duration: number }[] }).__events,
  );
  const first = Math.min(...events.map((e) => e.id));
  const mine = events.filter((e) => e.id === first);
  return { inp: Math.max(...mine.map((e) => e.duration)), events: mine.map((e) => `${e.name} ${e.duration} ms`) };
}

function report(label: string, r: { inp: number; events: string[] }): void {
  const verdict = r.inp <= TARGET_MS ? 'within' : 'OVER';
  console.log(`INP ${label}: ${r.inp} ms (${verdict} the ${TARGET_MS} ms target; ${r.events.join(', ')})`);
  test.info().annotations.push({ type: 'INP', description: `${label}: ${r.inp} ms` });
}

test('first Get Code tap opens the code modal', async ({ page }) => {
  await phone(page);
  await page.goto('/coupons');
  await waitForIslands(page);
  // Entries from page load (none have an interactionId) are ignored; start from a clean list.
  await page.evaluate(() => {
    (window as unknown as { __events: unknown[] }).__events.length = 0;
  });
  const button = page
    .locator('#coupons-list, main')
    .getByRole('button', { name: /Get Code/ })
    .first();
  await button.scrollIntoViewIfNeeded();
  await button.tap();
  await expect(page.getByRole('dialog')).toBeVisible();
  report('first Get Code tap (/coupons)', await firstInteraction(page));
});

test('first filter change updates the list', async ({ page }) => {
  await phone(page);
  await page.goto('/coupons');
  await waitForIslands(page);
  const select = page.locator('#coupon-filter-category');
  const before = await page.locator('main').getByRole('heading', { level: 3 }).allTextContents();
  await select.focus();
  await page.evaluate(() => {
    (window as unknown as { __events: unknown[] }).__events.length = 0;
  });
  // A key press on the closed select picks the next category: a real (trusted) input event.
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(/[?&]category=\d+/);
  await expect
    .poll(() => page.locator('main').getByRole('heading', { level: 3 }).allTextContents())
    .not.toEqual(before);
  report('first filter change (/coupons category)', await firstInteraction(page));
});

test('first keystroke in the search box shows suggestions', async ({ page }) => {
  await phone(page);
  await page.goto('/search');
  await waitForIslands(page);
  // Before its first use the box is a plain search field; the tap loads the suggestions island.
  const box = page.locator('main input[name="q"]').first();
  await box.tap();
  await expect(page.getByRole('main').getByRole('combobox')).toBeFocused();
  await page.evaluate(() => {
    (window as unknown as { __events: unknown[] }).__events.length = 0;
  });
  // "co": a prefix of sample brands (Cozy Corner, …): suggestions after the second key.
  await page.keyboard.type('c');
  await page.keyboard.type('o');
  await expect(page.getByRole('listbox')).toBeVisible();
  report('first keystroke in the search box (/search)', await firstInteraction(page));
});
