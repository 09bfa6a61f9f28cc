import { describe, expect, it } from 'vitest';
import { lighthouseTargets } from '../../../scripts/lib/audit/lighthouse.ts';
import {
  discoverPages,
  pageType,
  routePattern,
  samplePages,
  unlocalized,
  urlOf,
} from '../../../scripts/lib/audit/pages.ts';
import { GOOD } from './fixture.ts';

describe('page discovery', () => {
  it('maps built files to URLs', () => {
    expect(urlOf('index.html')).toBe('/');
    expect(urlOf('es.html')).toBe('/es');
    expect(urlOf('es/index.html')).toBe('/es');
    expect(urlOf('es/brands/acme.html')).toBe('/es/brands/acme');
    expect(unlocalized('/es/brands/acme', 'es')).toBe('/brands/acme');
    expect(unlocalized('/es', 'es')).toBe('/');
    expect(unlocalized('/estonia', 'es')).toBe('/estonia');
  });

  it('groups routes into page types', () => {
    expect(pageType('/')).toBe('home');
    expect(pageType('/coupons')).toBe('coupons');
    expect(pageType('/deals')).toBe('deals');
    expect(pageType('/brands')).toBe('brands');
    expect(pageType('/brands/acme')).toBe('brand');
    expect(pageType('/categories')).toBe('categories');
    expect(pageType('/categories/travel')).toBe('category');
    expect(pageType('/search')).toBe('search');
    expect(pageType('/404')).toBe('404');
    expect(pageType('/admin/ad-dashboard')).toBe('admin');
    expect(pageType('/test/modal-ad')).toBe('admin');
    expect(pageType('/about')).toBe('content');
    expect(pageType('/blog/topic/news')).toBe('content');
  });

  it('reads language, type and noindex from the fixture site', () => {
    const pages = discoverPages(GOOD).map((p) => [p.url, p.lang, p.path, p.type, p.noindex]);
    expect(pages).toEqual([
      ['/', 'en', '/', 'home', false],
      ['/404', 'en', '/404', '404', true],
      ['/about', 'en', '/about', 'content', false],
      ['/es', 'es', '/', 'home', false],
      ['/es/about', 'es', '/about', 'content', false],
    ]);
  });

  it('samples collections but keeps every single route, the same in every language', () => {
    expect(routePattern('/brands/acme')).toBe('/brands/*');
    expect(routePattern('/about')).toBe('/about');
    const fake = ['/brands/a', '/brands/b', '/brands/c', '/es/brands/a', '/es/brands/b', '/es/brands/c', '/about'];
    const pages = fake.map((url) => {
      const lang = url.startsWith('/es') ? 'es' : 'en';
      const path = unlocalized(url, lang);
      return { url, lang, path, type: pageType(path), redirect: false } as never;
    });
    expect(samplePages(pages, 2).map((p: { url: string }) => p.url)).toEqual([
      '/brands/a',
      '/brands/b',
      '/es/brands/a',
      '/es/brands/b',
      '/about',
    ]);
  });

  it('picks Lighthouse targets that exist, search with a query', () => {
    expect(lighthouseTargets(discoverPages(GOOD), 'nike')).toEqual([
      { label: 'home', url: '/' },
      { label: 'content', url: '/about' },
    ]);
  });
});
