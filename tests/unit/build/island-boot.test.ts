/**
 * Issue 31, listing HTML at most 90 KB: Astro's island runtime, its directive scripts and the
 * page-data loader leave the large pages for one cached file, started after the first paint with
 * the page's other scripts (scripts/lib/build-sites/island-boot.ts). Checked on Astro's own
 * prebuilt scripts: the file defines what the pages held, in the order they need, and a page keeps
 * its scripts when nothing would start the file or it is small.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BootScripts,
  bootScriptKind,
  moveIslandBoot,
  moveIslandBootInSite,
} from '../../../scripts/lib/build-sites/island-boot.ts';
import { pageDataLoaderScript } from '../../../src/page-data/load.ts';

/**
 * Astro's own prebuilt scripts, as its renderer writes them into pages. Not in its exports map:
 * read from the file (`var x = \`…\`; export { x as default }`), the template literal evaluated.
 */
function prebuilt(path: string): string {
  const source = readFileSync(join('node_modules/astro/dist/runtime', path), 'utf8');
  const literal = /=\s*(`[\s\S]*`);\s*export/.exec(source)?.[1];
  if (!literal) throw new Error(`${path}: no template literal`);
  return new Function(`return ${literal}`)() as string;
}
const islandRuntime = prebuilt('server/astro-island.prebuilt.js');
const idleDirective = prebuilt('client/idle.prebuilt.js');
const visibleDirective = prebuilt('client/visible.prebuilt.js');

/** A custom directive as Astro's build writes it (esbuild iife, minified). */
const painted = `(()=>{var e=(t,o)=>{};(self.Astro||(self.Astro={})).painted=e;window.dispatchEvent(new Event("astro:painted"));})();`;
const AFTER = `<script type="application/json" id="after-paint">{"css":["/_astro/a.css"],"js":["/_astro/chrome.js"]}</script><script>loader()</script>`;
const PAD = `<p>${'card '.repeat(14_000)}</p>`;

function page({ directives = [idleDirective], loader = true, after = true, pad = PAD } = {}): string {
  const data = loader
    ? `<script type="application/json" id="page-data" data-src="/_astro/page-data.x.json"></script><script>${pageDataLoaderScript()}</script>`
    : '';
  const boot = `${directives.map((d) => `<script>${d}</script>`).join('')}<script>${islandRuntime}</script>`;
  return `<html><head><script>document.documentElement.className='js'</script></head><body>${pad}${data}${boot}<astro-island uid="a" ssr client="idle"></astro-island>${after ? AFTER : ''}</body></html>`;
}

describe('island boot scripts in one file', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it("recognises Astro's runtime, its directives (built-in and custom) and the data loader, nothing else", () => {
    expect(bootScriptKind(islandRuntime)).toEqual({ kind: 'runtime' });
    expect(bootScriptKind(idleDirective)).toEqual({ kind: 'directive', name: 'idle' });
    expect(bootScriptKind(visibleDirective)).toEqual({ kind: 'directive', name: 'visible' });
    expect(bootScriptKind(painted)).toEqual({ kind: 'directive', name: 'painted' });
    expect(bootScriptKind(pageDataLoaderScript())).toEqual({ kind: 'loader' });
    expect(bootScriptKind("document.documentElement.className='js'")).toBeNull();
    expect(bootScriptKind('window.Astro = 1')).toBeNull();
  });

  it('the file holds the loader first, every directive the pages use, then the runtime', () => {
    const known = new BootScripts();
    known.add(page({ directives: [visibleDirective, painted] }));
    known.add(page({ directives: [idleDirective], loader: false }));
    const text = known.text() ?? '';
    const at = (s: string) => text.indexOf(s.trim().replace(/;$/, ''));
    expect(at(pageDataLoaderScript())).toBe(0);
    for (const d of [idleDirective, painted, visibleDirective]) {
      expect(at(d)).toBeGreaterThan(0);
      expect(at(d)).toBeLessThan(at(islandRuntime));
    }
  });

  it('a large page loses its boot scripts and starts the file at the first paint, with the stylesheet', () => {
    const html = page();
    const known = new BootScripts();
    known.add(html);
    const out = moveIslandBoot(html, '/_astro/islands.abc.js', known);
    expect(out).not.toContain('customElements.define');
    expect(out).not.toContain('astro:idle');
    expect(out).not.toContain('installPageDataLoader');
    // The page's other inline script, its data element and its islands stay.
    expect(out).toContain("<script>document.documentElement.className='js'</script>");
    expect(out).toContain('id="page-data" data-src="/_astro/page-data.x.json"');
    expect(out).toContain('<astro-island uid="a" ssr client="idle">');
    const data = JSON.parse(/id="after-paint">([^<]*)</.exec(out)?.[1] ?? '{}');
    expect(data).toEqual({ css: ['/_astro/a.css'], js: ['/_astro/chrome.js'], boot: ['/_astro/islands.abc.js'] });
    expect(Buffer.byteLength(html) - Buffer.byteLength(out)).toBeGreaterThan(4000);
  });

  it('a page keeps its scripts when it is small, has no after-paint data, or holds a script the file lacks', () => {
    const known = new BootScripts();
    known.add(page());
    const small = page({ pad: '<p>card</p>' });
    expect(moveIslandBoot(small, '/_astro/islands.abc.js', known)).toBe(small);
    const noAfter = page({ after: false });
    expect(moveIslandBoot(noAfter, '/_astro/islands.abc.js', known)).toBe(noAfter);
    const other = page({ directives: [visibleDirective] });
    expect(moveIslandBoot(other, '/_astro/islands.abc.js', known)).toBe(other);
  });

  it('a large page whose islands all wait for the first input loads them from the file too (its HTML stays small)', () => {
    const known = new BootScripts();
    known.add(page());
    const waiting = page().replace('client="idle"', 'client="interaction"');
    const out = moveIslandBoot(waiting, '/_astro/islands.abc.js', known);
    expect(out).not.toBe(waiting);
    expect(out).not.toContain('customElements.define');
    expect(JSON.parse(/id="after-paint">([^<]*)</.exec(out)?.[1] ?? '{}').boot).toEqual(['/_astro/islands.abc.js']);
  });

  it('over a built folder: one file named by its content, the pages pointing at it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'island-boot-'));
    dirs.push(dir);
    mkdirSync(join(dir, '_astro'));
    mkdirSync(join(dir, 'fr'));
    writeFileSync(join(dir, 'coupons.html'), page({ directives: [painted] }));
    writeFileSync(join(dir, 'fr', 'deals.html'), page({ directives: [idleDirective, painted] }));
    writeFileSync(join(dir, 'about.html'), '<html><body><p>no islands</p></body></html>');
    const { pages, file } = await moveIslandBootInSite(dir);
    expect(pages).toBe(2);
    expect(readdirSync(join(dir, '_astro'))).toEqual([file]);
    expect(file).toMatch(/^islands\.[0-9a-f]{16}\.js$/);
    const code = readFileSync(join(dir, '_astro', file as string), 'utf8');
    expect(code).toContain('astro-island');
    expect(code).toContain('astro:painted');
    expect(code).toContain('astro:idle');
    for (const p of ['coupons.html', 'fr/deals.html']) {
      const out = readFileSync(join(dir, p), 'utf8');
      expect(out).toContain(`"js":["/_astro/chrome.js"],"boot":["/_astro/${file}"]`);
      expect(out).not.toContain('customElements.define');
    }
    expect(readFileSync(join(dir, 'about.html'), 'utf8')).toBe('<html><body><p>no islands</p></body></html>');
  });
});
