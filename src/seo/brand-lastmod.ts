/**
 * The `<lastmod>` of each brand page in the sitemap (issue 40): when what the page OFFERS last
 * changed, the latest `updatedAt` of the brand and of its offers still offered. A code the
 * shoppers' verdict hides (src/catalog/health.ts `isOffered`, with the counted health the build
 * has: the catalog's or `--health-from`'s) is not offered, so nothing about it moves the date;
 * nor does an offer the operator hid (the overrides left it out of the catalog already).
 */
import { isOffered, type VerdictFields, type VerdictThresholds } from '../catalog/health.ts';

type Stamped = { updatedAt?: string | null };
type Offer = Stamped & { brandId: number | null };

/** "/brands/<slug>" → the ISO instant, for brands with a stamp. */
export function brandLastmods(
  catalog: {
    brands: readonly (Stamped & { id: number; slug: string })[];
    coupons: readonly (Offer & VerdictFields)[];
    deals: readonly Offer[];
  },
  now: Date,
  thresholds: VerdictThresholds,
): Map<string, string> {
  const latest = new Map<number, number>();
  const bump = (brandId: number | null, iso: string | null | undefined) => {
    if (brandId === null || !iso) return;
    const t = Date.parse(iso);
    if (!Number.isNaN(t) && t > (latest.get(brandId) ?? Number.NEGATIVE_INFINITY)) latest.set(brandId, t);
  };
  for (const b of catalog.brands) bump(b.id, b.updatedAt);
  for (const c of catalog.coupons) if (isOffered(c, now.getTime(), thresholds)) bump(c.brandId, c.updatedAt);
  for (const d of catalog.deals) bump(d.brandId, d.updatedAt);
  const out = new Map<string, string>();
  for (const b of catalog.brands) {
    const t = latest.get(b.id);
    if (t !== undefined) out.set(`/brands/${b.slug}`, new Date(t).toISOString());
  }
  return out;
}
