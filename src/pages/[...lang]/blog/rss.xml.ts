/** The blog's RSS 2.0 feed per language (/blog/rss.xml, /es/blog/rss.xml…), with @astrojs/rss. */
import rss from '@astrojs/rss';
import type { APIContext } from 'astro';
import { site } from '../../../config/site.ts';
import { getBlogTexts, getPosts, splitId, tokens } from '../../../content-helpers/entries.ts';
import { fillText } from '../../../content-helpers/render.ts';
import { useTranslations } from '../../../i18n/index.ts';
import { absoluteUrl, localizePath } from '../../../i18n/paths.ts';
import { localeStaticPaths } from '../../../i18n/routes.ts';

export const getStaticPaths = localeStaticPaths;

export async function GET(context: APIContext) {
  const lang = (context.props as { lang: string }).lang;
  const def = site.site.defaultLanguage;
  const origin = context.site?.origin ?? `https://${site.site.domain}`;
  const texts = await getBlogTexts(lang);
  const posts = await getPosts(lang);
  return rss({
    title: useTranslations(lang)('content:blog.feedTitle', { siteName: site.site.name }),
    description: texts.description,
    site: absoluteUrl(origin, localizePath('/blog', lang, def)),
    customData: `<language>${lang}</language>`,
    items: posts.map((p) => ({
      title: fillText(p.data.title, tokens, p.id),
      description: fillText(p.data.description, tokens, p.id),
      pubDate: p.data.date,
      link: absoluteUrl(origin, localizePath(`/blog/${splitId(p.id).name}`, lang, def)),
      categories: [texts.topicNames[p.data.topic]],
    })),
  });
}
