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
// Before any schema is built: no `new Function` probe under the deploy CSP (browser bundles).
import './zod-jitless.ts';
import { z } from 'zod';
import { toBrandSummary } from './brand-summary.ts';
import { SEARCH_TYPES, SORTS } from './constants.ts';
import { CATALOG_LANGUAGES, type LocalizedText, localizedTextProblems } from './localized.ts';
import {
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
// fails one (catalog files, the reference API's --catalog); the wire schemas further down
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
const imageOrNull = z.string().refine(isImageUrl, { error: REFINEMENT_MESSAGES.image }).nullable();

/** Outbound http(s) address, or null when missing (SPEC/ARCHITECTURE "Outbound links"). */
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
  lang: textLangSchema,
  image: imageOrNull,
  /** Set for brand and category suggestions so the UI can link to /brands/{slug}. */
  slug: slugSchema.nullable(),
});
export type SearchSuggestion = z.infer<typeof searchSuggestionSchema>;

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
export const localizedCouponSchema = couponSchema.omit({ lang: true }).extend({ name: text, description: text, ...offerRefs });
export const localizedDealSchema = dealSchema.omit({ lang: true }).extend({ title: text, description: text, ...offerRefs });
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

/** One reason a catalog file item was dropped (or the whole file refused). */
export type CatalogProblem = {
  /** JSON path, e.g. "brands[3].slug" or "(root)". */
  path: string;
  /** "category", "brand", "coupon" or "deal"; null for a problem outside the item lists. */
  entity: CatalogEntity | null;
  /** The item's id as written in the file, when it has one. */
  id: unknown;
  /** The field inside the item, e.g. "slug" or "category.color"; "" for the item as a whole. */
  field: string;
  message: string;
};
export type CatalogEntity = 'category' | 'brand' | 'coupon' | 'deal';
export type CatalogParse =
  | { ok: true; catalog: LocalizedCatalog; problems: CatalogProblem[]; dropped: number }
  | { ok: false; problems: CatalogProblem[] };

const CATALOG_LISTS = [
  { key: 'categories', entity: 'category', schema: localizedCategorySchema, slugs: true },
  { key: 'brands', entity: 'brand', schema: localizedBrandSchema, slugs: true },
  { key: 'coupons', entity: 'coupon', schema: localizedCouponSchema, slugs: false },
  { key: 'deals', entity: 'deal', schema: localizedDealSchema, slugs: false },
] as const;

const catalogShellSchema = z.strictObject({
  categories: z.array(z.unknown()),
  brands: z.array(z.unknown()),
  coupons: z.array(z.unknown()),
  deals: z.array(z.unknown()),
  stats: statsSchema,
  trending: z.array(localizedTextSchema),
});

/** "brands[3].category.color" from ["brands", 3, "category", "color"]. */
export function formatJsonPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out || '(root)';
}

/**
 * Validates a catalog file (build time `staticData.catalog`, the reference API's `--catalog`)
 * item by item against the model schemas: an invalid item, or one whose id or slug repeats an
 * earlier one, is DROPPED and reported with its entity, id and field, so one bad record never
 * stops a build. Only a file that is not a catalog at all (`ok: false`) is refused.
 */
export function parseCatalog(raw: unknown): CatalogParse {
  const shell = catalogShellSchema.safeParse(raw);
  if (!shell.success) {
    return {
      ok: false,
      problems: shell.error.issues.map((i) => ({
        path: formatJsonPath(i.path),
        entity: null,
        id: undefined,
        field: '',
        message: i.message,
      })),
    };
  }
  const problems: CatalogProblem[] = [];
  let dropped = 0;
  const lists: Record<string, unknown[]> = {};
  for (const { key, entity, schema, slugs } of CATALOG_LISTS) {
    const kept: unknown[] = [];
    const ids = new Map<number, number>();
    const seenSlugs = new Map<string, number>();
    shell.data[key].forEach((item, index) => {
      const id = asDict(item)?.id;
      const at = (inside: ReadonlyArray<PropertyKey>, message: string) =>
        problems.push({
          path: formatJsonPath([key, index, ...inside]),
          entity,
          id,
          field: inside.length > 0 ? formatJsonPath(inside) : '',
          message,
        });
      const parsed = schema.safeParse(item);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) at(issue.path, issue.message);
        dropped++;
        return;
      }
      const value = parsed.data as { id: number; slug?: string };
      const sameId = ids.get(value.id);
      const sameSlug = slugs && value.slug !== undefined ? seenSlugs.get(value.slug) : undefined;
      if (sameId !== undefined || sameSlug !== undefined) {
        if (sameId !== undefined) at(['id'], `Duplicate ${entity} id ${value.id} (first used by ${key}[${sameId}])`);
        if (sameSlug !== undefined)
          at(['slug'], `Duplicate ${entity} slug "${value.slug}" (first used by ${key}[${sameSlug}])`);
        dropped++;
        return;
      }
      ids.set(value.id, index);
      if (slugs && value.slug !== undefined) seenSlugs.set(value.slug, index);
      kept.push(value);
    });
    lists[key] = kept;
  }
  const catalog = { ...shell.data, ...lists } as LocalizedCatalog;
  return { ok: true, catalog, problems, dropped };
}

