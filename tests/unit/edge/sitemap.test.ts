/**
 * An edge site's sitemap (issue 32): every brand page it serves, pre-rendered or rendered on
 * demand, in every language with hreflang alternates, split into a sitemap index and child
 * sitemaps within the sitemaps.org limits (50,000 URLs, 50 MB a file) once the site is past them.
 * The built edge fixture (tests/unit/edge/edge-site.test.ts) and a static site
 * (tests/unit/build/build-sites.test.ts) are checked where they are built.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateCatalog } from '../../../src/catalog/sample.ts';
import {
  brandPageUrls,
  EDGE_SITEMAP_LIMITS,
  routeUrl,
  SITEMAP_LIMITS,
  sitemapEntries,
  sitemapFiles,
  sitemapXml,
} from '../../../src/seo/sitemap.ts';

const ORIGIN = 'https://deals.example';
const LANGUAGES = ['en', 'es', 'fr', 'de'];
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (name) => name === 'url' || name === 'xhtml:link',
});

type Url = { loc: string; 'xhtml:link': { hreflang: string; href: string }[] };
function urlsOf(xml: string): Url[] {
  expect(XMLValidator.validate(xml)).toBe(true);
  return parser.parse(xml).urlset.url as Url[];
}
const bytes = (s: string) => new TextEncoder().encode(s).length;

describe('the sitemap of an edge site with 26,000 brands in four languages', () => {
  let slugs: string[];
  let urls: string[];
  let files: ReturnType<typeof sitemapFiles>;

  beforeAll(() => {
    const catalog = generateCatalog({ brands: 26_000, coupons: 200, deals: 20, seed: 1, now: new Date('2026-05-10Z') });
    slugs = catalog.brands.map((b) => b.slug);
    // The pre-rendered pages (a few) and every brand page in every language (104,000).
    const pages = ['/', '/es', '/fr', '/de', '/coupons', '/es/coupons', '/brands', '/de/brands', '/404', '/es/404'];
    urls = [...pages, ...brandPageUrls(slugs, LANGUAGES, 'en')];
    files = sitemapFiles(
      sitemapEntries({ origin: ORIGIN, urls, languages: LANGUAGES, defaultLanguage: 'en' }),
      ORIGIN,
      EDGE_SITEMAP_LIMITS,
    );
  });

  it('names the brand page of every language as the route does', () => {
    expect(brandPageUrls(['acme'], LANGUAGES, 'en')).toEqual(
      LANGUAGES.map((lang) =>
        routeUrl('./[...lang]/brands/[slug].astro', { lang: lang === 'en' ? undefined : lang, slug: 'acme' }),
      ),
    );
  });

  it('is a sitemap index of child sitemaps, each within 50,000 URLs, 50 MB and 25 MiB (a Cloudflare asset)', () => {
    expect(XMLValidator.validate(files.main)).toBe(true);
    const index = new XMLParser({ isArray: () => true }).parse(files.main).sitemapindex[0].sitemap as {
      loc: string[];
    }[];
    expect(files.children.length).toBe(3);
    expect(index.map((s) => s.loc[0])).toEqual(files.children.map((_, i) => `${ORIGIN}/sitemap-${i + 1}.xml`));
    for (const child of files.children) {
      expect(urlsOf(child).length).toBeLessThanOrEqual(SITEMAP_LIMITS.urls);
      expect(bytes(child)).toBeLessThanOrEqual(SITEMAP_LIMITS.bytes);
      expect(bytes(child)).toBeLessThanOrEqual(25 * 1024 * 1024);
    }
  });

  it('lists every brand in every language once, with the same alternates as a one-file sitemap', () => {
    const listed = files.children.flatMap(urlsOf);
    const locs = listed.map((u) => u.loc);
    expect(new Set(locs).size).toBe(locs.length);
    const set = new Set(locs);
    for (const slug of [slugs[0]!, slugs[12_345]!, slugs.at(-1)!]) {
      for (const path of brandPageUrls([slug], LANGUAGES, 'en')) expect(set.has(`${ORIGIN}${path}`), path).toBe(true);
    }
    expect(locs).toHaveLength(slugs.length * 4 + 8);
    expect(locs.some((l) => l.endsWith('/404'))).toBe(false);
    const es = listed.find((u) => u.loc === `${ORIGIN}/es/brands/${slugs[7]}`)!;
    expect(es['xhtml:link']).toEqual([
      ...LANGUAGES.map((l) => ({
        rel: 'alternate',
        hreflang: l,
        href: `${ORIGIN}${l === 'en' ? '' : `/${l}`}/brands/${slugs[7]}`,
      })),
      { rel: 'alternate', hreflang: 'x-default', href: `${ORIGIN}/brands/${slugs[7]}` },
    ]);
    // The children together are the one-file sitemap's entries, in its order.
    const single = sitemapXml({ origin: ORIGIN, urls, languages: LANGUAGES, defaultLanguage: 'en' });
    const body = (xml: string) => xml.split('\n').filter((l) => l.startsWith('<url>'));
    expect(files.children.flatMap(body)).toEqual(body(single));
  });

  it('splits on bytes too: no child over the byte limit', () => {
    const limits = { urls: SITEMAP_LIMITS.urls, bytes: 2_000_000 };
    const small = sitemapFiles(
      sitemapEntries({ origin: ORIGIN, urls, languages: LANGUAGES, defaultLanguage: 'en' }),
      ORIGIN,
      limits,
    );
    expect(small.children.length).toBeGreaterThan(files.children.length);
    for (const child of small.children) expect(bytes(child)).toBeLessThanOrEqual(limits.bytes);
    expect(small.children.flatMap(urlsOf)).toHaveLength(urls.length - 2);
  });

  it('stays one <urlset> file, the sitemap of today, while it fits', () => {
    const few = sitemapEntries({
      origin: ORIGIN,
      urls: urls.slice(0, 2_000),
      languages: LANGUAGES,
      defaultLanguage: 'en',
    });
    const one = sitemapFiles(few, ORIGIN);
    expect(one.children).toEqual([]);
    expect(one.main).toBe(
      sitemapXml({ origin: ORIGIN, urls: urls.slice(0, 2_000), languages: LANGUAGES, defaultLanguage: 'en' }),
    );
  });
});
