/**
 * The home page's featured sections from the site config (`content.featuredCategories`,
 * `content.featuredBrands`): the configured ids, in the configured order, looked up in the
 * build's catalog; when the list is empty (or names nothing in the catalog) the catalog's own
 * featured items. Pure: tested in tests/unit/page-models/featured.test.ts.
 */

export interface FeaturedPick<T> {
  items: T[];
  /** "config" when the configured ids were used, "catalog" for the fallback. */
  from: 'config' | 'catalog';
  /** Configured ids the catalog does not have (reported by the build). */
  unknownIds: number[];
}

export function pickFeatured<T extends { id: number }>(
  ids: readonly number[],
  all: readonly T[],
  fallback: readonly T[],
  limit: number,
): FeaturedPick<T> {
  const byId = new Map(all.map((item) => [item.id, item]));
  const seen = new Set<number>();
  const items: T[] = [];
  const unknownIds: number[] = [];
  for (const id of ids) {
    if (seen.has(id)) continue;
    seen.add(id);
    const item = byId.get(id);
    if (item) items.push(item);
    else unknownIds.push(id);
  }
  if (items.length === 0) return { items: fallback.slice(0, limit), from: 'catalog', unknownIds };
  return { items: items.slice(0, limit), from: 'config', unknownIds };
}
