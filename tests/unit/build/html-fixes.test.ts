import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DomUtils, parseDocument } from 'htmlparser2';
import { afterEach, describe, expect, it } from 'vitest';
import { fixBuiltHtml, fixBuiltSite } from '../../../scripts/lib/build-sites/html-fixes.ts';

const ISLAND_STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';
const page = (head: string, body: string) =>
  `<!DOCTYPE html><html lang="en"><head>${head}</head><body>${body}</body></html>`;

/** The props attribute of the page's island, as a browser reads it. */
const islandProps = (html: string) =>
  DomUtils.findOne((e) => e.name === 'astro-island', parseDocument(html).children)?.attribs.props;

describe('fixBuiltHtml', () => {
  it('writes island props in single quotes: the same attribute value in fewer bytes', () => {
    const value = `{"name":[0,"Ben & Jerry's <b>"],"n":[0,1]}`;
    const escaped = value
      .replaceAll('&', '&amp;')
      .replaceAll('"', '&quot;')
      .replaceAll("'", '&#39;')
      .replaceAll('<', '&lt;');
    const html = page('', `<astro-island uid="1" props="${escaped}" ssr=""><p class="x">a</p></astro-island>`);
    const out = fixBuiltHtml(html);
    expect(out).not.toContain('&quot;');
    expect(out.length).toBeLessThan(html.length);
    expect(islandProps(out)).toBe(value);
    expect(islandProps(html)).toBe(value);
    expect(out).toContain('<p class="x">a</p>');
  });

  it('writes a search box’s data-props in single quotes too, nothing else', () => {
    const value = `{"messages":{"search":{"box.none":"Rien d'autre & <b>"}}}`;
    const escaped = value
      .replaceAll('&', '&amp;')
      .replaceAll('"', '&quot;')
      .replaceAll("'", '&#39;')
      .replaceAll('<', '&lt;');
    const other = `<p title="&quot;x&quot;">q</p>`;
    const html = page('', `<div class="search-box-host" data-search-box data-props="${escaped}"></div>${other}`);
    const out = fixBuiltHtml(html);
    const host = DomUtils.findOne((e) => e.attribs['data-search-box'] !== undefined, parseDocument(out).children);
    expect(host?.attribs['data-props']).toBe(value);
    expect(out).toContain(other);
    expect(out.length).toBeLessThan(html.length);
  });

  it('moves the island style from <body> to the end of <head>', () => {
    const html = page(
      '<title>t</title>',
      `<main><section>a</section> ${ISLAND_STYLE}<script>1</script><astro-island></astro-island></main>`,
    );
    expect(fixBuiltHtml(html)).toBe(
      page(
        `<title>t</title>${ISLAND_STYLE}`,
        '<main><section>a</section> <script>1</script><astro-island></astro-island></main>',
      ),
    );
  });

  it('keeps one copy when Astro wrote several (e.g. islands in separate templates)', () => {
    const html = page('', `${ISLAND_STYLE}<div></div>${ISLAND_STYLE}`);
    const out = fixBuiltHtml(html);
    expect(out.split(ISLAND_STYLE)).toHaveLength(2);
    expect(out.indexOf(ISLAND_STYLE)).toBeLessThan(out.indexOf('</head>'));
  });

  it('puts it before <body> in a page without a <head> tag (redirect pages)', () => {
    const html = `<!doctype html><title>x</title><meta http-equiv="refresh" content="0;url=/privacy"><body><a href="/privacy">go</a></body>${ISLAND_STYLE}`;
    expect(fixBuiltHtml(html)).toBe(
      `<!doctype html><title>x</title><meta http-equiv="refresh" content="0; url=/privacy">${ISLAND_STYLE}<body><a href="/privacy">go</a></body>`,
    );
  });

  it('writes the refresh delay and url with "; " (HTML standard syntax)', () => {
    expect(fixBuiltHtml('<meta http-equiv="refresh" content="0;url=/privacy">')).toBe(
      '<meta http-equiv="refresh" content="0; url=/privacy">',
    );
    expect(fixBuiltHtml('<meta http-equiv="refresh" content="5;URL=/a">')).toBe(
      '<meta http-equiv="refresh" content="5; url=/a">',
    );
  });

  it('leaves a page with nothing to fix byte for byte alone', () => {
    const html = page(`<title>t</title>${ISLAND_STYLE}`, '<meta http-equiv="refresh" content="0; url=/x"><p>hi</p>');
    expect(fixBuiltHtml(html)).toBe(html);
    const plain = page('<style>:root{--a:1}</style>', '<p>no islands</p>');
    expect(fixBuiltHtml(plain)).toBe(plain);
  });
});

describe('fixBuiltSite', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('rewrites every HTML file below the output folder and counts the changed ones', async () => {
    dir = mkdtempSync(join(tmpdir(), 'html-fixes-'));
    const bad = page('', `<p>x</p>${ISLAND_STYLE}`);
    const good = page('', '<p>ok</p>');
    writeFileSync(join(dir, 'index.html'), bad);
    writeFileSync(join(dir, 'ok.html'), good);
    writeFileSync(join(dir, 'data.json'), ISLAND_STYLE);
    mkdirSync(join(dir, 'es'));
    writeFileSync(join(dir, 'es', 'index.html'), bad);
    expect(await fixBuiltSite(dir)).toBe(2);
    expect(readFileSync(join(dir, 'es', 'index.html'), 'utf8')).toBe(page(ISLAND_STYLE, '<p>x</p>'));
    expect(readFileSync(join(dir, 'ok.html'), 'utf8')).toBe(good);
    expect(readFileSync(join(dir, 'data.json'), 'utf8')).toBe(ISLAND_STYLE);
  });
});
