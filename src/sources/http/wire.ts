/**
 * Wire schemas: what an API sends → the model of src/catalog/schemas.ts (SPEC §3 "Entities and
 * their fields", "Paged response"). Used by the HTTP source (source.ts) and the build's pull
 * (fetch-catalog.ts) only.
 */
import { z } from 'zod';
import { toBrandSummary } from '../../catalog/brand-summary.ts';
import type { CatalogLanguage, LocalizedText } from '../../catalog/localized.ts';
import {
  type BrandCategoryRef,
  type BrandRef,
  type BrandSummary,
  type CategoryRef,
  type Coupon,
  isSafeSlug,
  type LocalizedBrand,
  type LocalizedCategory,
  type LocalizedCoupon,
  type LocalizedDeal,
  type Stats,
  toIsoDate,
  type Votes,
} from '../../catalog/schemas.ts';
import type { SearchSection, SearchSuggestion } from '../../catalog/search-schemas.ts';
import { suggestionTypeSchema } from '../../catalog/search-schemas.ts';
import {
  anyText,
  asDict,
  type Dict,
  first,
  requireId,
  requireLocalizedText,
  toBool,
  toColor,
  toCount,
  toCurrency,
  toDiscountType,
  toImageUrl,
  toInt,
  toLocalizedText,
  toNum,
  toOutboundUrl,
  toSlug,
  toStatus,
  toText,
  toTextLang,
  toTextOrNull,
  wire,
} from './wire-values.ts';

// Every shopper-facing text of a reply is a plain string or a per-language object (issue 24,
// src/catalog/localized.ts); an item or a nested brand/category may say which language its plain
// strings are in with its own `"lang"` (an API that fell back). The HTTP source resolves these to
// the page's language (reply-language.ts), the build's pull merges them into a LocalizedCatalog.
/** The language an item's plain-string texts are in, when the reply says so. */
type Mark = { lang?: CatalogLanguage };
type Texts<T, K extends keyof T> = Omit<T, K | 'lang'> & { [P in K]: LocalizedText } & Mark;
export type WireCategoryRef = Texts<CategoryRef, 'name'>;
export type WireBrandRef = Texts<BrandRef, 'name'>;
export type WireBrandCategoryRef = Texts<BrandCategoryRef, 'name'>;
export type WireCategory = LocalizedCategory & Mark;
export type WireBrand = Omit<LocalizedBrand, 'category'> & { category: WireBrandCategoryRef | null } & Mark;
export type WireBrandSummary = Texts<BrandSummary, 'name'>;
type WireOffer<T> = Omit<T, 'brand' | 'category'> & {
  brand: WireBrandRef | null;
  category: WireCategoryRef | null;
} & Mark;
export type WireCoupon = WireOffer<LocalizedCoupon>;
export type WireDeal = WireOffer<LocalizedDeal>;
export type WireSuggestion = Texts<SearchSuggestion, 'title' | 'subtitle'>;
export type WireHomeData = {
  stats: Stats;
  featuredCategories: WireCategory[];
  featuredBrands: WireBrandSummary[];
  featuredCoupons: WireCoupon[];
  featuredDeals: WireDeal[];
};
export type WireSearchResult = {
  coupons: SearchSection<WireCoupon>;
  deals: SearchSection<WireDeal>;
  brands: WireBrandSummary[];
  categories: WireCategory[];
};

/** An optional text: "" when missing. */
const optionalText = (v: unknown): LocalizedText => toLocalizedText(v, false) ?? '';

export { DEFAULT_COLOR, toDiscountType, toImageUrl, toOutboundUrl, toSlug } from './wire-values.ts';

/** What a nested brand or category shares: an id (or the item's own), a name, a slug, a `lang`. */
function refBase(v: unknown, fallbackId: number | null) {
  const o = asDict(v);
  if (!o) return null;
  const id = toInt(first(o, 'id')) ?? fallbackId;
  const name = toLocalizedText(first(o, 'name'));
  if (id === null || name === undefined) return null;
  return { o, ref: { id, slug: toSlug(first(o, 'slug'), anyText(name), id), name, ...toTextLang(o.lang) } };
}

