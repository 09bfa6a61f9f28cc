/**
 * The brand and category pages (`/brands/<slug>`, `/categories/<slug>` in every language): their
 * static paths (each slug, and each numeric id that forwards to the slug page) and what both
 * compute before their markup, built here so both stay the same.
 */

import type { TFunction } from 'i18next';
import type { Brand, Category } from '../catalog/schemas.ts';
import type { CatalogSource } from '../catalog/source.ts';
import { OFFER_LIST_KEYS } from '../components/brands/keys.ts';
import { offerFormats } from '../components/offers/format-seed.ts';
import { site } from '../config/site.ts';
import { type FeedOwner, feedPath } from '../feeds/feeds.ts';
import { pickMessages } from '../i18n/island-keys.ts';
import { absoluteUrl, localizePath } from '../i18n/paths.ts';
import { type LangProps, localeStaticPathsWith } from '../i18n/routes.ts';
import { createPageData } from '../page-data/write.ts';
import { getBuildSource } from '../sources/build.ts';
import { headBrands, prerenderBrandBudget } from './edge-head.ts';

export type OwnerPageProps = LangProps & { ownerId: number; moved: boolean };

const SEGMENT = { brand: 'brands', category: 'categories' } as const;

/** Every owner's slug page, and its numeric id (forwarding to the slug page) unless a slug is that number. */
export async function ownerStaticPaths(owner: FeedOwner) {
  const source = await getBuildSource();
  let owners: { id: number; slug: string; totalCoupons: number; totalDeals: number }[] =
    owner === 'brand' ? await source.brands.list() : await source.categories.list();
  // An edge site pre-renders only the head of its brands; the Worker renders the others on demand.
  if (owner === 'brand' && site.deploy.target === 'cloudflare') owners = headBrands(owners, prerenderBrandBudget(site));
  const slugs = new Set(owners.map((o) => o.slug));
  return localeStaticPathsWith([
    ...owners.map((o) => ({ params: { slug: o.slug }, props: { ownerId: o.id, moved: false } })),
    ...owners
      .filter((o) => !slugs.has(String(o.id)))
      .map((o) => ({ params: { slug: String(o.id) }, props: { ownerId: o.id, moved: true } })),
  ]);
}

/**
 * One owner page's data: the owner, its path, feed, breadcrumbs, the first page of its coupons and
 * deals (none on a forwarding page) and the address a forwarding page points to.
 */
export async function ownerPage<T extends Brand | Category>(
  owner: FeedOwner,
  props: OwnerPageProps,
  t: TFunction,
  astroSite?: URL,
  /** The catalog to render from (an edge Worker's shard); default the build's. */
  from?: CatalogSource,
) {
  const { lang, ownerId, moved } = props;
  const def = site.site.defaultLanguage;
  const origin = astroSite?.origin ?? `https://${site.site.domain}`;
  const source = from ?? (await getBuildSource(lang));
  const calls = owner === 'brand' ? source.brands : source.categories;
  const found = (await calls.byId(ownerId)) as T;
  const segment = SEGMENT[owner];
  const pagePath = `/${segment}/${found.slug}`;
  const feedHref = localizePath(feedPath(owner, found.slug), lang, def);
  const crumbs = [{ name: t(`page.${segment}.title`), path: `/${segment}` }, { name: found.name }];
  const [coupons, deals] = moved ? [null, null] : await Promise.all([calls.coupons(ownerId), calls.deals(ownerId)]);
  // The islands' offers and strings, once for the page (src/page-data/).
  const data = createPageData(lang);
  const offerRefs = {
    messages: data.stringsOf(pickMessages(lang, OFFER_LIST_KEYS)),
    coupons: coupons && data.couponPage(coupons),
    deals: deals && data.dealPage(deals),
    /** The build's texts of the first pages' prices and dates (../components/offers/format-seed.ts). */
    formats: {
      coupons: coupons && data.formats(offerFormats(lang, { coupons: coupons.items })),
      deals: deals && data.formats(offerFormats(lang, { deals: deals.items })),
    },
  };
  return {
    lang,
    moved,
    def,
    origin,
    source,
    owner: found,
    pagePath,
    feedHref,
    feedTitle: t('feeds:link.title', { name: found.name }),
    crumbs,
    coupons,
    deals,
    /** The page's data writer, and the offer lists' references into it. */
    data,
    offerRefs,
    /** A forwarding page: its own path, where it forwards and the canonical address. */
    forward: {
      path: `/${segment}/${found.id}`,
      target: localizePath(pagePath, lang, def),
      canonical: absoluteUrl(origin, localizePath(pagePath, lang, def)),
    },
  };
}
