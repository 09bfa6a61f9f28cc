/** RSS feed of a brand (src/lib/feeds.ts): its newest coupons and deals, in every language. */
import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { site } from '../../../../config/site.ts';
import { getBuildData } from '../../../../data/build-source.ts';
import { useTranslations } from '../../../../i18n/index.ts';
import { type LangProps, localeStaticPathsWith } from '../../../../i18n/routes.ts';
import { FEED_LIMIT, feedOptions } from '../../../../lib/feeds.ts';

export async function getStaticPaths() {
  const { source } = await getBuildData();
  const brands = await source.brands.list();
  return localeStaticPathsWith(brands.map((b) => ({ params: { slug: b.slug }, props: { brandId: b.id } })));
}

export const GET: APIRoute = async ({ props, site: astroSite }) => {
  const { lang, brandId } = props as LangProps & { brandId: number };
  const { source, now } = await getBuildData();
  const brand = (await source.brands.byId(brandId))!;
  const [coupons, deals] = await Promise.all([
    source.brands.coupons(brandId, { pageSize: FEED_LIMIT }),
    source.brands.deals(brandId, { pageSize: FEED_LIMIT }),
  ]);
  return rss(
    feedOptions({
      owner: 'brand',
      name: brand.name,
      slug: brand.slug,
      lang,
      defaultLang: site.site.defaultLanguage,
      origin: astroSite?.origin ?? `https://${site.site.domain}`,
      siteName: site.site.name,
      timezone: site.site.timezone,
      coupons: coupons.items,
      deals: deals.items,
      now,
      t: useTranslations(lang),
    }),
  );
};
