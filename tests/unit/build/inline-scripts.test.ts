// @vitest-environment happy-dom
/**
 * Issue 31: a static page's inline scripts are minified after the build
 * (scripts/lib/build-sites/inline-scripts.ts). They do the same thing in fewer bytes, the same
 * text gives the same script on every page (one CSP hash), and data scripts are left alone.
 */
import { describe, expect, it } from 'vitest';
import { minifyInlineScripts, minifyScript } from '../../../scripts/lib/build-sites/inline-scripts.ts';
import { earlyClicksScript } from '../../../src/page-chrome/early-clicks.ts';
import { installOfferSweep, offerSweepScript } from '../../../src/page-chrome/offer-sweep.ts';

const page = (body: string) => `<!DOCTYPE html><html><head></head><body>${body}</body></html>`;
const scripts = (html: string) => [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].map((m) => [m[1], m[2]]);

describe('inline scripts after the build', () => {
  it('are shorter, the same on every page, and data or external scripts are untouched', () => {
    const json = '<script type="application/json" id="page-data">{"strings":  {}}</script>';
    const ld = '<script type="application/ld+json">{"@type":  "Thing"}</script>';
    const ext = '<script type="module" src="/_astro/a.js"></script>';
    const html = page(
      `<script>${offerSweepScript()}</script>${json}${ld}${ext}<script>${earlyClicksScript()}</script>`,
    );
    const cache = new Map<string, string>();
    const out = minifyInlineScripts(html, cache);
    expect(out.length).toBeLessThan(html.length - 1500);
    expect(out).toContain(json);
    expect(out).toContain(ld);
    expect(out).toContain(ext);
    expect(minifyInlineScripts(html, new Map())).toBe(out);
    expect(cache.size).toBe(2);
    // A script that is already as short as it gets stays as it is.
    expect(minifyScript('a()', false)).toBe('a()');
    // Text that does not parse is kept, not broken.
    expect(minifyScript('if (', false)).toBe('if (');
  });

  it('keep a classic script’s global names, and a minified offer sweep still hides an ended card', () => {
    expect(minifyScript('var keepMe = 1; function alsoMe() { return keepMe }', false)).toMatch(/keepMe.*alsoMe/);
    const [[, sweep]] = scripts(minifyInlineScripts(page(`<script>${offerSweepScript()}</script>`))) as [
      [string, string],
    ];
    expect(sweep.length).toBeLessThan(offerSweepScript().length * 0.75);
    expect(sweep).not.toContain('installOfferSweep');
    document.body.innerHTML = `<ul><li><article data-ends-at="${Date.now() - 1000}"></article></li><li><article data-ends-at="${Date.now() + 3_600_000}"></article></li></ul>`;
    new Function(sweep)();
    document.dispatchEvent(new Event('DOMContentLoaded'));
    const items = [...document.querySelectorAll('li')];
    expect(items.map((li) => li.hidden)).toEqual([true, false]);
    expect(typeof installOfferSweep).toBe('function');
  });
});
