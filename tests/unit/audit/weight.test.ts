import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Budget } from '../../../scripts/lib/audit/budgets.ts';
import { discoverPages, PAGE_TYPES, type PageType } from '../../../scripts/lib/audit/pages.ts';
import { islandPropsBytes, measurePage, runWeightGate } from '../../../scripts/lib/audit/weight.ts';
import { copyOfGood, edit } from './fixture.ts';

describe('what the weight gate counts as JS before interaction', () => {
  it('follows static imports, counts eager islands, skips dynamic imports', () => {
    const dir = copyOfGood();
    edit(dir, '_astro/app.js', () => 'import{a as b}from"./shared.js";import"./side.js";b();import("./lazy.js");\n');
    edit(dir, '_astro/shared.js', () => 'export const a=()=>1;\n');
    edit(dir, '_astro/side.js', () => 'console.log(1);\n');
    edit(dir, '_astro/lazy.js', () => 'export default 1;\n');
    edit(dir, '_astro/Island.js', () => 'import"./shared.js";export default ()=>null;\n');
    edit(dir, '_astro/client.js', () => 'export default ()=>null;\n');
    edit(dir, 'about.html', (t) =>
      t.replace(
        '</main>',
        '<astro-island uid="1" component-url="/_astro/Island.js" renderer-url="/_astro/client.js" client="visible"></astro-island></main>',
      ),
    );
    const page = discoverPages(dir).find((p) => p.url === '/about')!;
    const w = measurePage(dir, page);
    expect(w.jsFiles.sort()).toEqual([
      '/_astro/Island.js',
      '/_astro/app.js',
      '/_astro/client.js',
      '/_astro/shared.js',
      '/_astro/side.js',
    ]);
    expect(w.cssFiles).toEqual(['/_astro/style.css']);
    expect(w.missing).toEqual([]);
  });

  it('reports scripts from another origin and files missing from the build', () => {
    const dir = copyOfGood();
    edit(dir, 'about.html', (t) =>
      t.replace(
        '</body>',
        '<script src="https://ads.example/tag.js"></script><script type="module" src="/_astro/gone.js"></script></body>',
      ),
    );
    const page = discoverPages(dir).find((p) => p.url === '/about')!;
    const w = measurePage(dir, page);
    expect(w.foreign).toEqual(['https://ads.example/tag.js']);
    expect(w.missing).toEqual(['/_astro/gone.js']);
  });
});

describe('the HTML of a page without its island props (issue 31)', () => {
  const props = `{"offers":[[0,{"id":[0,1],"name":[0,"${'x'.repeat(3000)}"]}]]}`;
  const island = `<astro-island uid="a" component-url="/_astro/Island.js" client="interaction" props='${props}'></astro-island>`;
  const box = `<div data-search-box data-props="{&quot;lang&quot;:&quot;en&quot;}"></div>`;

  it('counts the props of every island, the data-props of the search boxes and the page-data script, nothing else', () => {
    const data = '<script type="application/json" id="page-data">{"o":{"c1":{"title":"15% off"}}}</script>';
    const html = `<main class="x" data-props-like="1">${data}${island}${box}<p props='not an island'></p><script type="application/ld+json">{}</script></main>`;
    expect(islandPropsBytes(html)).toBe(
      data.length + ` props='${props}'`.length + ' data-props="{&quot;lang&quot;:&quot;en&quot;}"'.length,
    );
    expect(islandPropsBytes('<main><p>no islands</p></main>')).toBe(0);
  });

  it('fails a page whose markup, inline CSS and scripts are over budget, whatever its props weigh', async () => {
    const dir = copyOfGood();
    edit(dir, 'about.html', (t) => t.replace('</body>', `${island}</body>`));
    const budget = (htmlNoPropsKB: number) =>
      Object.fromEntries(
        PAGE_TYPES.map((t) => [
          t,
          { htmlKB: 100, htmlNoPropsKB, jsKB: 100, jsRequests: 10, cssKB: 10, reason: 'test' },
        ]),
      ) as Record<PageType, Budget>;
    const page = discoverPages(dir).find((p) => p.url === '/about')!;
    const w = measurePage(dir, page);
    expect(w.html - w.htmlNoProps).toBeGreaterThan(3000);
    const roomy = await runWeightGate({ dir, budgets: budget(Math.ceil(w.htmlNoProps / 1024)), browser: false });
    expect(roomy.failures).toEqual([]);
    const tight = await runWeightGate({ dir, budgets: budget(Math.floor(w.htmlNoProps / 1024) - 0.5), browser: false });
    expect(tight.failures).toContainEqual(
      expect.stringMatching(/^\/about \(content\): HTML without island props [\d.]+ KB over budget/),
    );
  });
});

describe('listing pages at most 90 KB of HTML (issue 31)', () => {
  it('fails a home or brand page over 90 KB even when its budget would allow it', async () => {
    const dir = copyOfGood();
    const roomy = Object.fromEntries(
      PAGE_TYPES.map((t) => [
        t,
        { htmlKB: 500, htmlNoPropsKB: 500, jsKB: 100, jsRequests: 10, cssKB: 10, reason: 'test' },
      ]),
    ) as Record<PageType, Budget>;
    const home = discoverPages(dir).find((p) => p.type === 'home')!;
    expect((await runWeightGate({ dir, budgets: roomy, browser: false })).failures).toEqual([]);
    edit(dir, relative(dir, home.file), (t) => t.replace('</body>', `<p>${'x'.repeat(95 * 1024)}</p></body>`));
    const heavy = await runWeightGate({ dir, budgets: roomy, browser: false });
    expect(heavy.failures).toContainEqual(
      expect.stringMatching(
        new RegExp(`^${home.url} \\(home\\): HTML [\\d.]+ KB, over issue 31's 90 KB for a listing page`),
      ),
    );
  });
});
