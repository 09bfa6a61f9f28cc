/**
 * Issue 16 "Long names": the hostile fixture site has a very long site name (shown as the text
 * logo, its logo image is missing) and long navigation labels, in English and German. At every
 * width the header must not overflow, the name is cut with an ellipsis (the full name stays in
 * the link's accessible name and title), every navigation link stays reachable (inline or behind
 * the menu toggle) and the language select never covers the search box.
 * Screenshots of the header at each width are attached to the test report.
 */
import { expect, type Page, test } from '@playwright/test';

const WIDTHS = [320, 375, 768, 1024, 1280, 1440];
const PAGES = [
  {
    path: '/coupons',
    nav: ['Home Sweet Home of Savings', 'All Verified Coupon Codes', 'Every Partner Brand We Work With'],
  },
  {
    path: '/de',
    nav: [
      'Startseite für alle Sparfüchse',
      'Sämtliche verifizierten Gutscheincodes',
      'Alle Partnermarken, mit denen wir arbeiten',
    ],
  },
];

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

/** Visible header elements that stick out of the viewport, and the header's own overflow. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const out: string[] = [];
    const header = document.querySelector('header.site-header')!;
    for (const el of header.querySelectorAll<HTMLElement>('a, button, select, input, span, img, li')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if (el.closest('#site-nav') && !el.closest('#site-nav')!.checkVisibility()) continue;
      if (r.left < -0.5 || r.right > innerWidth + 0.5)
        out.push(`${el.tagName} ${Math.round(r.left)}…${Math.round(r.right)}`);
    }
    return { sticking: out, headerWidth: header.scrollWidth, viewport: innerWidth };
  });
}

for (const { path, nav } of PAGES) {
  test(`long site name and navigation labels fit the header at every width (${path})`, async ({ page }, testInfo) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: WIDTHS[0]!, height: 800 });
    await page.goto(path);
    for (const width of WIDTHS) {
      await test.step(`${width} px`, async () => {
        // Resized in place: the header must adapt live, not only on load.
        await page.setViewportSize({ width, height: 800 });
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        const header = page.locator('header.site-header');
        const logo = page.locator('[data-text-logo]');
        await expect(logo).toBeVisible();
        await testInfo.attach(`header-${path.replace(/\W/g, '') || 'home'}-${width}.png`, {
          body: await header.screenshot(),
          contentType: 'image/png',
        });

        const { sticking, headerWidth, viewport } = await overflow(page);
        expect(sticking, `elements outside the viewport at ${width} px`).toEqual([]);
        expect(headerWidth, `header overflows horizontally at ${width} px`).toBeLessThanOrEqual(viewport);
        // The name is cut, not clipped mid-letter, and still announced in full.
        expect(await logo.evaluate((el) => getComputedStyle(el).textOverflow)).toBe('ellipsis');
        await expect(page.locator('a.site-logo')).toHaveAttribute('title', /Absolutely Everything/);
        // The header stays a header: one row (plus the search row on small screens).
        expect((await header.boundingBox())!.height).toBeLessThanOrEqual(width < 768 ? 130 : 80);

        const select = page.locator('header [data-language-select]');
        const search = page.locator('header input[name="q"]:visible').first();
        const selectBox = (await select.boundingBox())!;
        const searchBox = (await search.boundingBox())!;
        expect(overlaps(selectBox, searchBox), `language select covers the search box at ${width} px`).toBe(false);
        expect(searchBox.width, `search box squeezed at ${width} px`).toBeGreaterThanOrEqual(140);
        // The box widens while focused (and the search island takes over): still clear of the select.
        await search.focus();
        await expect
          .poll(async () => {
            const focused = await page.locator('header input[name="q"]:focus').boundingBox();
            return focused ? overlaps((await select.boundingBox())!, focused) : 'not focused yet';
          }, `focused search box at ${width} px`)
          .toBe(false);
        await page.locator('header input[name="q"]:focus').blur();

        // Every navigation link is reachable: inline, or through the menu toggle.
        const toggle = page.getByRole('button', { name: /Open menu|Menü öffnen/ });
        const collapsed = await toggle.isVisible();
        if (collapsed) await toggle.click();
        for (const label of nav) {
          const link = page.locator('#site-nav').getByRole('link', { name: label });
          await expect(link).toBeVisible();
          const box = (await link.boundingBox())!;
          expect(box.x + box.width, `"${label}" outside the viewport at ${width} px`).toBeLessThanOrEqual(width + 0.5);
          // Not hidden under another part of the header (e.g. the search row on phones).
          const onTop = await link.evaluate((a) => {
            const r = a.getBoundingClientRect();
            return a.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
          });
          expect(onTop, `"${label}" covered at ${width} px`).toBe(true);
        }
        if (collapsed) await page.keyboard.press('Escape');
      });
    }
  });
}
