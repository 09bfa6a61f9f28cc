/**
 * The compact brand of lists (SPEC §7 "Brands"), shared by the wire schemas
 * (src/sources/http/wire.ts) and the query logic (query.ts) without either importing the other. Type-only imports: no zod here.
 */
import type { Brand, BrandSummary } from './schemas.ts';

type SummaryFields = Pick<
  Brand,
  'id' | 'slug' | 'logo' | 'categoryId' | 'featured' | 'totalCoupons' | 'totalDeals' | 'lang'
>;

/** Generic over the name's type: a page's brand (a string) or a wire brand (a string or per-language texts). */
export function toBrandSummary<N>(b: SummaryFields & { name: N }): Omit<BrandSummary, 'name'> & { name: N } {
  return {
    id: b.id,
    slug: b.slug,
    name: b.name,
    logo: b.logo,
    categoryId: b.categoryId,
    featured: b.featured,
    totalCoupons: b.totalCoupons,
    totalDeals: b.totalDeals,
    ...(b.lang ? { lang: b.lang } : {}),
  };
}
