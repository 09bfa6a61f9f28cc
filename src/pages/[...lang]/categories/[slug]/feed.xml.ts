/** RSS feed of a category (src/lib/feeds.ts): its newest coupons and deals, in every language. */
import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { site } from '../../../../config/site.ts';
import { getBuildData } from '../../../../data/build-source.ts';
import { useTranslations } from '../../../../i18n/index.ts';
import { type LangProps, localeStaticPathsWith } from '../../../../i18n/routes.ts';
import { FEED_LIMIT, feedOptions } from '../../../../lib/feeds.ts';

export async function getStaticPaths() {
  const { source } = await getBuildData();
  const categories = await source.categories.list();
  return localeStaticPathsWith(categories.map((c) => ({ params: { slug: c.slug }, props: { categoryId: c.id } })));
}

export const GET: APIRoute = async ({ props, site: astroSite }) => {
  const { lang, categoryId } = props as LangProps & { categoryId: number };
  const { source, now } = await getBuildData();
  const category = (await source.categories.byId(categoryId))!;
  const [coupons, deals] = await Promise.all([
    source.categories.coupons(categoryId, { pageSize: FEED_LIMIT }),
    source.categories.deals(categoryId, { pageSize: FEED_LIMIT }),
  ]);
  return rss(
    feedOptions({
      owner: 'category',
      name: category.name,
      slug: category.slug,
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
