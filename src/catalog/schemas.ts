/**
 * Catalog entity schemas (SPEC §3 "Entities and their fields").
 *
 * Two layers:
 * - **model schemas** (`categorySchema`, `brandSchema`, `couponSchema`, …): the ONE normalized
 *   shape the UI uses, camelCase, every field always present (null when unknown). Types come
 *   from `z.infer` of these.
 * - **wire schemas** (`rawCategorySchema`, …) live with the HTTP source in
 *   `src/sources/http/wire.ts`: they accept what an API sends (snake_case or camelCase, numbers
 *   as strings, several spellings of one field) and transform it into the model here.
 *
 * Nothing here imports React, touches the DOM or fetches.
 */
// Before any schema is built: no `new Function` probe under the deploy CSP (browser bundles).
import './zod-jitless.ts';
import { z } from 'zod';
import { SEARCH_TYPES, SORTS } from './constants.ts';
import { formatJsonPath } from './json-path.ts';
import { CATALOG_LANGUAGES, type LocalizedText, localizedTextProblems } from './localized.ts';
import {
  isCountryCode,
  isCurrencyCode,
  isHexColor,
  isImageUrl,
  isIsoDate,
  isOutboundUrl,
  isSafeSlug,
  isSitePath,
  REFINEMENT_MESSAGES,
  SLUG_MAX_LENGTH,
} from './refinements.ts';

export {
  formatJsonPath,
  isCountryCode,
  isCurrencyCode,
  isHexColor,
  isImageUrl,
  isIsoDate,
  isOutboundUrl,
  isSafeSlug,
  isSitePath,
  REFINEMENT_MESSAGES,
  SEARCH_TYPES,
  SLUG_MAX_LENGTH,
  SORTS,
};

// ---------------------------------------------------------------------------
// Shared refinements (src/catalog/refinements.ts): ONE set of tests for what renderers rely on
// (colours, slugs, URLs, dates, currency), used twice: the model schemas below REJECT a value that
// fails one (catalog files, the reference API's --catalog); the wire schemas (src/sources/http)
// NORMALIZE with the same test (an API value that fails becomes null, the default colour or a
// derived slug). Renderers check colours and links again at the sink with the same functions.
// ---------------------------------------------------------------------------

// ---------------------------------------------------------------------------
// Model schemas (normalized, what screens consume)
// ---------------------------------------------------------------------------

/**
 * The language of an entity's texts when it is not the page's (a marked fallback, issue 24,
 * src/catalog/localized.ts): rendered as a `lang` attribute. Absent when the texts are in the
 * page's language, and always absent in catalog files.
 */
export const textLangSchema = z.enum(CATALOG_LANGUAGES).optional();

/** A plain string or `{ "en": "…", "es": "…" }` (catalog languages only, at least one). */
export const localizedTextSchema = z.custom<LocalizedText>().superRefine((v, ctx) => {
  for (const p of localizedTextProblems(v)) ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
});

/** Numeric entity id, e.g. 42. */
export const idSchema = z.number().int().nonnegative();

/** URL segment of a brand or category page, e.g. "home-and-garden" (see `isSafeSlug`). */
export const slugSchema = z.string().refine(isSafeSlug, { error: REFINEMENT_MESSAGES.slug });

/** #RRGGBB, e.g. "#2563eb" (see `isHexColor`). */
export const colorSchema = z.string().refine(isHexColor, { error: REFINEMENT_MESSAGES.color });

/** An ISO 8601 timestamp, e.g. "2026-05-01T00:00:00.000Z", or null when unknown. */
const isoOrNull = z.string().refine(isIsoDate, { error: REFINEMENT_MESSAGES.date }).nullable();

/** http(s) address or site-relative path ("/logos/acme.svg"), or null. */
export const imageOrNull = z.string().refine(isImageUrl, { error: REFINEMENT_MESSAGES.image }).nullable();

