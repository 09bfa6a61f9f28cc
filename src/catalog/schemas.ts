/**
 * Catalog entity schemas (SPEC §3 "Entities and their fields").
 *
 * Two layers:
 * - **model schemas** (`categorySchema`, `brandSchema`, `couponSchema`, …): the ONE normalized
 *   shape the UI uses, camelCase, every field always present (null when unknown). Types come
 *   from `z.infer` of these.
 * - **wire schemas** (`rawCategorySchema`, …, further down): accept what an API or a JSON
 *   file sends (snake_case or camelCase, numbers as strings, several spellings of one field)
 *   and transform it into the model.
 *
 * Nothing here imports React, touches the DOM or fetches.
 */
import { z } from 'zod';

// ---------------------------------------------------------------------------
// Model schemas (normalized, what screens consume)
// ---------------------------------------------------------------------------

/** Numeric entity id, e.g. 42. */
export const idSchema = z.number().int().nonnegative();

/** An ISO 8601 timestamp, e.g. "2026-05-01T00:00:00.000Z", or null when unknown. */
const isoOrNull = z.string().nullable();

/** http(s) address or site-relative path ("/logos/acme.svg"), or null. */
const imageOrNull = z.string().nullable();

/** Outbound http(s) address, or null when missing or not http(s) (SPEC/ARCHITECTURE "Outbound links"). */
const outboundOrNull = z.string().nullable();

/** How a discount is expressed. "fixed" is an amount off in the listing currency. */
export const DISCOUNT_TYPES = ['percentage', 'fixed', 'free_shipping', 'bogo'] as const;
export const discountTypeSchema = z.enum(DISCOUNT_TYPES);
export type DiscountType = z.infer<typeof discountTypeSchema>;

/** Listing sorts (SPEC §5 "Query params"). */
export const SORTS = ['newest', 'popular', 'expiring', 'discount'] as const;
export const sortSchema = z.enum(SORTS);
export type Sort = z.infer<typeof sortSchema>;

export const categorySchema = z.strictObject({
  id: idSchema,
  /** URL segment, e.g. "electronics". */
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  /** Emoji or short icon name, e.g. "💻". */
  icon: z.string(),
  /** #RRGGBB, e.g. "#2563eb". */
  color: z.string(),
  totalCoupons: z.number().int().nonnegative(),
  totalDeals: z.number().int().nonnegative(),
  /** From is_trending / is_featured / featured. */
  featured: z.boolean(),
  createdAt: isoOrNull,
  updatedAt: isoOrNull,
});
export type Category = z.infer<typeof categorySchema>;

/** The category nested in a brand. */
export const brandCategoryRefSchema = z.strictObject({
  id: idSchema,
  slug: z.string(),
  name: z.string(),
  icon: z.string(),
  totalCoupons: z.number().int().nonnegative(),
});
export type BrandCategoryRef = z.infer<typeof brandCategoryRefSchema>;

export const brandSchema = z.strictObject({
  id: idSchema,
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  logo: imageOrNull,
  siteUrl: outboundOrNull,
  originUrl: outboundOrNull,
  trackingUrl: outboundOrNull,
  uniqueName: z.string().nullable(),
  categoryId: idSchema.nullable(),
  /** ISO country code, e.g. "US". */
  country: z.string().nullable(),
  featured: z.boolean(),
  supportedCountries: z.array(z.string()),
  status: z.number().int(),
  totalCoupons: z.number().int().nonnegative(),
  totalDeals: z.number().int().nonnegative(),
  createdAt: isoOrNull,
  updatedAt: isoOrNull,
  category: brandCategoryRefSchema.nullable(),
});
export type Brand = z.infer<typeof brandSchema>;

/**
 * The compact brand used by lists (brands page, brand select, featured/popular brands,
 * search results). Kept small so 10,000 brands fit in one browser download.
 */
export const brandSummarySchema = brandSchema.pick({
  id: true,
  slug: true,
  name: true,
  logo: true,
  categoryId: true,
  featured: true,
  totalCoupons: true,
  totalDeals: true,
});
export type BrandSummary = z.infer<typeof brandSummarySchema>;

/** The brand nested in a coupon or deal. */
export const brandRefSchema = z.strictObject({
  id: idSchema,
  slug: z.string(),
  name: z.string(),
  logo: imageOrNull,
});
export type BrandRef = z.infer<typeof brandRefSchema>;

/** The category nested in a coupon or deal. */
export const categoryRefSchema = z.strictObject({
  id: idSchema,
  slug: z.string(),
  name: z.string(),
  icon: z.string(),
  color: z.string(),
});
export type CategoryRef = z.infer<typeof categoryRefSchema>;

