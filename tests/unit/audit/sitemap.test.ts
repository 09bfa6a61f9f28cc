import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSeoGate } from '../../../scripts/lib/audit/seo.ts';
import { makePaginate, routeUrl, sitemapXml } from '../../../src/seo/sitemap.ts';
import { copyOfGood } from './fixture.ts';

describe('sitemap', () => {
  it('turns route files and params into URLs', () => {
    expect(routeUrl('./[...lang]/index.astro', {})).toBe('/');
    expect(routeUrl('./[...lang]/index.astro', { lang: 'es' })).toBe('/es');
    expect(routeUrl('./[...lang]/brands/[slug].astro', { lang: 'de', slug: 'acme' })).toBe('/de/brands/acme');
    expect(routeUrl('./[lang]/404.astro', { lang: 'fr' })).toBe('/fr/404');
    expect(routeUrl('./404.astro', {})).toBe('/404');
  });

  it('paginates like Astro: rest params leave page 1 unnumbered', () => {
    const pages = makePaginate('./[...lang]/coupons/[...page].astro')([1, 2, 3], {
      pageSize: 2,
      params: { lang: 'es' },
    });
    expect(pages.map((p) => p.params)).toEqual([
      { lang: 'es', page: undefined },
      { lang: 'es', page: '2' },
    ]);
  });

  it('lists indexable pages with their alternates, and the SEO gate accepts it', () => {
    const xml = sitemapXml({
      origin: 'https://fixture.example',
      urls: ['/', '/es', '/about', '/es/about', '/404', '/es/404', '/admin/ad-dashboard', '/test/modal-ad'],
      languages: ['en', 'es'],
      defaultLanguage: 'en',
    });
    expect(xml).not.toMatch(/404|admin|test/);
    expect(xml).toContain(
      '<url><loc>https://fixture.example/es/about</loc><xhtml:link rel="alternate" hreflang="en" href="https://fixture.example/about"/><xhtml:link rel="alternate" hreflang="es" href="https://fixture.example/es/about"/><xhtml:link rel="alternate" hreflang="x-default" href="https://fixture.example/about"/></url>',
    );
    const dir = copyOfGood();
    writeFileSync(join(dir, 'sitemap.xml'), xml);
    expect(runSeoGate({ dir }).failures).toEqual([]);
  });
});