/** Outbound http(s) address, or null when missing (SPEC/ARCHITECTURE "Outbound links"). */
/**
 * Where an offer may be used (issue 39, "markets"): ISO 3166-1 alpha-2 codes. Optional, and absent
 * (or empty) when the offer is valid in every country, so catalogs without it carry no extra bytes.
 */
export const countriesSchema = z.array(z.string().refine(isCountryCode, { error: REFINEMENT_MESSAGES.country }));

const outboundOrNull = z.string().refine(isOutboundUrl, { error: REFINEMENT_MESSAGES.outbound }).nullable();

/** How a discount is expressed. "fixed" is an amount off in the listing currency. */
export const DISCOUNT_TYPES = ['percentage', 'fixed', 'free_shipping', 'bogo'] as const;
export const discountTypeSchema = z.enum(DISCOUNT_TYPES);
export type DiscountType = z.infer<typeof discountTypeSchema>;

/** Listing sorts (SPEC §5 "Query params"). */
export const sortSchema = z.enum(SORTS);
export type Sort = z.infer<typeof sortSchema>;

export const categorySchema = z.strictObject({
  id: idSchema,
  /** URL segment, e.g. "electronics". */
  slug: slugSchema,
  name: z.string(),
  description: z.string(),
  lang: textLangSchema,
  /** Emoji or short icon name, e.g. "💻". */
  icon: z.string(),
  /** #RRGGBB, e.g. "#2563eb". */
  color: colorSchema,
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
  slug: slugSchema,
  name: z.string(),
  lang: textLangSchema,
  icon: z.string(),
  totalCoupons: z.number().int().nonnegative(),
});
export type BrandCategoryRef = z.infer<typeof brandCategoryRefSchema>;

export const brandSchema = z.strictObject({
  id: idSchema,
  slug: slugSchema,
  name: z.string(),
  description: z.string(),
  lang: textLangSchema,
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
  lang: true,
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
  slug: slugSchema,
  name: z.string(),
  lang: textLangSchema,
  logo: imageOrNull,
});
export type BrandRef = z.infer<typeof brandRefSchema>;

/** The category nested in a coupon or deal. */
export const categoryRefSchema = z.strictObject({
  id: idSchema,
  slug: slugSchema,
  name: z.string(),
  lang: textLangSchema,
  icon: z.string(),
  color: colorSchema,
});
export type CategoryRef = z.infer<typeof categoryRefSchema>;

/** Shoppers' answers to "Did {CODE} work?" of the last 30 days, e.g. { worked: 34, failed: 3 }. */
export const votesSchema = z.strictObject({
  worked: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
});
export type Votes = z.infer<typeof votesSchema>;

