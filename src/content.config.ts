/**
 * Content collections (Astro content layer): Markdown per page and language, frontmatter
 * validated by the zod schemas of src/content-helpers/schemas.ts.
 * - pages: src/content/pages/<lang>/<page>.md → /<page> (src/pages/[...lang]/[page].astro)
 *   and the blog index's texts (blog.md);
 * - blog:  src/content/blog/<lang>/<post-id>.md → /blog/<post-id>.
 * Entry ids are "<lang>/<name>".
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { pageSchema, postSchema } from './content-helpers/schemas.ts';

const pages = defineCollection({
  loader: glob({ pattern: '*/*.md', base: './src/content/pages' }),
  schema: pageSchema,
});

const blog = defineCollection({
  loader: glob({ pattern: '*/*.md', base: './src/content/blog' }),
  schema: postSchema,
});

export const collections = { pages, blog };
