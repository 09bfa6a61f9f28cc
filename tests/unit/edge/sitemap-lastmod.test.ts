/**
 * The sitemap's <lastmod> of a brand page (issue 40, src/seo/brand-lastmod.ts): when what the
 * page offers last changed. A code the shoppers' verdict hides (five failures, none worked within
 * the window) does not move it, whatever its own stamp; once a shopper says it worked, it does.
 */
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { brandLastmods } from '../../../src/seo/brand-lastmod.ts';
import { brandPageUrls, sitemapEntries, urlsetXml } from '../../../src/seo/sitemap.ts';

const NOW = new Date('2026-11-28T12:00:00.000Z');
const T = { hideAfter: 5, windowHours: 24 };
const brand = { id: 1, slug: 'acme', updatedAt: '2026-11-01T00:00:00.000Z' };
const older = { brandId: 1, updatedAt: '2026-11-10T00:00:00.000Z' };
/** Its stamp is the newest of the brand's, and shoppers report it failing. */
const reported = {
  brandId: 1,
  updatedAt: '2026-11-27T00:00:00.000Z',
  votes: { worked: 0, failed: 5 },
  lastFailedAt: '2026-11-28T10:00:00.000Z',
  lastWorkedAt: null as string | null,
};

function lastmodOf(coupons: (typeof older | typeof reported)[]): string | undefined {
  const lastmod = brandLastmods({ brands: [brand], coupons, deals: [] }, NOW, T);
  const xml = urlsetXml(
    sitemapEntries({
      origin: 'https://deals.example',
      urls: brandPageUrls(['acme'], ['en', 'es'], 'en'),
      languages: ['en', 'es'],
      defaultLanguage: 'en',
      lastmod,
    }),
  );
  const urls = new XMLParser().parse(xml).urlset.url as { loc: string; lastmod?: string }[];
  // Both languages' pages carry the same date.
  expect(new Set(urls.map((u) => u.lastmod)).size).toBe(1);
  return urls[0]?.lastmod;
}

describe('a brand page lastmod in the sitemap', () => {
  it('is the newest stamp of what the page offers', () => {
    expect(lastmodOf([older])).toBe('2026-11-10T00:00:00.000Z');
  });

  it('does not move for a code the verdict hides', () => {
    expect(lastmodOf([older, reported])).toBe('2026-11-10T00:00:00.000Z');
  });

  it('moves once a shopper says the code worked (it is offered again)', () => {
    expect(lastmodOf([older, { ...reported, lastWorkedAt: '2026-11-28T11:00:00.000Z' }])).toBe(
      '2026-11-27T00:00:00.000Z',
    );
  });
});
