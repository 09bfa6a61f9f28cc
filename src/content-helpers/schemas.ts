/**
 * Frontmatter schemas of the content collections (src/content.config.ts) and the extra rules
 * some pages carry (the help page's ten FAQ entries, the careers page's four positions…).
 * Pure zod: the build, the routes and the unit tests use the same rules.
 */
import { z } from 'zod';

/** Pages rendered by src/pages/[...lang]/[page].astro, at /<slug>. */
export const CONTENT_PAGES = [
  'about',
  'contact',
  'privacy',
  'terms',
  'cookie-policy',
  'affiliate-disclosure',
  'help',
  'careers',
  'how-to-use',
  'browser-extension',
] as const;
export type ContentPageSlug = (typeof CONTENT_PAGES)[number];
/** Every file of the `pages` collection: the content pages plus the blog index's texts. */
export const PAGE_FILES = [...CONTENT_PAGES, 'blog'] as const;
export type PageFile = (typeof PAGE_FILES)[number];

/** The Help Center's categories (SPEC §2 "Static pages"), in display order. */
export const FAQ_CATEGORIES = ['using-coupons', 'deals', 'preferences', 'technical', 'business'] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

export const BLOG_TOPICS = ['saving-tips', 'shopping-guides', 'seasonal-deals', 'behind-the-scenes'] as const;
export type BlogTopic = (typeof BLOG_TOPICS)[number];

export const CAREER_TEAMS = ['engineering', 'marketing', 'analytics', 'support'] as const;

/** Illustrations of the how-to steps: screenshots of the built site (scripts/content-screenshots.ts). */
export const STEP_IMAGES = ['search', 'find', 'reveal'] as const;
export type StepImage = (typeof STEP_IMAGES)[number];

/** The block names a content page may use. */
export const CONTENT_BLOCKS = [
  'cards',
  'form',
  'faq',
  'help',
  'positions',
  'steps',
  'newsletter',
  'storage',
  'server',
  'ads',
  'analytics',
  'third-party',
  'settings',
  'contact',
  // Amazon's Associates statement when the site shows Amazon products (src/components/ads/AmazonDisclosure.astro).
  'amazon-associates',
] as const;
export type ContentBlockName = (typeof CONTENT_BLOCKS)[number];

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slug = z.string().regex(SLUG, { error: 'Use lowercase words joined by hyphens, e.g. "reveal-code"' });
const text = z.string().trim().min(1);

export const faqEntrySchema = z.strictObject({
  id: slug,
  category: z.enum(FAQ_CATEGORIES).optional(),
  question: text,
  /** Plain text; [links](/path), **bold** and {tokens} allowed (see inline.ts). */
  answer: text,
});
export type FaqEntry = z.infer<typeof faqEntrySchema>;

export const positionSchema = z.strictObject({
  id: slug,
  team: z.enum(CAREER_TEAMS),
  title: text,
  location: text,
  type: text,
  summary: text,
  duties: z.array(text).min(2),
  requirements: z.array(text).min(2),
});
export type Position = z.infer<typeof positionSchema>;

export const stepSchema = z.strictObject({
  title: text,
  text: text,
  image: z.enum(STEP_IMAGES).optional(),
  /** Alternative text of the image (required with an image). */
  alt: text.optional(),
});
export type Step = z.infer<typeof stepSchema>;

export const topicTextSchema = z.strictObject({ name: text, description: text.max(170) });

export const pageSchema = z.strictObject({
  /** The page's <h1> and the start of its <title>; unique per language. */
  title: text.max(70),
  /** Meta description; unique per language. */
  description: text.min(50).max(170),
  /** Shown under the heading. */
  lead: text.optional(),
  /** "Last updated" date of legal pages. */
  updated: z.coerce.date().optional(),
  faq: z.array(faqEntrySchema).optional(),
  positions: z.array(positionSchema).optional(),
  steps: z.array(stepSchema).optional(),
  /** Blog index only: each topic's name and description. */
  topics: z.record(z.enum(BLOG_TOPICS), topicTextSchema).optional(),
});
export type PageData = z.infer<typeof pageSchema>;

export const postSchema = z.strictObject({
  title: text.max(90),
  description: text.min(50).max(170),
  date: z.coerce.date(),
  updated: z.coerce.date().optional(),
  author: text,
  authorRole: text.optional(),
  topic: z.enum(BLOG_TOPICS),
});
export type PostData = z.infer<typeof postSchema>;

/** Page-specific rules on top of pageSchema; returns readable problems (empty when fine). */
export function pageProblems(page: PageFile, data: PageData): string[] {
  const problems: string[] = [];
  const ids = (list: { id: string }[]) => {
    const seen = new Set<string>();
    for (const { id } of list) {
      if (seen.has(id)) problems.push(`id "${id}" is used twice`);
      seen.add(id);
    }
  };
  if (page === 'help') {
    const faq = data.faq ?? [];
    if (faq.length !== 10) problems.push(`faq must have 10 entries, has ${faq.length}`);
    for (const e of faq) if (!e.category) problems.push(`faq entry "${e.id}" needs a category`);
    for (const c of FAQ_CATEGORIES)
      if (!faq.some((e) => e.category === c)) problems.push(`faq has no entry in category "${c}"`);
    ids(faq);
  }
  if (page === 'contact') {
    if ((data.faq ?? []).length < 3) problems.push('faq must have at least 3 entries');
    ids(data.faq ?? []);
  }
  if (page === 'careers') {
    const teams = (data.positions ?? []).map((p) => p.team).sort();
    if (teams.join() !== [...CAREER_TEAMS].sort().join())
      problems.push(`positions must be one per team (${CAREER_TEAMS.join(', ')}), got ${teams.join(', ') || 'none'}`);
    ids(data.positions ?? []);
  }
  if (page === 'how-to-use' || page === 'browser-extension') {
    const steps = data.steps ?? [];
    if (steps.length < 3) problems.push('steps must have at least 3 entries');
    for (const [i, s] of steps.entries()) if (s.image && !s.alt) problems.push(`step ${i + 1} has an image but no alt`);
  }
  if (page === 'blog') {
    for (const t of BLOG_TOPICS) if (!data.topics?.[t]) problems.push(`topics.${t} is missing`);
  }
  return problems;
}
