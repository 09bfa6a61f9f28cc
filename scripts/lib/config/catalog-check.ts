/**
 * A catalog the site cannot be built from (issue 23 "An empty catalog"): when every coupon of a
 * catalog is invalid (or there is none), the pages that show one (the code-modal test page, the
 * listings) have nothing to render and Astro used to stop with a stack trace ("/test/modal-ad
 * needs at least one coupon"). The build checks first and says in one line what is wrong.
 */
import type { LocalizedCatalog as Catalog } from '../../../src/catalog/schemas.ts';

/** What a list held before invalid items were left out (undefined: unknown, e.g. from an API). */
export type RawCounts = Partial<Record<'categories' | 'brands' | 'coupons' | 'deals', number>>;

/** One line saying why the catalog cannot build the site, or null when it can. */
export function emptyCatalogProblem(
  catalog: Catalog,
  source: string,
  siteId: string,
  raw: RawCounts = {},
): string | null {
  if (catalog.coupons.length > 0) return null;
  const had = raw.coupons;
  const why =
    had === undefined
      ? 'it has no valid coupon'
      : had === 0
        ? 'its "coupons" list is empty'
        : `all ${had} of its coupons are invalid (the problems are listed above)`;
  const alsoEmpty = (['deals', 'brands', 'categories'] as const).filter((k) => catalog[k].length === 0);
  return `Catalog ${source} cannot build site "${siteId}": ${why}, and a site needs at least one coupon${
    alsoEmpty.length ? ` (no valid ${alsoEmpty.join(', ')} either)` : ''
  }. Fix the catalog and build again.`;
}

/** The raw list lengths of a catalog file's JSON, for the message. */
export function rawCounts(json: unknown): RawCounts {
  const out: RawCounts = {};
  if (json && typeof json === 'object') {
    for (const k of ['categories', 'brands', 'coupons', 'deals'] as const) {
      const v = (json as Record<string, unknown>)[k];
      if (Array.isArray(v)) out[k] = v.length;
    }
  }
  return out;
}