/** One line per problem, e.g. `brands[3].slug (brand 7): Slug may only contain …`. */
export function formatCatalogProblems(problems: readonly CatalogProblem[]): string[] {
  return problems.map((p) => {
    const who =
      p.entity === null
        ? ''
        : ` (${p.entity}${typeof p.id === 'number' || typeof p.id === 'string' ? ` ${JSON.stringify(p.id).slice(0, 40)}` : ''})`;
    return `${p.path}${who}: ${p.message}`;
  });
}

/**
 * A catalog file as the build and the reference API read it: invalid items are dropped (see
 * `parseCatalog`, which also says which and why); only a file that is not a catalog fails.
 */
export const catalogSchema = z.unknown().transform((raw, ctx): LocalizedCatalog => {
  const result = parseCatalog(raw);
  if (result.ok) return result.catalog;
  for (const issue of catalogShellSchema.safeParse(raw).error?.issues ?? [])
    ctx.addIssue({ code: 'custom', message: issue.message, path: [...issue.path] });
  return z.NEVER;
});

// ---------------------------------------------------------------------------
// Wire schemas: what an API or a JSON file sends → the model above
// ---------------------------------------------------------------------------

type Dict = Record<string, unknown>;

/** The first of `keys` whose value is neither undefined nor null. */
function first(o: Dict, ...keys: string[]): unknown {
  for (const k of keys) {
    const v = o[k];
    if (v !== undefined && v !== null) return v;
  }
  return undefined;
}

/** 42 or "42" → 42; anything else → undefined. */
function toInt(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return v;
  if (typeof v === 'string' && /^\d+$/.test(v.trim()) && Number.isSafeInteger(Number(v.trim())))
    return Number(v.trim());
  return undefined;
}

/** 12.5 or "12.5" → 12.5; anything else → null. */
function toNum(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
}

function toCount(v: unknown): number {
  const n = toNum(v);
  return n !== null && n >= 0 ? Math.min(Math.floor(n), Number.MAX_SAFE_INTEGER) : 0;
}

/** true/false, 1/0, "true"/"false", "1"/"0", "yes"/"no". Unknown → false. */
function toBool(v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'string') return ['true', '1', 'yes', 'y'].includes(v.trim().toLowerCase());
  return false;
}

function toText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return '';
}

function toTextOrNull(v: unknown): string | null {
  const s = toText(v).trim();
  return s === '' ? null : s;
}

/** ISO string, epoch milliseconds or Date → ISO string; unparseable → null. */
export function toIsoDate(v: unknown): string | null {
  if (v === undefined || v === null || v === '') return null;
  const d = v instanceof Date ? v : typeof v === 'number' || typeof v === 'string' ? new Date(v) : null;
  if (!d || Number.isNaN(d.getTime())) return null;
  const iso = d.toISOString();
  return isIsoDate(iso) ? iso : null; // years beyond 9999 ("+010000-…") are not shown
}

/**
 * Only http: and https: addresses survive (`isOutboundUrl`, after trimming surrounding spaces);
 * anything else (javascript:, data:, vbscript:, "//host", relative, control characters) → null.
 */
export function toOutboundUrl(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const s = v.trim();
  if (!isOutboundUrl(s)) return null;
  const href = new URL(s).href;
  return isOutboundUrl(href) ? href : null;
}

/** Images: http(s) addresses or site paths ("/logos/a.svg", `isImageUrl`); anything else → null. */
export function toImageUrl(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const s = v.trim();
  if (isSitePath(s)) return s;
  return toOutboundUrl(s);
}

/** The colour used when a wire value is not #RRGGBB. */
export const DEFAULT_COLOR = '#6b7280';

function toColor(v: unknown): string {
  return isHexColor(v) ? v : DEFAULT_COLOR;
}

