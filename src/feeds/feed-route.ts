/**
 * The RSS routes of brands and categories (`/brands/<slug>/feed.xml`, `/categories/<slug>/feed.xml`
 * in every language): one route module per owner, built here so both stay the same.
 */
import rss from '@astrojs/rss';
import type { APIRoute, GetStaticPaths } from 'astro';
import { isOffered } from '../catalog/health.ts';
import type { Brand } from '../catalog/schemas.ts';
import type { CatalogSource } from '../catalog/source.ts';
import { site } from '../config/site.ts';
import { useTranslations as translationsFor } from '../i18n/index.ts';
import { type LangProps, localeStaticPathsWith } from '../i18n/routes.ts';
import { headBrands, prerenderBrandBudget } from '../page-models/edge-head.ts';
import { getBuildData } from '../sources/build.ts';
import { FEED_LIMIT, type FeedOwner, feedOptions } from './feeds.ts';

type OwnerProps = LangProps & { ownerId: number };

export function feedRoute(owner: FeedOwner): { getStaticPaths: GetStaticPaths; GET: APIRoute } {
  const getStaticPaths: GetStaticPaths = async () => {
    const { source } = await getBuildData();
    let owners = owner === 'brand' ? await source.brands.list() : await source.categories.list();
    // An edge site pre-renders the feeds of its head brands; the Worker renders the others.
    if (owner === 'brand' && site.deploy.target === 'cloudflare')
      owners = headBrands(owners as Brand[], prerenderBrandBudget(site));
    return localeStaticPathsWith(owners.map((o) => ({ params: { slug: o.slug }, props: { ownerId: o.id } })));
  };

  const get: APIRoute = async ({ props, site: astroSite }) => {
    const { lang, ownerId } = props as OwnerProps;
    const { source, now } = await getBuildData(lang);
    return feedResponse(owner, lang, ownerId, source, now, astroSite);
  };

  return { getStaticPaths, GET: get };
}

/** The RSS feed of one brand or category from `source` at `now` (pre-rendered, or on demand at the edge). */
export async function feedResponse(
  owner: FeedOwner,
  lang: string,
  ownerId: number,
  source: CatalogSource,
  now: Date,
  astroSite: URL | undefined,
): Promise<Response> {
  const calls = owner === 'brand' ? source.brands : source.categories;
  const [found, coupons, deals] = await Promise.all([
    calls.byId(ownerId),
    calls.coupons(ownerId, { pageSize: FEED_LIMIT }),
    calls.deals(ownerId, { pageSize: FEED_LIMIT }),
  ]);
  if (!found) throw new Error(`No ${owner} with id ${ownerId} in the build's catalog`);
  return rss(
    feedOptions({
      owner,
      name: found.name,
      slug: found.slug,
      lang,
      defaultLang: site.site.defaultLanguage,
      origin: astroSite?.origin ?? `https://${site.site.domain}`,
      siteName: site.site.name,
      timezone: site.site.timezone,
      // A code no longer offered (the verdict, issue 40) is not in the feed.
      coupons: coupons.items.filter((c) => isOffered(c, now.getTime(), site.health)),
      deals: deals.items,
      now,
      t: translationsFor(lang),
    }),
  );
}