function brandRefFrom(v: unknown, fallbackId: number | null): WireBrandRef | null {
  const base = refBase(v, fallbackId);
  return base && { ...base.ref, logo: toImageUrl(first(base.o, 'logo', 'image')) };
}

function categoryRefFrom(v: unknown, fallbackId: number | null): WireCategoryRef | null {
  const base = refBase(v, fallbackId);
  return base && { ...base.ref, icon: toText(first(base.o, 'icon')), color: toColor(first(base.o, 'color')) };
}

export const rawCategorySchema = wire((o, ctx): WireCategory => {
  const id = requireId(o, ctx, 'id');
  const name = requireLocalizedText(o, ctx, 'name');
  if (id === undefined || name === undefined) return z.NEVER;
  return {
    id,
    slug: toSlug(first(o, 'slug'), anyText(name), id),
    name,
    description: optionalText(first(o, 'description')),
    icon: toText(first(o, 'icon')),
    color: toColor(first(o, 'color')),
    totalCoupons: toCount(first(o, 'totalCoupons', 'coupon_count', 'couponCount', 'total_coupons')),
    totalDeals: toCount(first(o, 'totalDeals', 'deal_count', 'dealCount', 'total_deals')),
    featured: toBool(first(o, 'featured', 'is_trending', 'isTrending', 'is_featured', 'isFeatured')),
    createdAt: toIsoDate(first(o, 'createdAt', 'created_at')),
    updatedAt: toIsoDate(first(o, 'updatedAt', 'updated_at')),
    ...toTextLang(o.lang),
  };
});

export const rawBrandSchema = wire((o, ctx): WireBrand => {
  const id = requireId(o, ctx, 'id');
  const name = requireLocalizedText(o, ctx, 'name');
  if (id === undefined || name === undefined) return z.NEVER;
  const categoryId = toInt(first(o, 'categoryId', 'category_id')) ?? null;
  const cat = asDict(o.category);
  const countries = first(o, 'supportedCountries', 'supported_countries');
  return {
    id,
    slug: toSlug(first(o, 'slug'), anyText(name), id),
    name,
    description: optionalText(first(o, 'description')),
    logo: toImageUrl(first(o, 'logo', 'logoUrl', 'logo_url', 'image')),
    siteUrl: toOutboundUrl(first(o, 'siteUrl', 'site_url', 'website')),
    originUrl: toOutboundUrl(first(o, 'originUrl', 'origin_url')),
    trackingUrl: toOutboundUrl(first(o, 'trackingUrl', 'tracking_url')),
    uniqueName: toTextOrNull(first(o, 'uniqueName', 'unique_name')),
    categoryId: categoryId ?? (cat ? (toInt(cat.id) ?? null) : null),
    country: toTextOrNull(first(o, 'country')),
    featured: toBool(first(o, 'featured', 'is_featured', 'isFeatured')),
    supportedCountries: Array.isArray(countries) ? countries.filter((c): c is string => typeof c === 'string') : [],
    status: toInt(first(o, 'status')) ?? 1,
    totalCoupons: toCount(first(o, 'totalCoupons', 'total_coupons', 'coupon_count', 'couponCount')),
    totalDeals: toCount(first(o, 'totalDeals', 'total_deals', 'deal_count', 'dealCount')),
    createdAt: toIsoDate(first(o, 'createdAt', 'created_at')),
    updatedAt: toIsoDate(first(o, 'updatedAt', 'updated_at')),
    category: cat
      ? (() => {
          const ref = categoryRefFrom(cat, categoryId);
          return ref
            ? {
                id: ref.id,
                slug: ref.slug,
                name: ref.name,
                icon: ref.icon,
                totalCoupons: toCount(first(cat, 'totalCoupons', 'coupon_count', 'couponCount')),
                ...(ref.lang ? { lang: ref.lang } : {}),
              }
            : null;
        })()
      : null,
    ...toTextLang(o.lang),
  };
});