export const couponSchema = z.strictObject({
  id: idSchema,
  brandId: idSchema.nullable(),
  categoryId: idSchema.nullable(),
  /** Promo code; empty string when the offer needs no code. */
  code: z.string(),
  name: z.string(),
  description: z.string(),
  lang: textLangSchema,
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
  // Code health (issue 22, docs/code-health.md): optional, and absent (not null) when nothing was
  // counted, so catalogs and island props without them carry no extra bytes.
  /** When a shopper last said the code worked (the last 30 days), e.g. "2026-11-25T13:05:00.000Z". */
  lastWorkedAt: isoOrNull.optional(),
  /** When a shopper last said the code did not work (the last 30 days). */
  lastFailedAt: isoOrNull.optional(),
  /** Shoppers' answers of the last 30 days, as counted (never seeded): { "worked": 34, "failed": 3 }. */
  votes: votesSchema.nullable().optional(),
  /** When the operator last checked the code by hand; "Verified" shows this date. */
  verifiedAt: isoOrNull.optional(),
  /** Countries where the offer is valid (issue 39); absent or empty = every country. */
  countries: countriesSchema.optional(),
  /** Pinned by the operator until this instant (issue 40; set by applyOverrides while the pin holds): listed first. */
  pinnedUntil: isoOrNull.optional(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const dealSchema = z.strictObject({
  id: idSchema,
  brandId: idSchema.nullable(),
  categoryId: idSchema.nullable(),
  code: z.string(),
  title: z.string(),
  description: z.string(),
  lang: textLangSchema,
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
  currency: z.string().refine(isCurrencyCode, { error: REFINEMENT_MESSAGES.currency }),
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
  /** Offered to chosen partners, this publisher among them (issue 39): badged "Exclusive". */
  exclusive: z.boolean().optional(),
  /** Countries where the offer is valid (issue 39); absent or empty = every country. */
  countries: countriesSchema.optional(),
  /** Pinned by the operator until this instant (issue 40; set by applyOverrides while the pin holds): listed first. */
  pinnedUntil: isoOrNull.optional(),
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

/** The catalog as a whole, every item valid: what the sample, fixtures and the static export work from. */
export const strictCatalogSchema = z.strictObject({
  categories: z.array(categorySchema),
  brands: z.array(brandSchema),
  coupons: z.array(couponSchema),
  deals: z.array(dealSchema),
  stats: statsSchema,
  /** Trending search terms, most popular first. */
  trending: z.array(z.string()),
});
export type Catalog = z.infer<typeof strictCatalogSchema>;

// Catalog files, snapshots and API catalog exports hold every language at once: each text is a
// plain string or { "en": "…", "es": "…" } (src/catalog/localized.ts). `localizeCatalog`
// (localize-catalog.ts) turns one into the `Catalog` of one page language.
const text = localizedTextSchema;
const localizedBrandRefSchema = brandRefSchema.omit({ lang: true }).extend({ name: text });
const localizedCategoryRefSchema = categoryRefSchema.omit({ lang: true }).extend({ name: text });
export const localizedCategorySchema = categorySchema.omit({ lang: true }).extend({ name: text, description: text });
export const localizedBrandSchema = brandSchema.omit({ lang: true }).extend({
  name: text,
  description: text,
  category: brandCategoryRefSchema.omit({ lang: true }).extend({ name: text }).nullable(),
});
const offerRefs = { brand: localizedBrandRefSchema.nullable(), category: localizedCategoryRefSchema.nullable() };
export const localizedCouponSchema = couponSchema
  .omit({ lang: true })
  .extend({ name: text, description: text, ...offerRefs });
export const localizedDealSchema = dealSchema
  .omit({ lang: true })
  .extend({ title: text, description: text, ...offerRefs });
export const localizedCatalogSchema = z.strictObject({
  categories: z.array(localizedCategorySchema),
  brands: z.array(localizedBrandSchema),
  coupons: z.array(localizedCouponSchema),
  deals: z.array(localizedDealSchema),
  stats: statsSchema,
  trending: z.array(text),
});
/** A catalog in every language at once (a `Catalog` is one too: plain strings). */
export type LocalizedCatalog = z.infer<typeof localizedCatalogSchema>;
export type LocalizedCategory = z.infer<typeof localizedCategorySchema>;
export type LocalizedBrand = z.infer<typeof localizedBrandSchema>;
export type LocalizedCoupon = z.infer<typeof localizedCouponSchema>;
export type LocalizedDeal = z.infer<typeof localizedDealSchema>;

// ---------------------------------------------------------------------------
// Values shared with the wire schemas (src/sources/http/wire.ts) and the sample catalog
// ---------------------------------------------------------------------------

/** ISO string, epoch milliseconds or Date → ISO string; unparseable → null. */
export function toIsoDate(v: unknown): string | null {
  if (v === undefined || v === null || v === '') return null;
  const d = v instanceof Date ? v : typeof v === 'number' || typeof v === 'string' ? new Date(v) : null;
  if (!d || Number.isNaN(d.getTime())) return null;
  const iso = d.toISOString();
  return isIsoDate(iso) ? iso : null; // years beyond 9999 ("+010000-…") are not shown
}

/** "Crumb & Co" → "crumb-and-co". */
export function slugify(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
