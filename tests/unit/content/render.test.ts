import { describe, expect, it } from 'vitest';
import {
  ContentError,
  fillText,
  fillTokens,
  inlineHtml,
  inlineText,
  localizeLinks,
  prepareBody,
  readingMinutes,
  splitBlocks,
} from '../../../src/content-helpers/render.ts';

const tokens = { siteName: 'Deals & Co', supportEmail: 'help@deals.example' };
const opts = { tokens, lang: 'es', defaultLang: 'en', where: 'test.md' };

describe('fillTokens', () => {
  it('fills plain and URL-encoded tokens, escaping values', () => {
    const html = '<p>{siteName}: <a href="mailto:%7BsupportEmail%7D">{supportEmail}</a></p>';
    expect(fillTokens(html, tokens)).toBe(
      '<p>Deals &amp; Co: <a href="mailto:help@deals.example">help@deals.example</a></p>',
    );
  });

  it('names the file and the token when a token is unknown, so no placeholder is published', () => {
    expect(() => fillTokens('<p>{siteNmae}</p>', tokens, 'pages/en/about.md')).toThrow(
      /pages\/en\/about\.md: unknown token \{siteNmae\}/,
    );
    expect(() => fillTokens('<p>{siteNmae}</p>', tokens)).toThrow(ContentError);
  });

  it('fillText leaves escaping to the template', () => {
    expect(fillText('About {siteName}', tokens)).toBe('About Deals & Co');
  });
});

describe('localizeLinks', () => {
  it('prefixes site paths with the language and keeps query and hash', () => {
    const html = '<a href="/help">a</a> <a href="/contact?x=1#form">b</a> <a href="/">c</a>';
    expect(localizeLinks(html, 'fr', 'en')).toBe(
      '<a href="/fr/help">a</a> <a href="/fr/contact?x=1#form">b</a> <a href="/fr">c</a>',
    );
  });

  it('leaves the default language, external, protocol-relative and mailto links alone', () => {
    const html = '<a href="https://x.example/help">a</a><a href="//cdn.example/x">b</a><a href="mailto:a@b.c">c</a>';
    expect(localizeLinks(html, 'de', 'en')).toBe(html);
    expect(localizeLinks('<a href="/help">a</a>', 'en', 'en')).toBe('<a href="/help">a</a>');
  });
});

describe('blocks', () => {
  it('splits rendered HTML at block markers, dropping empty parts', () => {
    expect(splitBlocks('<p>a</p>\n<!-- block:form -->\n<h2>b</h2><!--block:faq-->')).toEqual([
      { kind: 'html', html: '<p>a</p>\n' },
      { kind: 'block', name: 'form' },
      { kind: 'html', html: '\n<h2>b</h2>' },
      { kind: 'block', name: 'faq' },
    ]);
  });

  it('prepareBody rejects a block the page does not know', () => {
    expect(() => prepareBody('<!-- block:forms -->', { ...opts, blocks: ['form'] })).toThrow(/unknown block "forms"/);
    expect(prepareBody('<p>{siteName} <a href="/help">h</a></p>', { ...opts, blocks: [] })).toEqual([
      { kind: 'html', html: '<p>Deals &amp; Co <a href="/es/help">h</a></p>' },
    ]);
  });
});

describe('inline texts (FAQ answers, steps)', () => {
  it('escapes HTML, renders links and bold, fills tokens and localizes site links', () => {
    expect(inlineHtml('<b>x</b> **bold** [help](/help) [mail]({supportEmail})', opts)).toBe(
      '&lt;b&gt;x&lt;/b&gt; <strong>bold</strong> <a href="/es/help">help</a> <a href="help@deals.example">mail</a>',
    );
    expect(inlineHtml('[s](https://shop.example/?a=1&b=2)', opts)).toBe(
      '<a href="https://shop.example/?a=1&amp;b=2" rel="noopener noreferrer" target="_blank">s</a>',
    );
  });

  it('refuses javascript: and other link schemes', () => {
    expect(() => inlineHtml('[x](javascript:alert(1))', opts)).toThrow(/must be a site path/);
  });

  it('inlineText gives plain text for JSON-LD', () => {
    expect(inlineText('Write to [us](mailto:{supportEmail}), **now**.', tokens)).toBe('Write to us, now.');
  });
});

describe('readingMinutes', () => {
  it('counts words at 220 a minute, rounding up, at least 1', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes(Array(220).fill('word').join(' '))).toBe(1);
    expect(readingMinutes(Array(221).fill('word').join(' '))).toBe(2);
    expect(readingMinutes(`## Heading\n\n${Array(440).fill('mot').join(' ')}\n<!-- block:x -->`)).toBe(3);
  });
});
