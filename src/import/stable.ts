/**
 * Stable stamps across imports (issue 42): an item whose content did not change keeps the
 * `updatedAt` of the previous catalog, so an import of the same feed an hour later gives the same
 * catalog, and the build the same bytes (only what changed is deployed and purged). Ids are kept
 * by merge.ts (matched by slug, brand + code, brand + title); this only restores the stamp.
 */
import type { LocalizedCatalog } from '../catalog/schemas.ts';

type Stamped = { id: number; updatedAt?: string | null };

/**
 * The item's JSON without its `updatedAt` (what "did not change" compares), and without a brand's
 * copy of its category's count (`category.totalCoupons`), which moves with every offer of the
 * category and is not the brand's.
 */
function content(item: Stamped): string {
  const { updatedAt: _, ...rest } = item as Stamped & { category?: { totalCoupons?: number } | null };
  const category = (rest as { category?: { totalCoupons?: number } | null }).category;
  return JSON.stringify(category ? { ...rest, category: { ...category, totalCoupons: undefined } } : rest);
}

function keep<T extends Stamped>(items: T[], previous: readonly T[]): T[] {
  if (previous.length === 0) return items;
  const before = new Map(previous.map((p) => [p.id, p]));
  return items.map((item) => {
    const prev = before.get(item.id);
    if (!prev || prev.updatedAt === item.updatedAt || content(prev) !== content(item)) return item;
    return { ...item, updatedAt: prev.updatedAt };
  });
}

/** The merge's result with the previous `updatedAt` of every category, brand and offer that is unchanged. */
export function keepUnchangedStamps<R extends { catalog: LocalizedCatalog }>(
  previous: LocalizedCatalog | null,
  result: R,
): R {
  if (!previous) return result;
  const { catalog } = result;
  return {
    ...result,
    catalog: {
      ...catalog,
      categories: keep(catalog.categories, previous.categories),
      brands: keep(catalog.brands, previous.brands),
      coupons: keep(catalog.coupons, previous.coupons),
      deals: keep(catalog.deals, previous.deals),
    },
  };
}
