import { describe, expect, it } from 'vitest';
import { discoverPages } from '../../../scripts/lib/audit/pages.ts';
import { measurePage } from '../../../scripts/lib/audit/weight.ts';
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
