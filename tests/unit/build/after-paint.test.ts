import { describe, expect, it } from 'vitest';
import {
  AFTER_PAINT_LOADER,
  afterPaintScripts,
  deferUntilPainted,
} from '../../../scripts/lib/build-sites/after-paint.ts';

const PAGE =
  '<html><head><link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>.a{}</style></head><body><p>Hi</p>' +
  '<link rel="stylesheet" href="/_astro/site.css"><script type="module">inline()</script>' +
  '<script type="module" src="/_astro/Chrome.js"></script></body></html>';

describe('nothing but the HTML before the first paint', () => {
  it('takes the stylesheet and module scripts out of the markup and lists them for the loader', () => {
    const out = deferUntilPainted(PAGE);
    const markup = out.replace(/<noscript>[\s\S]*?<\/noscript>/, '');
    expect(markup).not.toContain('<link rel="stylesheet"');
    expect(markup).not.toContain('src="/_astro/Chrome.js"');
    const data = /<script type="application\/json" id="after-paint">([^<]*)<\/script>/.exec(out)?.[1];
    expect(JSON.parse(data!)).toEqual({ css: ['/_astro/site.css'], js: ['/_astro/Chrome.js'] });
    expect(afterPaintScripts(data!)).toEqual(['/_astro/Chrome.js']);
    // Inline module code stays where it was; the loader is the same on every page (one CSP hash).
    expect(out).toContain('<script type="module">inline()</script>');
    expect(out).toContain(`<script>${AFTER_PAINT_LOADER}</script></body>`);
  });

  it('keeps the stylesheet for a browser without JavaScript', () => {
    expect(deferUntilPainted(PAGE)).toContain('<noscript><link rel="stylesheet" href="/_astro/site.css"></noscript>');
  });

  it('leaves a page with nothing to start alone, and does not rewrite a page twice', () => {
    const bare = '<html><head></head><body><p>Hi</p></body></html>';
    expect(deferUntilPainted(bare)).toBe(bare);
    const once = deferUntilPainted(PAGE);
    expect(deferUntilPainted(once)).toBe(once);
  });

  it('leaves other hosts alone (only this site’s own files are listed)', () => {
    const html = '<body><script type="module" src="https://cdn.example/x.js"></script></body>';
    expect(deferUntilPainted(html)).toBe(html);
  });

  it('reads no scripts from unreadable data', () => {
    expect(afterPaintScripts('{')).toEqual([]);
    expect(afterPaintScripts('{"js":[1,"/a.js"]}')).toEqual(['/a.js']);
    // The island runtime's file (boot) counts too, first: it starts with the stylesheets.
    expect(afterPaintScripts('{"js":["/a.js"],"boot":["/islands.js"]}')).toEqual(['/islands.js', '/a.js']);
  });
});
