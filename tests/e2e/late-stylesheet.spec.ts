/**
 * Issue 43 point 1: nothing moves when the after-paint stylesheet applies. Each page paints
 * with its inline critical CSS while the stylesheet's request is held (and its module scripts
 * are refused, so that only the stylesheet changes the page); the boxes of the elements
 * in the viewport are read after the first paint, the stylesheet is let through, and once it has
 * applied (and the page has loaded, and its fonts are settled) every box must be where it was.
 * In Chromium the layout-shift entries recorded over the whole load must also sum to (nearly)
 * zero; Firefox has no layout-shift entries, so there the boxes alone are compared.
 */
import { expect, type Page, test } from '@playwright/test';
import { FIREFOX_LIMITS } from './firefox-limits.ts';

const PAGES = [
  '/',
  '/coupons',
  '/deals',
  '/brands',
  '/brands/brickplay',
  '/categories',
  '/categories/automotive',
  '/blog',
  '/blog/black-friday-checklist',
  '/search?q=shoes',
  '/contact',
  '/about',
  '/help',
];
const WIDTHS = [360, 1280, 1440];

type Box = { what: string; box: [number, number, number, number] };

/** The boxes (to 1/10 px) of the elements in the viewport, in document order. */
const boxes = (page: Page) =>
  page.evaluate((): Box[] => {
    const out: Box[] = [];
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.bottom < 0 || r.top > window.innerHeight) continue;
      const round = (v: number) => Math.round(v * 10) / 10;
      const cls = typeof el.className === 'string' ? el.className.slice(0, 60) : '';
      out.push({
        what: `${el.tagName.toLowerCase()}.${cls}`,
        box: [round(r.x), round(r.y), round(r.width), round(r.height)],
      });
    }
    return out;
  });

for (const width of WIDTHS) {
  for (const path of PAGES) {
    test.describe(() => {
      test.skip(({ browserName }) => browserName === 'firefox' && width === 1440, FIREFOX_LIMITS.oneDesktopWidth);
      test(`${path} at ${width} px: nothing moves when the stylesheet applies after the first paint`, async ({
        page,
        browserName,
      }) => {
        await page.setViewportSize({ width, height: 720 });
        await page.addInitScript(() => {
          (window as unknown as { __shifts: [number, number][] }).__shifts = [];
          if (PerformanceObserver.supportedEntryTypes?.includes('layout-shift')) {
            new PerformanceObserver((list) => {
              for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
                if (!e.hadRecentInput)
                  (window as unknown as { __shifts: [number, number][] }).__shifts.push([e.startTime, e.value]);
            }).observe({ type: 'layout-shift', buffered: true });
          }
        });
        let release = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        let sheets = 0;
        await page.route(/\/_astro\/[^?]*\.css(\?|$)/, async (route) => {
          sheets++;
          await held;
          await route.continue();
        });
        // The page's module scripts (islands hydrating, labels such as "Ends in 40 h" rewritten)
        // are kept out: what is measured is the stylesheet alone.
        await page.route(/\/_astro\/[^?]*\.m?js(\?|$)/, (route) => route.abort());
        await page.goto(path, { waitUntil: 'domcontentloaded' });
        // Painted with the inline CSS: two frames after the parser has finished and the fonts the
        // inline CSS names have settled (Inter, `font-display: optional`, is used only if it arrives
        // within its short block period, while the text is not yet shown; the layout-shift sum below
        // covers that period too).
        // Firefox's fonts.ready also waits for the held stylesheet: there the wait ends once no font
        // face the page knows is still loading (checked every frame), and after 2 s at most.
        await page.evaluate(async (firefox) => {
          const noFaceLoading = new Promise<void>((resolve) => {
            const check = () =>
              [...document.fonts].some((f) => f.status === 'loading') ? requestAnimationFrame(check) : resolve();
            requestAnimationFrame(check);
          });
          await Promise.race([
            document.fonts.ready,
            ...(firefox ? [noFaceLoading] : []),
            new Promise((r) => setTimeout(r, 2000)),
          ]);
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        }, browserName === 'firefox');
        await expect
          .poll(() => sheets, { message: 'the page requests its stylesheet after the first paint' })
          .toBeGreaterThan(0);
        const before = await boxes(page);
        expect(before.length).toBeGreaterThan(5);
        const releasedAt = await page.evaluate(() => performance.now());
        release();
        await page.waitForLoadState('load');
        await expect
          .poll(() =>
            page.evaluate(() =>
              [...document.styleSheets].some((s) => s.href !== null && /\/_astro\/.*\.css/.test(s.href)),
            ),
          )
          .toBe(true);
        await page.evaluate(async () => {
          await document.fonts.ready;
          await new Promise((r) => setTimeout(r, 300));
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        });
        const after = await boxes(page);
        const moved = before
          .map((b, i) => ({ b, a: after[i] }))
          .filter(
            ({ a, b }) => a === undefined || a.what !== b.what || a.box.some((v, k) => Math.abs(v - b.box[k]!) > 0.5),
          )
          .slice(0, 8)
          .map(({ a, b }) => `${b.what} ${JSON.stringify(b.box)} -> ${a ? JSON.stringify(a.box) : 'gone'}`);
        expect(moved, 'elements that moved or resized when the stylesheet applied').toEqual([]);
        if (browserName === 'chromium') {
          // The layout shift from the moment the stylesheet was let through.
          const shift = await page.evaluate(
            (from) =>
              (window as unknown as { __shifts: [number, number][] }).__shifts
                .filter(([at]) => at >= from)
                .reduce((sum, [, value]) => sum + value, 0),
            releasedAt,
          );
          expect(shift).toBeLessThan(0.0005);
        }
      });
    });
  }
}
