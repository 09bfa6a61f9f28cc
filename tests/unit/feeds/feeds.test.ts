/**
 * Brand and category feeds (src/feeds/feeds.ts through @astrojs/rss): valid RSS 2.0, absolute links,
 * the owner's new coupons and deals newest first, titles in the page's language, no promo codes.
 */
import { getRssString } from '@astrojs/rss';
import { describe, expect, it } from 'vitest';
import { FEED_LIMIT, feedOptions, feedPath, newestOffers } from '../../../src/feeds/feeds.ts';
import { useTranslations as translationsOf } from '../../../src/i18n/index.ts';
import { createMemorySource } from '../../../src/sources/memory.ts';
import { englishSample } from '../../fixtures/catalogs/sample-en.ts';
import { validateRss } from './rss.ts';

const now = new Date('2026-05-10T12:00:00Z');
const catalog = englishSample(now);
const source = createMemorySource(catalog, { now });
const origin = 'https://couponsaver.example';

async function brandFeed(slug: string, lang = 'en') {
  const brand = catalog.brands.find((b) => b.slug === slug)!;
  const [coupons, deals] = await Promise.all([
    source.brands.coupons(brand.id, { pageSize: FEED_LIMIT }),
    source.brands.deals(brand.id, { pageSize: FEED_LIMIT }),
  ]);
  const xml = await getRssString(
    feedOptions({
      owner: 'brand',
      name: brand.name,
      slug,
      lang,
      defaultLang: 'en',
      origin,
      siteName: 'CouponSaver',
      timezone: 'America/New_York',
      coupons: coupons.items,
      deals: deals.items,
      now,
      t: translationsOf(lang),
    }),
  );
  return { brand, xml, coupons: coupons.items, deals: deals.items };
}

describe('brand feed', () => {
  it('is valid RSS with the brand’s coupons and deals, newest first, absolute links', async () => {
    const { brand, xml, coupons, deals } = await brandFeed('crumb-and-co');
    const { channel, items } = validateRss(xml);
    expect(channel.title).toBe('Crumb & Co coupons and deals – CouponSaver');
    expect(channel.link).toBe(`${origin}/brands/crumb-and-co`);
    expect(channel.language).toBe('en');
    expect(channel.selfLink).toBe(`${origin}/brands/crumb-and-co/feed.xml`);
    expect(items).toHaveLength(coupons.length + deals.length);
    expect(items.length).toBeGreaterThan(1);
    const links = items.map((i) => i.link);
    expect(new Set(links).size).toBe(links.length);
    for (const c of coupons) expect(links).toContain(`${origin}/brands/crumb-and-co#coupon-${c.id}`);
    for (const d of deals) expect(links).toContain(`${origin}/brands/crumb-and-co#deal-${d.id}`);
    const dates = items.map((i) => Date.parse(i.pubDate));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(items.every((i) => i.category?.includes(brand.name))).toBe(true);
    // Codes are revealed on the site, not in the feed.
    for (const c of coupons.filter((x) => x.code)) expect(xml).not.toContain(c.code);
  });

  it('speaks the page’s language and links to the localized page', async () => {
    const { channel, items } = validateRss((await brandFeed('voltura', 'de')).xml);
    expect(channel.title).toBe('Voltura Gutscheine und Angebote – CouponSaver');
    expect(channel.link).toBe(`${origin}/de/brands/voltura`);
    expect(channel.selfLink).toBe(`${origin}/de/brands/voltura/feed.xml`);
    expect(items[0]!.link.startsWith(`${origin}/de/brands/voltura#`)).toBe(true);
    expect(items.some((i) => /^(Gutschein|Angebot): /.test(i.description ?? ''))).toBe(true);
  });

  it('keeps the newest 50 when a brand has more', () => {
    const many = Array.from({ length: 70 }, (_, i) => ({
      ...catalog.coupons[0]!,
      id: 1000 + i,
      createdAt: new Date(now.getTime() - i * 3_600_000).toISOString(),
    }));
    const newest = newestOffers(many, [], FEED_LIMIT);
    expect(newest).toHaveLength(50);
    expect(newest[0]!.item.id).toBe(1000);
    expect(feedPath('category', 'pets')).toBe('/categories/pets/feed.xml');
  });
});

describe('category feed', () => {
  it('is valid RSS with the category’s newest offers', async () => {
    const category = catalog.categories[0]!;
    const [coupons, deals] = await Promise.all([
      source.categories.coupons(category.id, { pageSize: FEED_LIMIT }),
      source.categories.deals(category.id, { pageSize: FEED_LIMIT }),
    ]);
    const xml = await getRssString(
      feedOptions({
        owner: 'category',
        name: category.name,
        slug: category.slug,
        lang: 'fr',
        defaultLang: 'en',
        origin,
        siteName: 'CouponSaver',
        timezone: 'Europe/Paris',
        coupons: coupons.items,
        deals: deals.items,
        now,
        t: translationsOf('fr'),
      }),
    );
    const { channel, items } = validateRss(xml);
    expect(channel.title).toBe(`Coupons et bons plans ${category.name} – CouponSaver`);
    expect(channel.link).toBe(`${origin}/fr/categories/${category.slug}`);
    expect(items).toHaveLength(Math.min(FEED_LIMIT, coupons.items.length + deals.items.length));
  });

  it('the validator refuses what is not RSS', () => {
    expect(() => validateRss('<rss version="2.0"><channel><title>x</title>')).toThrow(/not well-formed/);
    expect(() => validateRss('<feed></feed>')).toThrow(/no <rss version="2.0">/);
    expect(() =>
      validateRss(
        '<rss version="2.0"><channel><title>t</title><link>https://a.example/</link><description>d</description><item><title>x</title><link>/relative</link></item></channel></rss>',
      ),
    ).toThrow(/not an absolute/);
  });
});
