/**
 * The optional mapping file of an import (`--mapping`, `import.mapping`): advertisers merged or
 * renamed into brands, and the networks' category names mapped to the site's categories. An offer
 * whose category is not mapped goes to the named "Other" category. Without a mapping file each
 * network category name becomes a category of its own.
 *
 *   {
 *     "advertisers": { "rakuten:2002": "Harbor Tea Co", "Harbor Tea Company Ltd": "Harbor Tea Co" },
 *     "categories": [
 *       { "slug": "fashion", "name": { "en": "Fashion", "es": "Moda" }, "icon": "👗",
 *         "color": "#db2777", "from": ["Clothing", "Apparel"] }
 *     ],
 *     "other": { "slug": "other", "name": { "en": "Other", "es": "Otros" } }
 *   }
 */
import { z } from 'zod';
import { colorSchema, localizedTextSchema, slugify, slugSchema } from '../catalog/schemas.ts';

const categoryFields = {
  slug: slugSchema,
  name: localizedTextSchema,
  icon: z.string().max(16).default('🏷️'),
  color: colorSchema.default('#64748b'),
};

export const importMappingSchema = z.strictObject({
  /** "<network>:<advertiser id>" or the advertiser's name as the feed writes it → brand name. */
  advertisers: z.record(z.string(), z.string().min(1)).default({}),
  categories: z.array(z.strictObject({ ...categoryFields, from: z.array(z.string()).default([]) })).default([]),
  other: z.strictObject(categoryFields).default({ slug: 'other', name: 'Other', icon: '🏷️', color: '#64748b' }),
});
export type ImportMapping = z.infer<typeof importMappingSchema>;
export type MappedCategory = z.infer<typeof importMappingSchema>['other'];

export const EMPTY_MAPPING: ImportMapping = importMappingSchema.parse({});

/** The brand name of an advertiser: mapped by "<network>:<id>", then by name, else its own name. */
export function brandNameOf(mapping: ImportMapping, network: string, advertiserId: string, name: string): string {
  // Own entries only: an advertiser named "valueOf" or "constructor" is not Object.prototype's.
  const own = (key: string) => (Object.hasOwn(mapping.advertisers, key) ? mapping.advertisers[key] : undefined);
  return own(`${network}:${advertiserId}`) ?? own(name) ?? name;
}

/** The site category of an offer's network categories (the first one that maps). */
export function categoryOf(mapping: ImportMapping, networkCategories: readonly string[]): MappedCategory {
  const lower = networkCategories.map((c) => c.toLowerCase());
  for (const c of lower) {
    const hit = mapping.categories.find((m) => m.from.some((f) => f.toLowerCase() === c));
    if (hit) return hit;
  }
  if (mapping.categories.length === 0 && networkCategories[0]) {
    const name = networkCategories[0];
    const slug = slugSchema.safeParse(slugFromName(name));
    if (slug.success) return { slug: slug.data, name, icon: mapping.other.icon, color: mapping.other.color };
  }
  return mapping.other;
}

/** "Clothing & Accessories" → "clothing-and-accessories" (at most 80 characters). */
export function slugFromName(name: string): string {
  return slugify(name).slice(0, 80).replace(/-+$/, '');
}