/** A wire slug when safe (`isSafeSlug`); otherwise one derived from it, from the name, or the id. */
export function toSlug(v: unknown, name: string, id: number): string {
  const given = toText(v).trim();
  if (isSafeSlug(given)) return given;
  for (const candidate of [slugify(given), slugify(name)]) {
    const cut = candidate.slice(0, SLUG_MAX_LENGTH).replace(/-+$/, '');
    if (isSafeSlug(cut)) return cut;
  }
  return String(id);
}

/** "usd" → "USD"; anything that is not a 3-letter code → "USD". */
function toCurrency(v: unknown): string {
  const s = toText(v).trim().toUpperCase();
  return isCurrencyCode(s) ? s : 'USD';
}

function toStatus(v: unknown): string | null {
  return toTextOrNull(v);
}

/** Normalize discountType spellings; infer from the discount text when missing. */
export function toDiscountType(v: unknown, discountText: string): DiscountType {
  const s =
    typeof v === 'string'
      ? v
          .trim()
          .toLowerCase()
          .replace(/[\s-]+/g, '_')
      : '';
  if (['percentage', 'percent', '%', 'pct'].includes(s)) return 'percentage';
  if (['fixed', 'amount', 'fixed_amount', 'flat', 'cash'].includes(s)) return 'fixed';
  if (['free_shipping', 'freeshipping', 'shipping'].includes(s)) return 'free_shipping';
  if (['bogo', 'buy_one_get_one', 'b1g1'].includes(s)) return 'bogo';
  if (discountText.includes('%')) return 'percentage';
  if (/free\s*ship/i.test(discountText)) return 'free_shipping';
  if (/bogo|buy\s*one/i.test(discountText)) return 'bogo';
  return 'fixed';
}

const dictSchema = z.record(z.string(), z.unknown());

/** A wire object: any JSON object; required fields are checked in `requireFields`. */
function wire<T>(build: (o: Dict, ctx: z.RefinementCtx) => T | typeof z.NEVER) {
  return dictSchema.transform((o, ctx) => build(o, ctx));
}

/** Reports a missing/invalid required field as a zod issue; returns undefined when missing. */
function requireId(o: Dict, ctx: z.RefinementCtx, ...keys: string[]): number | undefined {
  const id = toInt(first(o, ...keys));
  if (id === undefined)
    ctx.addIssue({ code: 'custom', message: `${keys[0]} must be a whole number`, path: [keys[0]!] });
  return id;
}

function requireText(o: Dict, ctx: z.RefinementCtx, ...keys: string[]): string | undefined {
  const s = toText(first(o, ...keys)).trim();
  if (s === '') {
    ctx.addIssue({ code: 'custom', message: `${keys.join(' or ')} is required`, path: [keys[0]!] });
    return undefined;
  }
  return s;
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

function asDict(v: unknown): Dict | null {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Dict) : null;
}

function brandRefFrom(v: unknown, fallbackId: number | null): BrandRef | null {
  const o = asDict(v);
  if (!o) return null;
  const id = toInt(first(o, 'id')) ?? fallbackId;
  const name = toText(first(o, 'name')).trim();
  if (id === null || name === '') return null;
  return { id, slug: toSlug(first(o, 'slug'), name, id), name, logo: toImageUrl(first(o, 'logo', 'image')) };
}

function categoryRefFrom(v: unknown, fallbackId: number | null): CategoryRef | null {
  const o = asDict(v);
  if (!o) return null;
  const id = toInt(first(o, 'id')) ?? fallbackId;
  const name = toText(first(o, 'name')).trim();
  if (id === null || name === '') return null;
  return {
    id,
    slug: toSlug(first(o, 'slug'), name, id),
    name,
    icon: toText(first(o, 'icon')),
    color: toColor(first(o, 'color')),
  };
}

export const rawCategorySchema = wire((o, ctx): Category => {
  const id = requireId(o, ctx, 'id');
  const name = requireText(o, ctx, 'name');
  if (id === undefined || name === undefined) return z.NEVER;
  return {
    id,
    slug: toSlug(first(o, 'slug'), name, id),
    name,
    description: toText(first(o, 'description')),
    icon: toText(first(o, 'icon')),
    color: toColor(first(o, 'color')),
    totalCoupons: toCount(first(o, 'totalCoupons', 'coupon_count', 'couponCount', 'total_coupons')),
    totalDeals: toCount(first(o, 'totalDeals', 'deal_count', 'dealCount', 'total_deals')),
    featured: toBool(first(o, 'featured', 'is_trending', 'isTrending', 'is_featured', 'isFeatured')),
    createdAt: toIsoDate(first(o, 'createdAt', 'created_at')),
    updatedAt: toIsoDate(first(o, 'updatedAt', 'updated_at')),
  };
});

