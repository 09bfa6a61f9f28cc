/**
 * The compact brand of lists (SPEC §7 "Brands"), shared by the wire schemas
 * (src/sources/http/wire.ts) and the query logic (query.ts) without either importing the other. Type-only imports: no zod here.
 */
import type { Brand, BrandSummary } from './schemas.ts';

export function toBrandSummary(b: Brand): BrandSummary {
  return {
    id: b.id,
    slug: b.slug,
    name: b.name,
    logo: b.logo,
    categoryId: b.categoryId,
    featured: b.featured,
    totalCoupons: b.totalCoupons,
    totalDeals: b.totalDeals,
  };
}
