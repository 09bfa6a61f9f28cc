/**
 * Nothing but the HTML before the first paint (issue 31): a page paints from its HTML and inline
 * CSS alone; its stylesheet, module scripts, islands and their data file are asked for only after
 * the browser has painted it (scripts/lib/build-sites/after-paint.ts, client:painted), and then
 * the page is whole: the stylesheet applies, the page's script runs and the islands hydrate.
 * Checked from the browser's own record of when each request started, not from timings.
 * The web font is no longer among them (issue 43): Inter is `font-display: optional` with its
 * @font-face inline, so it is requested with the first layout but never blocks or moves the text.
 */
import { expect, test } from '@playwright/test';

const PAGES = [
  '/',
  '/coupons',
  '/es/deals',
  '/categories/electronics',
  '/brands/voltura',
  '/search?q=brickplay',
  '/about',
];

for (const path of PAGES) {
  test(`${path}: stylesheet and scripts start after the first paint, then the page is whole`, async ({ page }) => {
    await page.goto(path);
    // Whole: the site stylesheet is applied, the page's script has run, the islands hydrated.
    await page.waitForFunction(() =>
      [...document.styleSheets].some((s) => s.href !== null && new URL(s.href).pathname.endsWith('.css')),
    );
    // Islands that hydrate without input (below-the-fold client:visible ones wait to be seen).
    await page.waitForFunction(
      () =>
        document.querySelectorAll('astro-island[ssr]:not([client="interaction"]):not([client="visible"])').length === 0,
    );
    const record = await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
      const own = performance
        .getEntriesByType('resource')
        .filter(
          (r) =>
            new URL(r.name).origin === location.origin &&
            /\.(css|js)$|\/page-data\.[\w-]+\.json$/.test(new URL(r.name).pathname),
        )
        .map((r) => ({ path: new URL(r.name).pathname, start: r.startTime }));
      const listed = JSON.parse(document.getElementById('after-paint')?.textContent ?? '{}') as {
        js?: string[];
        boot?: string[];
      };
      // Astro's island runtime written into the page (left inline on small pages: island-boot.ts).
      const inlineRuntime = [...document.scripts].some((s) => !s.src && /customElements\.define\(/.test(s.text));
      return {
        fcp,
        own,
        listed: [...(listed.boot ?? []), ...(listed.js ?? [])],
        boot: listed.boot ?? [],
        inlineRuntime,
      };
    });
    // A large listing page loads the island runtime from its cached file, not from its HTML.
    if (record.boot.length > 0) expect(record.inlineRuntime).toBe(false);
    if (/^\/(coupons|es\/deals|categories\/)/.test(path)) expect(record.boot).toHaveLength(1);
    expect(record.fcp, 'the browser reported the first contentful paint').not.toBeNull();
    expect(record.own.some((r) => r.path.endsWith('.css'))).toBe(true);
    // Every module script the page lists for after its paint was started.
    expect(record.listed.length).toBeGreaterThan(0);
    for (const src of record.listed) expect(record.own.map((r) => r.path)).toContain(src);
    const early = record.own.filter((r) => r.start < record.fcp!).map((r) => r.path);
    expect(early, 'requests that started before the first paint').toEqual([]);
  });
}