/** Accepts a full brand or a summary (brands/index rows, list endpoints). */
export const rawBrandSummarySchema = rawBrandSchema.transform((b): WireBrandSummary => toBrandSummary(b));

function successRateFrom(v: unknown): number | null {
  const n = toNum(typeof v === 'string' ? v.replace('%', '') : v);
  if (n === null) return null;
  const pct = n > 0 && n <= 1 && !Number.isInteger(n) ? n * 100 : n;
  return Math.min(100, Math.max(0, pct));
}

/** What coupons and deals share on the wire: their brand and category ids, and the discount text. */
function offerParts(o: Dict) {
  return {
    brandId: toInt(first(o, 'brandId', 'brand_id')) ?? toInt(asDict(o.brand)?.id) ?? null,
    categoryId: toInt(first(o, 'categoryId', 'category_id')) ?? toInt(asDict(o.category)?.id) ?? null,
    discount: toText(first(o, 'discount', 'discountValue', 'discount_value')).trim(),
  };
}

export const rawCouponSchema = wire((o, ctx): WireCoupon => {
  const id = requireId(o, ctx, 'id');
  const name = requireLocalizedText(o, ctx, 'name', 'title');
  if (id === undefined || name === undefined) return z.NEVER;
  const { brandId, categoryId, discount } = offerParts(o);
  return {
    id,
    brandId,
    categoryId,
    code: toText(first(o, 'code')).trim(),
    name,
    description: optionalText(first(o, 'description')),
    discount,
    discountType: toDiscountType(first(o, 'discountType', 'discount_type'), discount),
    featured: toBool(first(o, 'featured', 'isFeatured', 'is_featured')),
    exclusive: toBool(first(o, 'exclusive', 'isExclusive', 'is_exclusive')),
    verified: toBool(first(o, 'verified', 'isVerified', 'is_verified')),
    successRate: successRateFrom(first(o, 'successRate', 'success_rate')),
    status: toStatus(first(o, 'status')),
    startsAt: toIsoDate(first(o, 'startsAt', 'start_date', 'startDate')),
    expiresAt: toIsoDate(first(o, 'expiresAt', 'expiryDate', 'expiry_date', 'end_date', 'endDate', 'expires_at')),
    link: toOutboundUrl(first(o, 'link', 'url', 'trackingUrl', 'tracking_url')),
    createdAt: toIsoDate(first(o, 'createdAt', 'created_at')),
    updatedAt: toIsoDate(first(o, 'updatedAt', 'updated_at')),
    brand: brandRefFrom(o.brand, brandId),
    category: categoryRefFrom(o.category, categoryId),
    ...healthFrom(o),
    ...toTextLang(o.lang),
  };
});

type HealthPart = Pick<Coupon, 'lastWorkedAt' | 'lastFailedAt' | 'votes' | 'verifiedAt'>;

/** The code-health fields a reply has (docs/code-health.md); absent ones stay absent. */
function healthFrom(o: Dict): HealthPart {
  const out: HealthPart = {};
  const lastWorkedAt = toIsoDate(first(o, 'lastWorkedAt', 'last_worked_at'));
  const lastFailedAt = toIsoDate(first(o, 'lastFailedAt', 'last_failed_at'));
  const votes = votesFrom(o);
  const verifiedAt = toIsoDate(first(o, 'verifiedAt', 'verified_at'));
  if (lastWorkedAt) out.lastWorkedAt = lastWorkedAt;
  if (lastFailedAt) out.lastFailedAt = lastFailedAt;
  if (votes) out.votes = votes;
  if (verifiedAt) out.verifiedAt = verifiedAt;
  return out;
}

/**
 * `votes: { worked, failed }` (or `votes_worked` / `votes_failed` beside it); whole non-negative
 * counts only. Anything else (missing, negative, fractional, text) → null: no count is guessed.
 */
