/**
 * RSS feeds of a brand and of a category (@astrojs/rss): their newest coupons and deals, newest
 * first, so shoppers can follow a store without an account. Pure: the routes in
 * src/pages/[...lang]/{brands,categories}/[slug]/feed.xml.ts pass the catalog data and a translate
 * function. Codes are not in the feed (a shopper reveals them on the site).
 */
import type { RSSOptions } from '@astrojs/rss';
import type { TFunction } from 'i18next';
import { dateFormat } from '../catalog/intl.ts';
import type { Coupon, Deal } from '../catalog/schemas.ts';
import { discountLabel } from '../components/coupons/format.ts';
import { absoluteUrl, localizePath } from '../i18n/paths.ts';

/** Items per feed. */
export const FEED_LIMIT = 50;

export type FeedOwner = 'brand' | 'category';

const segment = (owner: FeedOwner) => (owner === 'brand' ? 'brands' : 'categories');

/** Unlocalized path of a feed, e.g. "/brands/acme/feed.xml". */
export const feedPath = (owner: FeedOwner, slug: string) => `/${segment(owner)}/${slug}/feed.xml`;

const time = (iso: string | null) => (iso ? Date.parse(iso) : Number.NaN);

/** Coupons and deals together, newest first (unknown dates last, then higher id first). */
export function newestOffers(
  coupons: readonly Coupon[],
  deals: readonly Deal[],
  limit = FEED_LIMIT,
): ({ kind: 'coupon'; item: Coupon } | { kind: 'deal'; item: Deal })[] {
  const all = [
    ...coupons.map((item) => ({ kind: 'coupon' as const, item })),
    ...deals.map((item) => ({ kind: 'deal' as const, item })),
  ];
  const at = (x: (typeof all)[number]) => time(x.item.createdAt ?? x.item.startsAt);
  return all
    .sort((a, b) => {
      const ta = at(a);
      const tb = at(b);
      if (Number.isNaN(ta) !== Number.isNaN(tb)) return Number.isNaN(ta) ? 1 : -1;
      return (Number.isNaN(ta) ? 0 : tb - ta) || b.item.id - a.item.id;
    })
    .slice(0, limit);
}

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface FeedInput {
  owner: FeedOwner;
  name: string;
  slug: string;
  lang: string;
  defaultLang: string;
  /** e.g. "https://couponsaver.example" */
  origin: string;
  siteName: string;
  timezone: string;
  coupons: readonly Coupon[];
  deals: readonly Deal[];
  /** For offers without any date. */
  now: Date;
  t: TFunction;
}

/** The options for `rss()` / `getRssString()` of one feed. */
export function feedOptions(input: FeedInput): RSSOptions {
  const { owner, name, slug, lang, defaultLang, origin, t } = input;
  const pageUrl = absoluteUrl(origin, localizePath(`/${segment(owner)}/${slug}`, lang, defaultLang));
  const feedUrl = absoluteUrl(origin, localizePath(feedPath(owner, slug), lang, defaultLang));
  const date = dateFormat(lang, { dateStyle: 'medium', timeZone: input.timezone });
  return {
    title: t(`feeds:${owner}.title`, { name, siteName: input.siteName }),
    description: t(`feeds:${owner}.description`, { name }),
    site: pageUrl,
    trailingSlash: false,
    xmlns: { atom: 'http://www.w3.org/2005/Atom' },
    customData: `<language>${escapeXml(lang)}</language><atom:link href="${escapeXml(feedUrl)}" rel="self" type="application/rss+xml"/>`,
    items: newestOffers(input.coupons, input.deals).map(({ kind, item }) => {
      // The card's badge wording in the feed's language ("20% DTO.", "Livraison offerte").
      const discount = discountLabel(
        t,
        { ...item, ...(kind === 'deal' ? { currency: (item as Deal).currency } : {}) },
        lang,
      );
      const ends = item.expiresAt ? t('feeds:item.ends', { date: date.format(new Date(item.expiresAt)) }) : '';
      const pub = time(item.createdAt ?? item.startsAt);
      return {
        title: kind === 'coupon' ? (item as Coupon).name : (item as Deal).title,
        link: `${pageUrl}#${kind}-${item.id}`,
        pubDate: Number.isNaN(pub) ? input.now : new Date(pub),
        description: [t(`feeds:item.${kind}`, { discount }), item.description.trim(), ends].filter(Boolean).join(' · '),
        categories: [item.brand?.name, item.category?.name].filter((c): c is string => Boolean(c)),
      };
    }),
  };
}
