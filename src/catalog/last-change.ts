/**
 * When a catalog last changed (issue 42): the latest `updatedAt` of its categories, brands and
 * offers (an import keeps the stamp of what did not change, src/import/stable.ts). The build
 * writes this, not its own clock, where a page or /data file says how fresh the offers are, so
 * the same catalog gives the same bytes at any build time.
 */
type Stamped = readonly { updatedAt?: string | null }[];

/** The latest `updatedAt` (ISO), or null when no item has one. */
export function lastChange(catalog: {
  categories: Stamped;
  brands: Stamped;
  coupons: Stamped;
  deals: Stamped;
}): string | null {
  let last = Number.NEGATIVE_INFINITY;
  for (const list of [catalog.categories, catalog.brands, catalog.coupons, catalog.deals])
    for (const item of list) {
      const at = item.updatedAt ? Date.parse(item.updatedAt) : Number.NaN;
      if (at > last) last = at;
    }
  return Number.isFinite(last) ? new Date(last).toISOString() : null;
}
