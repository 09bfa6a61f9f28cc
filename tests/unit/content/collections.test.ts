/**
 * The content collections as files: every page and post exists in every language, its
 * frontmatter passes the same zod schemas and page rules the build uses, the structure
 * (FAQ ids, positions, steps, posts) matches across languages, every {token} and block is
 * known, titles and descriptions are unique per language, and no language is an untranslated
 * copy of English.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { loadSiteConfig } from '../../../src/config/load-file.ts';
import { UI_LANGUAGES } from '../../../src/config/schema.ts';
import {
  CONTENT_BLOCKS,
  PAGE_FILES,
  type PageData,
  type PostData,
  pageProblems,
  pageSchema,
  postSchema,
} from '../../../src/content-helpers/schemas.ts';
import { siteTokens } from '../../../src/content-helpers/site-tokens.ts';

const ROOT = resolve(import.meta.dirname, '../../../src/content');
const tokens = Object.keys(siteTokens(loadSiteConfig('default')));

function read(file: string): { data: unknown; body: string } {
  const text = readFileSync(file, 'utf8');
  const m = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(text);
  if (!m) throw new Error(`${file}: no frontmatter`);
  return { data: yaml.load(m[1]!), body: m[2]! };
}

const pages = Object.fromEntries(
  UI_LANGUAGES.map((lang) => [
    lang,
    Object.fromEntries(
      PAGE_FILES.map((page) => {
        const file = join(ROOT, 'pages', lang, `${page}.md`);
        if (!existsSync(file)) return [page, null];
        const { data, body } = read(file);
        const parsed = pageSchema.safeParse(data);
        if (!parsed.success) throw new Error(`${file}: ${parsed.error.message}`);
        return [page, { file, data: parsed.data, body }];
      }),
    ),
  ]),
) as Record<string, Record<string, { file: string; data: PageData; body: string } | null>>;

const postIds = (lang: string) =>
  readdirSync(join(ROOT, 'blog', lang))
    .filter((f) => f.endsWith('.md'))
    .map((f) => f.replace(/\.md$/, ''))
    .sort();
const posts = (lang: string) =>
  postIds(lang).map((id) => {
    const file = join(ROOT, 'blog', lang, `${id}.md`);
    const { data, body } = read(file);
    const parsed = postSchema.safeParse(data);
    if (!parsed.success) throw new Error(`${file}: ${parsed.error.message}`);
    return { id, data: parsed.data as PostData, body };
  });

/** Every text of a page: frontmatter strings and body. */
const allText = (data: unknown, body: string): string => `${JSON.stringify(data)}\n${body}`;

describe('content pages', () => {
  for (const lang of UI_LANGUAGES) {
    it(`${lang}: every page exists and passes its rules`, () => {
      for (const page of PAGE_FILES) {
        const entry = pages[lang]![page];
        expect(entry, `src/content/pages/${lang}/${page}.md`).toBeTruthy();
        expect(pageProblems(page, entry!.data), entry!.file).toEqual([]);
      }
    });

    it(`${lang}: bodies use only known blocks and tokens, and no <h1>`, () => {
      for (const page of PAGE_FILES) {
        const { body, data, file } = pages[lang]![page]!;
        expect(body, file).not.toMatch(/^# /m);
        for (const m of body.matchAll(/<!--\s*block:([a-z-]+)\s*-->/g))
          expect(CONTENT_BLOCKS as readonly string[], `${file} block ${m[1]}`).toContain(m[1]);
        for (const m of allText(data, body).matchAll(/\{([a-zA-Z]+)\}/g))
          expect(tokens, `${file} {${m[1]}}`).toContain(m[1]);
      }
      for (const p of posts(lang))
        for (const m of allText(p.data, p.body).matchAll(/\{([a-zA-Z]+)\}/g))
          expect(tokens, `${p.id} {${m[1]}}`).toContain(m[1]);
    });

    it(`${lang}: titles and descriptions are unique across pages and posts`, () => {
      const titles = [...PAGE_FILES.map((p) => pages[lang]![p]!.data.title), ...posts(lang).map((p) => p.data.title)];
      const descriptions = [
        ...PAGE_FILES.map((p) => pages[lang]![p]!.data.description),
        ...posts(lang).map((p) => p.data.description),
        ...Object.values(pages[lang]!.blog!.data.topics ?? {}).map((t) => t.description),
      ];
      expect(new Set(titles).size).toBe(titles.length);
      expect(new Set(descriptions).size).toBe(descriptions.length);
    });
  }

  for (const lang of UI_LANGUAGES.filter((l) => l !== 'en')) {
    it(`${lang}: same structure as English (FAQ ids and categories, positions, steps and images)`, () => {
      for (const page of PAGE_FILES) {
        const en = pages.en![page]!.data;
        const other = pages[lang]![page]!.data;
        expect(
          other.faq?.map((f) => `${f.id}/${f.category}`),
          `${lang}/${page} faq`,
        ).toEqual(en.faq?.map((f) => `${f.id}/${f.category}`));
        expect(
          other.positions?.map((p) => `${p.id}/${p.team}`),
          `${lang}/${page} positions`,
        ).toEqual(en.positions?.map((p) => `${p.id}/${p.team}`));
        expect(
          other.steps?.map((s) => s.image ?? '-'),
          `${lang}/${page} steps`,
        ).toEqual(en.steps?.map((s) => s.image ?? '-'));
        expect(Boolean(other.updated), `${lang}/${page} updated`).toBe(Boolean(en.updated));
        const blocks = (b: string) => [...b.matchAll(/block:([a-z-]+)/g)].map((m) => m[1]);
        expect(blocks(pages[lang]![page]!.body), `${lang}/${page} blocks`).toEqual(blocks(pages.en![page]!.body));
      }
    });

    it(`${lang}: is translated, not a copy of English`, () => {
      const englishWords = / (the|and|with|your|you|what|how|for|this) /gi;
      for (const page of PAGE_FILES) {
        const { data, body, file } = pages[lang]![page]!;
        expect(data.title === pages.en![page]!.data.title && page !== 'blog', `${file} title`).toBe(false);
        expect(body.trim() === '' || body !== pages.en![page]!.body, `${file} body`).toBe(true);
        const hits = allText(data, body).match(englishWords)?.length ?? 0;
        expect(hits, `${file} looks English (${hits} English words)`).toBeLessThan(3);
      }
      for (const p of posts(lang)) {
        const hits = allText(p.data, p.body).match(englishWords)?.length ?? 0;
        expect(hits, `blog/${lang}/${p.id} looks English`).toBeLessThan(3);
      }
    });

    it(`${lang}: the same posts as English, with the same topic, date and author`, () => {
      expect(postIds(lang)).toEqual(postIds('en'));
      const en = Object.fromEntries(posts('en').map((p) => [p.id, p.data]));
      for (const p of posts(lang)) {
        expect(p.data.topic, p.id).toBe(en[p.id]!.topic);
        expect(p.data.date.toISOString(), p.id).toBe(en[p.id]!.date.toISOString());
        expect(p.data.author, p.id).toBe(en[p.id]!.author);
      }
    });
  }
});
