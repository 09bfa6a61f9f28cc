/**
 * Which brands an edge site pre-renders (issue 32, `deploy.prerender`): the head, the brands with
 * the most live offers (ties by id), as many as `brandsPerLanguage` or, without it, as fit in a quarter
 * of `maxFiles` (each brand is three files per language: its page, the forwarding page of its id
 * and its feed). The rest of the site (home, listings, categories, content pages, /data) is
 * pre-rendered as on a static site; the build checks the total against `maxFiles`.
 */
import type { SiteConfig } from '../config/schema.ts';

/** Files a pre-rendered brand adds per language: page, /brands/<id> forward, feed. */
export const FILES_PER_BRAND_PAGE = 3;

export function prerenderBrandBudget(config: Pick<SiteConfig, 'deploy' | 'site'>): number {
  const { maxFiles, brandsPerLanguage } = config.deploy.prerender;
  if (brandsPerLanguage !== undefined) return brandsPerLanguage;
  // A quarter of the budget: the /data export, listings and assets take the rest at 10,000 brands.
  return Math.floor(maxFiles / 4 / (FILES_PER_BRAND_PAGE * config.site.supportedLanguages.length));
}

/** The `limit` brands with the most live offers (coupons + deals), ties by id; in that order. */
export function headBrands<B extends { id: number; totalCoupons: number; totalDeals: number }>(
  brands: readonly B[],
  limit: number,
): B[] {
  return [...brands]
    .sort((a, b) => b.totalCoupons + b.totalDeals - (a.totalCoupons + a.totalDeals) || a.id - b.id)
    .slice(0, Math.max(0, limit));
}
