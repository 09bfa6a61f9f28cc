/**
 * The axe gate's desktop run (scripts/lib/audit/axe.ts desktopPages): every route in two languages,
 * the unprefixed one and German; a site of one or two languages keeps all its pages.
 */
import { describe, expect, it } from 'vitest';
import { desktopPages } from '../../../scripts/lib/audit/axe.ts';
import type { BuiltPage } from '../../../scripts/lib/audit/pages.ts';

const page = (url: string, lang: string): BuiltPage =>
  ({ url, lang, path: url.replace(/^\/(es|fr|de|en)(?=\/|$)/, '') || '/', type: 'content' }) as BuiltPage;

describe('desktopPages', () => {
  it('keeps the unprefixed language and German on a four-language site', () => {
    const pages = ['en', 'es', 'fr', 'de'].flatMap((l) =>
      ['', '/about'].map((p) => page(l === 'en' ? p || '/' : `/${l}${p}`, l)),
    );
    expect(desktopPages(pages).map((p) => p.url)).toEqual(['/', '/about', '/de', '/de/about']);
  });

  it('takes the next language when there is no German, and everything on a two-language site', () => {
    const three = [page('/', 'es'), page('/fr', 'fr'), page('/en', 'en')];
    expect(desktopPages(three).map((p) => p.lang)).toEqual(['es', 'fr']);
    const two = [page('/', 'en'), page('/de', 'de')];
    expect(desktopPages(two)).toEqual(two);
  });
});
