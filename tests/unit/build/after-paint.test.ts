import { describe, expect, it } from 'vitest';
import {
  AFTER_PAINT_LOADER,
  afterPaintScripts,
  deferUntilPainted,
  INLINE_ICON_BYTES,
  inlineSmallIcon,
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
  });
});

describe('a small SVG icon in the page', () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1" fill=\'red\'/></svg>';
  it('becomes a data: address the browser reads back to the same SVG', () => {
    const out = inlineSmallIcon(PAGE, (href) => (href === '/favicon.svg' ? svg : undefined));
    const href = /<link rel="icon" href="([^"]+)"/.exec(out)?.[1] ?? '';
    expect(href.startsWith('data:image/svg+xml,')).toBe(true);
    expect(decodeURIComponent(href.slice('data:image/svg+xml,'.length))).toBe(svg);
    expect(href).not.toMatch(/["'<>\s]/);
  });

  it('stays a file when it is large or unknown', () => {
    const big = `<svg>${'x'.repeat(INLINE_ICON_BYTES)}</svg>`;
    expect(inlineSmallIcon(PAGE, () => big)).toBe(PAGE);
    expect(inlineSmallIcon(PAGE, () => undefined)).toBe(PAGE);
  });
});
