/**
 * Cache-Tag values of what the Worker answers (issue 42): a brand page or feed is tagged with its
 * brand, its category and the related brands it shows (their names and live counts are on it);
 * a /data answer with its listing (`listing-<kind>`, e.g. listing-coupons-newest, the same in
 * every language). A cycle purges the tags of what changed (scripts/lib/cycle/), so an edge cache
 * keeps every other page. Tags are slugs (a-z, 0-9, "-"): within Cloudflare's rules (printable
 * ASCII, no comma or space, 1,024 characters each, 16 KB a header).
 */
import type { CatalogSource } from '../catalog/source.ts';

export const brandTag = (slug: string) => `brand-${slug}`;
export const categoryTag = (slug: string) => `category-${slug}`;
export const listingTag = (kind: string) => `listing-${kind}`;

/** The `Cache-Tag` header value of `tags` (sorted, no duplicates). */
export function cacheTagHeader(tags: Iterable<string>): string {
  return [...new Set(tags)].sort().join(',');
}

/** The tags in a `Cache-Tag` header. */
export function parseCacheTag(value: string | null): string[] {
  return (value ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

/** Related brands a brand page shows (BrandPage.astro: the first 8 of its category, itself left out). */
const RELATED = 8;

/** Tags of a brand page or feed: the brand, its category, the related brands the page lists. */
export async function brandPageTags(source: CatalogSource, brandId: number): Promise<string[]> {
  const brand = await source.brands.byId(brandId);
  if (!brand) return [];
  const tags = [brandTag(brand.slug)];
  if (brand.categoryId !== null) {
    const category = await source.categories.byId(brand.categoryId);
    if (category) tags.push(categoryTag(category.slug));
    const same = await source.brands.list({ categoryId: brand.categoryId });
    for (const b of same.filter((b) => b.id !== brand.id).slice(0, RELATED)) tags.push(brandTag(b.slug));
  }
  return tags;
}

/**
 * The listing of a /data file: its path without the language and the numbers, e.g.
 * "fr/coupons/newest/3.json" → "coupons-newest", "brands/shard/17-2.json" → "brands-shard",
 * "search/popular/ab.json" → "search-popular".
 */
export function dataListing(path: string): string {
  const parts = path
    .replace(/\.json$/, '')
    .split('/')
    .filter(Boolean);
  if (parts.length > 1 && /^[a-z]{2}$/.test(parts[0]!)) parts.shift();
  const kind = parts.slice(0, -1).filter((p) => /^[a-z][a-z-]*$/.test(p));
  return (kind.length > 0 ? kind.slice(0, 2) : parts.slice(0, 1)).join('-') || 'data';
}

/** The tag of one /data file: "data-" and its path as a slug, e.g. "fr/brands/shard/17-2.json" → "data-fr-brands-shard-17-2". */
export function dataFileTag(path: string): string {
  const slug = path
    .replace(/\.json$/, '')
    .split('/')
    .filter(Boolean)
    .map((p) => encodeURIComponent(p).replace(/%/g, '_').toLowerCase())
    .join('-');
  return `data-${slug}`;
}

/** Tags of a /data answer: its listing and the file itself. */
export function dataTags(path: string): string[] {
  return [listingTag(dataListing(path)), dataFileTag(path)];
}