export const couponSchema = z.strictObject({
  id: idSchema,
  brandId: idSchema.nullable(),
  categoryId: idSchema.nullable(),
  /** Promo code; empty string when the offer needs no code. */
  code: z.string(),
  name: z.string(),
  description: z.string(),
  /** Discount as text, e.g. "20% OFF", "15", "Free Shipping". Format with `formatDiscount`. */
  discount: z.string(),
  discountType: discountTypeSchema,
  featured: z.boolean(),
  exclusive: z.boolean(),
  verified: z.boolean(),
  /** 0..100, or null when unknown. */
  successRate: z.number().min(0).max(100).nullable(),
  status: z.string().nullable(),
  startsAt: isoOrNull,
  /** From expiresAt / expiryDate / end_date. */
  expiresAt: isoOrNull,
  /** Store link (http/https only). */
  link: outboundOrNull,
  createdAt: isoOrNull,
  updatedAt: isoOrNull,
  brand: brandRefSchema.nullable(),
  category: categoryRefSchema.nullable(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const dealSchema = z.strictObject({
  id: idSchema,
  brandId: idSchema.nullable(),
  categoryId: idSchema.nullable(),
  code: z.string(),
  title: z.string(),
  description: z.string(),
  /** From img / imageUrl / image. */
  image: imageOrNull,
  discount: z.string(),
  discountType: discountTypeSchema,
  /** From is_hot_deal / isHotDeal. */
  hot: z.boolean(),
  featured: z.boolean(),
  /** Limited-time / limited-stock deal (isLimited). */
  limited: z.boolean(),
  stock: z.number().int().nonnegative().nullable(),
  originalPrice: z.number().nonnegative().nullable(),
  salePrice: z.number().nonnegative().nullable(),
  /** ISO 4217, e.g. "USD". */
  currency: z.string(),
  status: z.string().nullable(),
  originUrl: outboundOrNull,
  trackingUrl: outboundOrNull,
  link: outboundOrNull,
  startsAt: isoOrNull,
  /** From end_date / endsAt / expiresAt. */
  expiresAt: isoOrNull,
  createdAt: isoOrNull,
  updatedAt: isoOrNull,
  brand: brandRefSchema.nullable(),
  category: categoryRefSchema.nullable(),
});
export type Deal = z.infer<typeof dealSchema>;

export const statsSchema = z.strictObject({
  totalCoupons: z.number().int().nonnegative(),
  totalDeals: z.number().int().nonnegative(),
  totalBrands: z.number().int().nonnegative(),
  /** Total savings in dollars, e.g. 125000. */
  totalSavings: z.number().nonnegative(),
});
export type Stats = z.infer<typeof statsSchema>;

export const homeDataSchema = z.strictObject({
  stats: statsSchema,
  featuredCategories: z.array(categorySchema),
  featuredBrands: z.array(brandSummarySchema),
  featuredCoupons: z.array(couponSchema),
  featuredDeals: z.array(dealSchema),
});
export type HomeData = z.infer<typeof homeDataSchema>;

export const SUGGESTION_TYPES = ['coupon', 'deal', 'brand', 'category'] as const;
export const suggestionTypeSchema = z.enum(SUGGESTION_TYPES);
export type SuggestionType = z.infer<typeof suggestionTypeSchema>;

export const searchSuggestionSchema = z.strictObject({
  id: idSchema,
  type: suggestionTypeSchema,
  title: z.string(),
  subtitle: z.string(),
  image: imageOrNull,
  /** Set for brand and category suggestions so the UI can link to /brands/{slug}. */
  slug: z.string().nullable(),
});
export type SearchSuggestion = z.infer<typeof searchSuggestionSchema>;

export const SEARCH_TYPES = ['coupons', 'deals', 'brands', 'categories'] as const;
export const searchTypeSchema = z.enum(SEARCH_TYPES);
export type SearchType = z.infer<typeof searchTypeSchema>;

function searchSectionSchema<T extends z.ZodType>(item: T) {
  return z.strictObject({
    items: z.array(item),
    totalItems: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    totalPages: z.number().int().nonnegative(),
  });
}

export const searchResultSchema = z.strictObject({
  coupons: searchSectionSchema(couponSchema),
  deals: searchSectionSchema(dealSchema),
  brands: z.array(brandSummarySchema),
  categories: z.array(categorySchema),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
export type SearchSection<T> = { items: T[]; totalItems: number; page: number; totalPages: number };

/** The catalog as a whole: what the sample, fixtures and the static export work from. */
export const catalogSchema = z.strictObject({
  categories: z.array(categorySchema),
  brands: z.array(brandSchema),
  coupons: z.array(couponSchema),
  deals: z.array(dealSchema),
  stats: statsSchema,
  /** Trending search terms, most popular first. */
  trending: z.array(z.string()),
});
export type Catalog = z.infer<typeof catalogSchema>;