function votesFrom(o: Dict): Votes | null {
  const v = asDict(first(o, 'votes'));
  const worked = toInt(v ? first(v, 'worked') : first(o, 'votesWorked', 'votes_worked'));
  const failed = toInt(v ? first(v, 'failed') : first(o, 'votesFailed', 'votes_failed'));
  if (worked === undefined || failed === undefined) return null;
  return { worked, failed };
}

export const rawDealSchema = wire((o, ctx): WireDeal => {
  const id = requireId(o, ctx, 'id');
  const title = requireLocalizedText(o, ctx, 'title', 'name');
  if (id === undefined || title === undefined) return z.NEVER;
  const { brandId, categoryId, discount } = offerParts(o);
  const stock = toNum(first(o, 'stock', 'stockLeft', 'stock_left'));
  const originalPrice = toNum(first(o, 'originalPrice', 'original_price'));
  const salePrice = toNum(first(o, 'salePrice', 'sale_price', 'price'));
  return {
    id,
    brandId,
    categoryId,
    code: toText(first(o, 'code')).trim(),
    title,
    description: optionalText(first(o, 'description')),
    image: toImageUrl(first(o, 'image', 'img', 'imageUrl', 'image_url')),
    discount,
    discountType: toDiscountType(first(o, 'discountType', 'discount_type'), discount),
    hot: toBool(first(o, 'hot', 'isHotDeal', 'is_hot_deal', 'isHot', 'is_hot')),
    featured: toBool(first(o, 'featured', 'isFeatured', 'is_featured')),
    limited: toBool(first(o, 'limited', 'isLimited', 'is_limited')),
    stock: stock !== null && stock >= 0 ? Math.min(Math.floor(stock), Number.MAX_SAFE_INTEGER) : null,
    originalPrice: originalPrice !== null && originalPrice >= 0 ? originalPrice : null,
    salePrice: salePrice !== null && salePrice >= 0 ? salePrice : null,
    currency: toCurrency(first(o, 'currency')),
    status: toStatus(first(o, 'status')),
    originUrl: toOutboundUrl(first(o, 'originUrl', 'origin_url')),
    trackingUrl: toOutboundUrl(first(o, 'trackingUrl', 'tracking_url')),
    link: toOutboundUrl(first(o, 'link', 'url')),
    startsAt: toIsoDate(first(o, 'startsAt', 'start_date', 'startDate')),
    expiresAt: toIsoDate(first(o, 'expiresAt', 'endsAt', 'ends_at', 'end_date', 'endDate', 'expiryDate')),
    createdAt: toIsoDate(first(o, 'createdAt', 'created_at')),
    updatedAt: toIsoDate(first(o, 'updatedAt', 'updated_at')),
    brand: brandRefFrom(o.brand, brandId),
    category: categoryRefFrom(o.category, categoryId),
    ...toTextLang(o.lang),
  };
});

export const rawStatsSchema = wire(
  (o): Stats => ({
    totalCoupons: toCount(first(o, 'totalCoupons', 'total_coupons')),
    totalDeals: toCount(first(o, 'totalDeals', 'total_deals')),
    totalBrands: toCount(first(o, 'totalBrands', 'total_brands')),
    totalSavings: Math.max(0, toNum(first(o, 'totalSavings', 'total_savings')) ?? 0),
  }),
);

export const rawSuggestionSchema = wire((o, ctx): WireSuggestion => {
  const id = requireId(o, ctx, 'id');
  const title = requireLocalizedText(o, ctx, 'title', 'name');
  const type = suggestionTypeSchema.safeParse(first(o, 'type'));
  if (!type.success)
    ctx.addIssue({ code: 'custom', message: 'type must be coupon, deal, brand or category', path: ['type'] });
  if (id === undefined || title === undefined || !type.success) return z.NEVER;
  const slug = toText(first(o, 'slug')).trim();
  return {
    id,
    type: type.data,
    title,
    subtitle: optionalText(first(o, 'subtitle', 'description')),
    image: toImageUrl(first(o, 'image', 'logo', 'img')),
    slug: (type.data === 'brand' || type.data === 'category') && isSafeSlug(slug) ? slug : null,
    ...toTextLang(o.lang),
  };
});
