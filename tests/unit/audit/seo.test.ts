/** The SEO gate's other rules, each broken once on a copy of the good fixture. */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSeoGate } from '../../../scripts/lib/audit/seo.ts';
import { copyOfGood, edit } from './fixture.ts';

function failuresAfter(file: string, change: (t: string) => string) {
  const dir = copyOfGood();
  edit(dir, file, change);
  return runSeoGate({ dir }).failures;
}

describe('seo gate rules', () => {
  it('wants exactly one h1', () => {
    expect(failuresAfter('about.html', (t) => t.replace('</main>', '<h1>Again</h1></main>'))).toEqual([
      '/about: expected exactly one <h1>, found 2',
    ]);
  });

  it('wants a self-referencing canonical', () => {
    expect(
      failuresAfter('about.html', (t) =>
        t.replace(
          'rel="canonical" href="https://fixture.example/about"',
          'rel="canonical" href="https://fixture.example/"',
        ),
      ),
    ).toEqual(['/about: canonical https://fixture.example/ should be https://fixture.example/about']);
  });

  it('wants complete, reciprocal hreflang sets with x-default', () => {
    const missing = failuresAfter('about.html', (t) =>
      t.replace(/<link rel="alternate" hreflang="x-default"[^>]*>/, ''),
    );
    expect(missing).toContain('/about: hreflang set misses x-default');
    const oneWay = failuresAfter('es/about.html', (t) =>
      t.replace('hreflang="en" href="https://fixture.example/about"', 'hreflang="en" href="https://fixture.example/"'),
    );
    expect(oneWay).toContain('/es/about: hreflang en → https://fixture.example/ is a en page of /');
    expect(oneWay).toContain('/about: hreflang es → https://fixture.example/es/about does not link back to this page');
  });

  it('rejects Product/Offer markup and broken JSON-LD, and wants breadcrumbs', () => {
    const product = failuresAfter('about.html', (t) =>
      t.replace(
        '</head>',
        '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","offers":{"@type":"Offer"}}</script></head>',
      ),
    );
    expect(product).toEqual([
      '/about: JSON-LD uses Product (never for promo codes)',
      '/about: JSON-LD uses Offer (never for promo codes)',
    ]);
    const invalid = failuresAfter('about.html', (t) =>
      t.replace('"@type":"BreadcrumbList"', '"@type":"BreadcrumbList",'),
    );
    expect(invalid.some((f) => f.startsWith('/about: JSON-LD is not valid JSON'))).toBe(true);
    expect(invalid).toContain('/about: expected one BreadcrumbList JSON-LD, found 0');
  });

  it('wants an ItemList on listing pages that show a list', () => {
    const dir = copyOfGood();
    edit(dir, 'coupons.html', () => {
      const about = readFileSync(join(dir, 'about.html'), 'utf8');
      return about
        .replaceAll('/about', '/coupons')
        .replace('About | Fixture', 'Coupons | Fixture')
        .replace('Who runs this fixture site.', 'All coupons.')
        .replace('<p>We test quality gates.</p>', '<ul><li>Coupon A</li><li>Coupon B</li></ul>');
    });
    const failures = runSeoGate({ dir }).failures;
    expect(failures).toContain('/coupons: shows a list but has no ItemList JSON-LD');
  });

  it('wants the sitemap to list exactly the indexable pages, and robots.txt to name it', () => {
    expect(
      failuresAfter('sitemap.xml', (t) =>
        t.replace(/<url><loc>https:\/\/fixture\.example\/es\/about<\/loc>.*?<\/url>/, ''),
      ),
    ).toEqual(['sitemap.xml: misses https://fixture.example/es/about']);
    expect(
      failuresAfter('sitemap.xml', (t) =>
        t.replace('</urlset>', '<url><loc>https://fixture.example/404</loc></url></urlset>'),
      ),
    ).toEqual(['sitemap.xml: https://fixture.example/404 is not a built indexable page']);
    const dir = copyOfGood();
    rmSync(join(dir, 'robots.txt'));
    expect(runSeoGate({ dir }).failures).toEqual([
      'robots.txt: no "Sitemap: https://fixture.example/sitemap.xml" line',
    ]);
  });
});
