/**
 * The policy-safe modal ad (issue 25) on /test/modal-ad, a local host (mock ads), consent
 * accepted: in every ad position the ad is apart from "Copy Code & Visit Store" (offer details
 * on top, at least MIN_AD_BUTTON_GAP px and a divider at the bottom), and at 360x640 the button is
 * in view without scrolling (a top ad shrinks to 320x50 or goes). The page shows the distance.
 */
import { expect, type Page, test } from '@playwright/test';
import { waitForIslands } from '../shopper-helpers.ts';

const MIN_GAP = 48;
const SCENARIOS = ['topLarge', 'topSmall', 'bottom', 'top70', 'top90', 'top50'] as const;

async function openScenario(page: Page, id: string) {
  await page.locator(`[data-scenario="${id}"]`).click();
  const modal = page.getByTestId('code-modal');
  await expect(modal).toBeVisible();
  const run = page.locator('[data-runs] tbody tr').first();
  await expect(run).toHaveAttribute('data-run-scenario', id);
  await expect(run).not.toHaveAttribute('data-in-view', '');
  return { modal, run };
}

async function geometry(page: Page) {
  return page.evaluate(() => {
    const modal = document.querySelector('[data-testid="code-modal"]') as HTMLElement;
    const button = document.activeElement as HTMLElement;
    const ad = modal.querySelector('[data-ad-container]');
    const panel = [
      ...(function* up(el: HTMLElement | null) {
        for (let p = el?.parentElement; p; p = p.parentElement) yield p;
      })(button),
    ].find((p) => ['auto', 'scroll'].includes(getComputedStyle(p).overflowY));
    const r = (el: Element | null | undefined) => {
      const b = el?.getBoundingClientRect();
      return b ? { top: b.top, bottom: b.bottom } : null;
    };
    return {
      buttonText: button.textContent,
      button: r(button)!,
      panel: r(panel) ?? { top: 0, bottom: innerHeight },
      ad: r(ad),
      position: modal.querySelector('[data-ad-position]')?.getAttribute('data-ad-position') ?? null,
      scrollTop: panel?.scrollTop ?? 0,
      viewport: innerHeight,
    };
  });
}

for (const size of [
  { width: 360, height: 640 },
  { width: 375, height: 667 },
  { width: 1280, height: 900 },
]) {
  test(`modal ad at ${size.width}x${size.height}: apart from the main button, which is in view, in every position`, async ({
    page,
  }, info) => {
    test.setTimeout(60_000);
    await page.setViewportSize(size);
    await page.goto('/test/modal-ad');
    await waitForIslands(page);
    for (const id of SCENARIOS) {
      const { modal, run } = await openScenario(page, id);
      const g = await geometry(page);
      expect(g.buttonText).toMatch(/Copy Code & Visit Store|Visit Store/);
      // In view without scrolling: inside the panel's visible part and the viewport.
      expect(g.scrollTop).toBe(0);
      expect(g.button.top).toBeGreaterThanOrEqual(Math.max(0, g.panel.top));
      expect(g.button.bottom).toBeLessThanOrEqual(Math.min(g.viewport, g.panel.bottom));
      await expect(run).toHaveAttribute('data-in-view', 'true');
      if (g.ad) {
        const gap = g.ad.top >= g.button.bottom ? g.ad.top - g.button.bottom : g.button.top - g.ad.bottom;
        expect(gap).toBeGreaterThanOrEqual(MIN_GAP);
        await expect(run).toHaveAttribute('data-distance', String(Math.round(gap)));
        if (g.position === 'modal-top') {
          // The offer details (the code) lie between the ad and the button.
          const code = await modal.locator('[data-coupon-code]').boundingBox();
          expect(code!.y).toBeGreaterThan(g.ad.bottom);
          expect(code!.y + code!.height).toBeLessThan(g.button.top);
        }
        await expect(modal.locator('[data-ad-position]').getByText('Advertisement')).toBeVisible();
      }
      if (size.width === 360 && id === 'topLarge') {
        await page.screenshot({ path: info.outputPath(`modal-${id}-${size.width}.png`) });
        // 300x250 on top would push the button out of a 640 px screen: the box shrank or went.
        expect(await run.getAttribute('data-used-size')).not.toBe('300x250');
      }
      if (id === 'bottom' || (size.width === 1280 && id === 'topLarge')) {
        await page.screenshot({ path: info.outputPath(`modal-${id}-${size.width}.png`) });
      }
      await modal.getByRole('button', { name: 'Close' }).click();
      await expect(modal).toHaveCount(0);
    }
  });
}
