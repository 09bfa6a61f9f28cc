/**
 * Reading the content collections at build time: one page or post per language, checked
 * against the page rules, with a message naming the missing or broken file.
 */
import { type CollectionEntry, getCollection } from 'astro:content';
import { site } from '../config/site.ts';
import { ContentError, fillText, prepareBody, type Segment } from './render.ts';
import { type BlogTopic, type PageFile, pageProblems } from './schemas.ts';
import { siteTokens } from './site-tokens.ts';

export type PageEntry = CollectionEntry<'pages'>;
export type PostEntry = CollectionEntry<'blog'>;

/** "es/about" → { lang: "es", name: "about" }. */
export const splitId = (id: string) => {
  const [lang = '', ...rest] = id.split('/');
  return { lang, name: rest.join('/') };
};

export const tokens = siteTokens(site);

export async function getPage(lang: string, page: PageFile): Promise<PageEntry> {
  const all = await getCollection('pages');
  const entry = all.find((e) => e.id === `${lang}/${page}`);
  if (!entry) throw new ContentError(`Missing content file src/content/pages/${lang}/${page}.md`);
  const problems = pageProblems(page, entry.data);
  if (problems.length)
    throw new ContentError(`Invalid content file ${entry.filePath ?? entry.id}:\n  - ${problems.join('\n  - ')}`);
  return entry;
}

/** A language's posts, newest first; every language must have the same post ids. */
export async function getPosts(lang: string, topic?: BlogTopic): Promise<PostEntry[]> {
  const all = await getCollection('blog');
  const ids = (l: string) =>
    all
      .filter((e) => splitId(e.id).lang === l)
      .map((e) => splitId(e.id).name)
      .sort();
  const def = site.site.defaultLanguage;
  const expected = ids(def).join(', ');
  if (ids(lang).join(', ') !== expected)
    throw new ContentError(
      `src/content/blog/${lang}/ must hold the same posts as src/content/blog/${def}/ (${expected}); it has ${ids(lang).join(', ') || 'none'}`,
    );
  return all
    .filter((e) => splitId(e.id).lang === lang && (!topic || e.data.topic === topic))
    .sort((a, b) => b.data.date.getTime() - a.data.date.getTime() || a.id.localeCompare(b.id));
}

/** The entry's rendered body, tokens filled, links localized, split at block markers. */
export function bodySegments(entry: PageEntry | PostEntry, lang: string, blocks: readonly string[] = []): Segment[] {
  return prepareBody(entry.rendered?.html ?? '', {
    tokens,
    lang,
    defaultLang: site.site.defaultLanguage,
    where: entry.filePath ?? entry.id,
    blocks,
  });
}

/** h2 headings of a rendered entry (for "On this page"). */
export function sectionHeadings(entry: PageEntry): { slug: string; text: string }[] {
  const headings = (entry.rendered?.metadata?.headings ?? []) as { depth: number; slug: string; text: string }[];
  return headings.filter((h) => h.depth === 2).map((h) => ({ slug: h.slug, text: h.text }));
}

/** The blog index's texts: heading, lead, topic names and descriptions, tokens filled. */
export async function getBlogTexts(lang: string) {
  const entry = await getPage(lang, 'blog');
  const where = entry.filePath ?? entry.id;
  const topics = Object.fromEntries(
    Object.entries(entry.data.topics ?? {}).map(([id, v]) => [
      id,
      { name: fillText(v.name, tokens, where), description: fillText(v.description, tokens, where) },
    ]),
  ) as Record<BlogTopic, { name: string; description: string }>;
  return {
    entry,
    title: fillText(entry.data.title, tokens, where),
    description: fillText(entry.data.description, tokens, where),
    lead: entry.data.lead ? fillText(entry.data.lead, tokens, where) : undefined,
    topics,
    topicNames: Object.fromEntries(Object.entries(topics).map(([id, v]) => [id, v.name])) as Record<BlogTopic, string>,
  };
}

/** Posts per topic, for the chips. */
export function topicCounts(posts: PostEntry[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of posts) out[p.data.topic] = (out[p.data.topic] ?? 0) + 1;
  return out;
}