export const rawBrandSchema = wire((o, ctx): Brand => {
  const id = requireId(o, ctx, 'id');
  const name = requireText(o, ctx, 'name');
  if (id === undefined || name === undefined) return z.NEVER;
  const categoryId = toInt(first(o, 'categoryId', 'category_id')) ?? null;
  const cat = asDict(o.category);
  const countries = first(o, 'supportedCountries', 'supported_countries');
  return {
    id,
    slug: toSlug(first(o, 'slug'), name, id),
    name,
    description: toText(first(o, 'description')),
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
              }
            : null;
        })()
      : null,
  };
});

/** Accepts a full brand or a summary (brands/index rows, list endpoints). */
export const rawBrandSummarySchema = rawBrandSchema.transform(toBrandSummary);

function successRateFrom(v: unknown): number | null {
  const n = toNum(typeof v === 'string' ? v.replace('%', '') : v);
  if (n === null) return null;
  const pct = n > 0 && n <= 1 && !Number.isInteger(n) ? n * 100 : n;
  return Math.min(100, Math.max(0, pct));
}

export const rawCouponSchema = wire((o, ctx): Coupon => {
  const id = requireId(o, ctx, 'id');
  const name = requireText(o, ctx, 'name', 'title');
  if (id === undefined || name === undefined) return z.NEVER;
  const brandId = toInt(first(o, 'brandId', 'brand_id')) ?? toInt(asDict(o.brand)?.id) ?? null;
  const categoryId = toInt(first(o, 'categoryId', 'category_id')) ?? toInt(asDict(o.category)?.id) ?? null;
  const discount = toText(first(o, 'discount', 'discountValue', 'discount_value')).trim();
  return {
    id,
    brandId,
    categoryId,
    code: toText(first(o, 'code')).trim(),
    name,
    description: toText(first(o, 'description')),
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

export const rawDealSchema = wire((o, ctx): Deal => {
  const id = requireId(o, ctx, 'id');
  const title = requireText(o, ctx, 'title', 'name');
  if (id === undefined || title === undefined) return z.NEVER;
  const brandId = toInt(first(o, 'brandId', 'brand_id')) ?? toInt(asDict(o.brand)?.id) ?? null;
  const categoryId = toInt(first(o, 'categoryId', 'category_id')) ?? toInt(asDict(o.category)?.id) ?? null;
  const discount = toText(first(o, 'discount', 'discountValue', 'discount_value')).trim();
  const stock = toNum(first(o, 'stock', 'stockLeft', 'stock_left'));
  const originalPrice = toNum(first(o, 'originalPrice', 'original_price'));
  const salePrice = toNum(first(o, 'salePrice', 'sale_price', 'price'));
  return {
    id,
    brandId,
    categoryId,
    code: toText(first(o, 'code')).trim(),
    title,
    description: toText(first(o, 'description')),
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

export const rawSuggestionSchema = wire((o, ctx): SearchSuggestion => {
  const id = requireId(o, ctx, 'id');
  const title = requireText(o, ctx, 'title', 'name');
  const type = suggestionTypeSchema.safeParse(first(o, 'type'));
  if (!type.success)
    ctx.addIssue({ code: 'custom', message: 'type must be coupon, deal, brand or category', path: ['type'] });
  if (id === undefined || title === undefined || !type.success) return z.NEVER;
  const slug = toText(first(o, 'slug')).trim();
  return {
    id,
    type: type.data,
    title,
    subtitle: toText(first(o, 'subtitle', 'description')),
    image: toImageUrl(first(o, 'image', 'logo', 'img')),
    slug: (type.data === 'brand' || type.data === 'category') && isSafeSlug(slug) ? slug : null,
  };
});

/** A list of valid items plus what was dropped and why. */
export type ParsedItems<T> = { items: T[]; dropped: DroppedItem[] };
export type DroppedItem = { index: number; id: unknown; reason: string };

/**
 * Parse a list item by item: valid items are kept, invalid ones are dropped and reported,
 * so one bad record never blanks a page. A non-list input is reported as one drop at index -1.
 */
export function parseItems<S extends z.ZodType>(schema: S, raw: unknown): ParsedItems<z.output<S>> {
  if (!Array.isArray(raw)) return { items: [], dropped: [{ index: -1, id: undefined, reason: 'expected a list' }] };
  const items: z.output<S>[] = [];
  const dropped: DroppedItem[] = [];
  raw.forEach((entry, index) => {
    const r = schema.safeParse(entry);
    if (r.success) items.push(r.data);
    else
      dropped.push({
        index,
        id: asDict(entry)?.id,
        reason: r.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; '),
      });
  });
  return { items, dropped };
}

export const rawHomeDataSchema = wire((o): HomeData & { dropped: DroppedItem[] } => {
  const cats = parseItems(rawCategorySchema, first(o, 'featuredCategories', 'featured_categories') ?? []);
  const brands = parseItems(rawBrandSummarySchema, first(o, 'featuredBrands', 'featured_brands') ?? []);
  const coupons = parseItems(rawCouponSchema, first(o, 'featuredCoupons', 'featured_coupons') ?? []);
  const deals = parseItems(rawDealSchema, first(o, 'featuredDeals', 'featured_deals') ?? []);
  return {
    stats: rawStatsSchema.parse(asDict(o.stats) ?? {}),
    featuredCategories: cats.items,
    featuredBrands: brands.items,
    featuredCoupons: coupons.items,
    featuredDeals: deals.items,
    dropped: [...cats.dropped, ...brands.dropped, ...coupons.dropped, ...deals.dropped],
  };
});

/** A parsed paged response: a Page plus the dropped items. */
export type ParsedPage<T> = {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
  hasMore: boolean;
  /** true when the response had no total and it was estimated (SPEC §4). */
  estimated: boolean;
  dropped: DroppedItem[];
};

/**
 * Parse a paged API response (SPEC §3 "Paged response"). Accepted shapes:
 * `{ data: [...], pagination: { page, size, total, totalPage | total_page } }`,
 * `{ items, total, page }` (deals), `{ data: { items, pagination } }`, or a bare list.
 * Without a total, the SPEC §4 estimate is used: (page-1)*size + count when the page is short,
 * otherwise page*size + 10. hasMore follows SPEC §4 on the raw (pre-validation) count.
 */
export function parsePagedResponse<S extends z.ZodType>(
  schema: S,
  raw: unknown,
  requested: { page: number; pageSize: number },
): ParsedPage<z.output<S>> {
  let body: unknown = raw;
  const outer = asDict(raw);
  if (outer && !Array.isArray(outer.items) && asDict(outer.data)) body = outer.data;
  const o = asDict(body);
  const list = Array.isArray(body) ? body : o ? (first(o, 'items', 'data', 'results') ?? []) : [];
  const pag = (o && asDict(o.pagination)) ?? (outer && asDict(outer.pagination)) ?? o ?? {};
  const parsed = parseItems(schema, list);
  const rawCount = Array.isArray(list) ? list.length : 0;
  const page = toInt(first(pag, 'page', 'currentPage', 'current_page')) || requested.page;
  const pageSize =
    toInt(first(pag, 'size', 'pageSize', 'page_size', 'limit')) || requested.pageSize || Math.max(1, rawCount);
  const total = toInt(first(pag, 'total', 'totalItems', 'total_items', 'count'));
  const estimated = total === undefined;
  const t = total ?? (rawCount < pageSize ? (page - 1) * pageSize + rawCount : page * pageSize + 10);
  const totalPages =
    toInt(first(pag, 'totalPage', 'total_page', 'totalPages', 'total_pages')) ?? Math.ceil(t / pageSize);
  return {
    items: parsed.items,
    page,
    pageSize,
    total: t,
    totalPages,
    hasMore: rawCount === pageSize && page * pageSize < t,
    estimated,
    dropped: parsed.dropped,
  };
}

const PAGE_SIZE_WIRE = 20;

function searchSectionFrom<S extends z.ZodType>(schema: S, v: unknown, page: number) {
  const o = asDict(v) ?? {};
  const parsed = parseItems(schema, first(o, 'items', 'data') ?? []);
  const totalItems = toInt(first(o, 'totalItems', 'total_items', 'total')) ?? parsed.items.length;
  return {
    section: {
      items: parsed.items,
      totalItems,
      page: toInt(first(o, 'page')) || page,
      totalPages: toInt(first(o, 'totalPages', 'total_pages', 'totalPage')) ?? Math.ceil(totalItems / PAGE_SIZE_WIRE),
    },
    dropped: parsed.dropped,
  };
}

export const rawSearchResultSchema = wire((o): SearchResult & { dropped: DroppedItem[] } => {
  const coupons = searchSectionFrom(rawCouponSchema, o.coupons, 1);
  const deals = searchSectionFrom(rawDealSchema, o.deals, 1);
  const brands = parseItems(rawBrandSummarySchema, o.brands ?? []);
  const categories = parseItems(rawCategorySchema, o.categories ?? []);
  return {
    coupons: coupons.section,
    deals: deals.section,
    brands: brands.items,
    categories: categories.items,
    dropped: [...coupons.dropped, ...deals.dropped, ...brands.dropped, ...categories.dropped],
  };
});
