/**
 * Issue 23 "Long catalog names": the hostile catalog's names are long runs without spaces
 * (markup kept as text). At 360 and 375 px, in en and de, no page gets wider than the screen and no
 * text runs out of its box (a category icon that is text stays inside its tile).
 */
import { expect, type Page, test } from '@playwright/test';

const PATHS = ['/brands/hostile-brand', '/categories/hostile-one', '/brands', '/categories', '/', '/coupons', '/deals'];

/** How far the page scrolls sideways, and the elements whose text visibly runs out of their box. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (!el.checkVisibility() || el.clientWidth === 0) continue;
      const cs = getComputedStyle(el);
      if (cs.overflowX !== 'visible' || cs.display === 'inline') continue;
      if (el.scrollWidth > el.clientWidth + 1) {
        out.push(
          `${el.tagName.toLowerCase()} ${el.scrollWidth}>${el.clientWidth}: ${el.textContent?.trim().slice(0, 40)}`,
        );
      }
    }
    return { page: document.documentElement.scrollWidth - document.documentElement.clientWidth, boxes: out };
  });
}

for (const width of [360, 375]) {
  for (const lang of ['en', 'de']) {
    test(`long names stay inside the page and their boxes at ${width} px in ${lang}`, async ({ page }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width, height: 800 });
      for (const path of PATHS) {
        const url = lang === 'en' ? path : `/de${path === '/' ? '' : path}`;
        await page.goto(url);
        await expect(page.locator('h1')).toBeVisible();
        const o = await overflow(page);
        expect(o.page, `${url}: page wider than the screen`).toBe(0);
        expect(o.boxes, `${url}: text out of its box`).toEqual([]);
      }
    });
  }
}
