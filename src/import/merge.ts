/**
 * The merge (ARCHITECTURE "importing offers"): kept offers of every source → one catalog file in
 * the schema the build reads (src/catalog/schemas.ts `localizedCatalogSchema`).
 *
 * - One offer per brand and code across networks: the preferred network's (`prefer`, default the
 *   order of the sources) wins; deals (no code) are one per brand and title.
 * - Advertisers become brands (mapped or renamed by the mapping file, mapping.ts); brands,
 *   categories and offers keep their ids and slugs from `previous` (matched by slug, and offers by
 *   brand + code or brand + title), new ones get the next free id: stable across runs.
 * - From `previous`, for offers still there: code health (`votes`, `lastWorkedAt`,
 *   `lastFailedAt`, `verifiedAt`) and what only the operator sets (featured, verified,
 *   successRate, deal prices, stock, images, hot/limited; brand logos, descriptions, names).
 * - Language (issue 39): each offer's text is stored under its language (`lang` of the input, else
 *   the default language): a plain string when that is the default language (as before), else
 *   `{ "es": "…" }`. Variants of one offer in other languages — same brand and code, or for deals
 *   the same brand, dates and landing page, or a deal naming a coupon's code with the same brand
 *   and end — become ONE offer with one text per language (the first, preferred variant keeps its
 *   fields; the others add their texts and countries).
 * - Countries (issue 39): `countries` from the offer's regions (countries.ts), omitted when valid
 *   everywhere; variants' countries are joined (one valid everywhere makes the offer so).
 * - Exclusive: a coupon's `exclusive`, and a deal's optional one (set only when true), from the
 *   network's exclusive/attributable/not-public flags.
 * Pure: the clock is passed in.
 */

import type { CatalogLanguage, LocalizedText } from '../catalog/localized.ts';
import type {
  LocalizedBrand,
  LocalizedCatalog,
  LocalizedCategory,
  LocalizedCoupon,
  LocalizedDeal,
} from '../catalog/schemas.ts';
import { slugify } from '../catalog/schemas.ts';
import { countriesOf } from './countries.ts';
import { discountOf as readDiscount } from './discount.ts';
import { brandNameOf, categoryOf, type ImportMapping, type MappedCategory, slugFromName } from './mapping.ts';
import type { Network } from './offer.ts';
import type { CleanOffer } from './rules.ts';
import { keepUnchangedStamps } from './stable.ts';

export type MergeInput = { offer: CleanOffer; source: string; lang?: CatalogLanguage };
export type MergeOptions = {
  now: Date;
  mapping: ImportMapping;
  /** Network preference for duplicates, most preferred first. */
  prefer: readonly Network[];
  previous: LocalizedCatalog | null;
  /** Deals' listing currency (ISO 4217). */
  currency: string;
  /** The site's default language: texts in it are stored as plain strings (default "en"). */
  defaultLanguage?: CatalogLanguage;
};
export type Duplicate = { source: string; line: string };

/** "20% off everything" → { discount: "20", discountType: "percentage" } (discount.ts, any language). */
export function discountOf(
  text: string,
  lang: CatalogLanguage = 'en',
): Pick<LocalizedCoupon, 'discount' | 'discountType'> {
  const { discount, discountType } = readDiscount(text, lang);
  return { discount, discountType };
}

/** A localized text's first text (the preferred variant's), for matching previous offers. */
const plainName = (v: unknown) =>
  typeof v === 'string'
    ? v
    : v && typeof v === 'object'
      ? (Object.values(v as Record<string, string>).find((t) => typeof t === 'string') ?? '')
      : '';

type Variant = { title: string; description: string };
/** Texts by language → a plain string (only the default language) or `{ lang: text }`. */
function localized(
  texts: Map<CatalogLanguage, Variant>,
  pick: (v: Variant) => string,
  defaultLanguage: CatalogLanguage,
): LocalizedText {
  if (texts.size === 1 && texts.has(defaultLanguage)) return pick(texts.get(defaultLanguage)!);
  return Object.fromEntries([...texts].map(([lang, v]) => [lang, pick(v)]));
}
const upper = (s: string) => s.toUpperCase();
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Next free id after the largest of `ids` (1 for none). */
function idAllocator(ids: Iterable<number>) {
  let next = Math.max(0, ...ids) + 1;
  return () => next++;
}

export function mergeOffers(
  inputs: readonly MergeInput[],
  options: MergeOptions,
): { catalog: LocalizedCatalog; duplicates: Duplicate[] } {
  const { mapping, previous } = options;
  const now = options.now.toISOString();
  const rank = (n: Network) => {
    const i = options.prefer.indexOf(n);
    return i === -1 ? options.prefer.length : i;
  };

  const defaultLanguage = options.defaultLanguage ?? 'en';
  // Brands and categories of every offer, then duplicates out (preferred network first).
  const sorted = inputs
    .map((input, order) => {
      const o = input.offer;
      const brandName = brandNameOf(mapping, o.network, o.advertiserId, o.advertiserName);
      const brandSlug = slugFromName(brandName) || slugFromName(`${o.network}-${o.advertiserId}`) || 'brand';
      const key = o.code ? `${brandSlug}|code:${upper(o.code)}` : `${brandSlug}|deal:${slugify(o.title)}`;
      const lang = input.lang ?? defaultLanguage;
      return {
        ...input,
        order,
        brandName,
        brandSlug,
        key,
        variantKey: null as string | null,
        lang,
        /** Other languages' texts, when variants of this offer were merged into it. */
        variants: null as Map<CatalogLanguage, Variant> | null,
        countries: countriesOf(o.regions, o.network),
        category: categoryOf(mapping, o.categories),
      };
    })
    .sort((a, b) => rank(a.offer.network) - rank(b.offer.network) || a.order - b.order);
  // Variants are looked for only when the offers are in more than one language (else: no work).
  const multilingual = sorted.some((item) => item.lang !== sorted[0]!.lang);
  // Deals in other languages have other titles: the same brand, dates and page make a variant.
  if (multilingual)
    for (const item of sorted) {
      const o = item.offer;
      if (!o.code && (o.startsAt || o.endsAt))
        item.variantKey = `${item.brandSlug}|${o.startsAt}|${o.endsAt}|${o.landing ?? o.link}`;
    }
  // A deal whose text names a coupon's code, of the same brand and end, in another language, is
  // that coupon's variant (a real Awin reply: the English "promotion" says "using the code
  // HSBCXC", the Spanish "voucher" carries it). The first offer with a key is the one kept.
  const firstOfKey = new Map<string, (typeof sorted)[number]>();
  if (multilingual) for (const item of sorted) if (!firstOfKey.has(item.key)) firstOfKey.set(item.key, item);
  const couponsByEnd = new Map<string, (typeof sorted)[number][]>();
  for (const c of firstOfKey.values())
    if (c.offer.code.length >= 4) {
      const at = `${c.brandSlug}|${c.offer.endsAt}`;
      couponsByEnd.get(at)?.push(c) ?? couponsByEnd.set(at, [c]);
    }
  const couponNamedBy = (deal: (typeof sorted)[number]) => {
    if (!multilingual || !deal.offer.endsAt) return undefined;
    const text = `${deal.offer.title} ${deal.offer.description} ${deal.offer.terms}`;
    return couponsByEnd
      .get(`${deal.brandSlug}|${deal.offer.endsAt}`)
      ?.find(
        (c) =>
          c.lang !== deal.lang &&
          new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(c.offer.code)}($|[^\\p{L}\\p{N}])`, 'iu').test(text),
      );
  };
  const seen = new Map<string, (typeof sorted)[number]>();
  const byVariant = new Map<string, (typeof sorted)[number]>();
  const duplicates: Duplicate[] = [];
  const hasLanguage = (first: (typeof sorted)[number], lang: CatalogLanguage) =>
    first.lang === lang || (first.variants?.has(lang) ?? false);
  const addVariant = (first: (typeof sorted)[number], item: (typeof sorted)[number]) => {
    first.variants ??= new Map();
    first.variants.set(item.lang, { title: item.offer.title, description: item.offer.description || item.offer.terms });
    // Valid everywhere (no countries) wins; otherwise the variants' countries together.
    first.countries =
      first.countries.length === 0 || item.countries.length === 0
        ? []
        : [...new Set([...first.countries, ...item.countries])].sort();
  };
  /** Deals merged into a coupon they name: the same deal again is that coupon's duplicate. */
  const aliases = new Map<string, (typeof sorted)[number]>();
  for (const item of sorted) {
    const same = seen.get(item.key) ?? aliases.get(item.key);
    // A deal with other dates/page in the same language is another deal, not a variant.
    const named = !same && !item.offer.code ? couponNamedBy(item) : undefined;
    const variantOf =
      named && !hasLanguage(named, item.lang)
        ? named
        : !same && item.variantKey
          ? byVariant.get(item.variantKey)
          : undefined;
    const first = same ?? (variantOf && !hasLanguage(variantOf, item.lang) ? variantOf : undefined);
    if (first && !hasLanguage(first, item.lang)) {
      addVariant(first, item);
      if (first === named) aliases.set(item.key, first);
    } else if (first) {
      duplicates.push({
        source: item.source,
        line: `${item.offer.network} ${item.offer.sourceId} "${item.offer.title.slice(0, 60)}" of ${item.offer.advertiserName} (${item.offer.at}): same brand and ${item.offer.code ? 'code' : 'title'} as ${first.offer.network} ${first.offer.sourceId}, kept from ${first.offer.network}`,
      });
    } else {
      seen.set(item.key, item);
      if (item.variantKey && !byVariant.has(item.variantKey)) byVariant.set(item.variantKey, item);
    }
  }
  const kept = [...seen.values()].sort((a, b) => a.order - b.order);

  // Categories: ids and hand-set fields from `previous` by slug.
  const prevCategories = new Map((previous?.categories ?? []).map((c) => [c.slug, c]));
  const nextCategoryId = idAllocator((previous?.categories ?? []).map((c) => c.id));
  const categories = new Map<string, LocalizedCategory>();
  const categoryFor = (m: MappedCategory): LocalizedCategory => {
    let c = categories.get(m.slug);
    if (!c) {
      const prev = prevCategories.get(m.slug);
      // A category the mapping file names takes its name, icon and colour from it; one made from
      // a network's category name keeps what the operator set by hand in the previous catalog.
      const own =
        mapping.categories.length > 0
          ? m
          : { ...m, ...(prev && { name: prev.name, icon: prev.icon, color: prev.color }) };
      c = {
        id: prev?.id ?? nextCategoryId(),
        slug: m.slug,
        name: own.name,
        description: prev?.description ?? '',
        icon: own.icon,
        color: own.color,
        totalCoupons: 0,
        totalDeals: 0,
        featured: prev?.featured ?? false,
        createdAt: prev?.createdAt ?? now,
        updatedAt: now,
      };
      categories.set(m.slug, c);
    }
    return c;
  };

  // Brands: by slug, ids/hand-set fields from `previous`.
  const prevBrands = new Map((previous?.brands ?? []).map((b) => [b.slug, b]));
  const nextBrandId = idAllocator((previous?.brands ?? []).map((b) => b.id));
  const brands = new Map<string, LocalizedBrand & { counts: Map<number, number> }>();
  const brandFor = (item: (typeof kept)[number], category: LocalizedCategory) => {
    let b = brands.get(item.brandSlug);
    if (!b) {
      const prev = prevBrands.get(item.brandSlug);
      b = {
        id: prev?.id ?? nextBrandId(),
        slug: item.brandSlug,
        name: prev?.name ?? item.brandName,
        description: prev?.description ?? '',
        logo: prev?.logo ?? null,
        siteUrl: prev?.siteUrl ?? (item.offer.landing ? new URL(item.offer.landing).origin : null),
        originUrl: prev?.originUrl ?? null,
        trackingUrl: prev?.trackingUrl ?? null,
        uniqueName: prev?.uniqueName ?? null,
        categoryId: null,
        country: prev?.country ?? null,
        featured: prev?.featured ?? false,
        supportedCountries: prev?.supportedCountries ?? [],
        status: prev?.status ?? 1,
        totalCoupons: 0,
        totalDeals: 0,
        createdAt: prev?.createdAt ?? now,
        updatedAt: now,
        category: null,
        counts: new Map(),
      };
      brands.set(item.brandSlug, b);
    }
    b.counts.set(category.id, (b.counts.get(category.id) ?? 0) + 1);
    return b;
  };

  // Offers: previous ones matched by brand slug + code (coupons) or brand slug + title (deals).
  const prevBrandSlug = new Map((previous?.brands ?? []).map((b) => [b.id, b.slug]));
  const offerKey = (brandId: number | null, code: string, title: unknown) =>
    `${brandId === null ? '' : prevBrandSlug.get(brandId)}|${code ? `code:${upper(code)}` : `deal:${slugify(plainName(title))}`}`;
  const prevCoupons = new Map((previous?.coupons ?? []).map((c) => [offerKey(c.brandId, c.code, c.name), c]));
  const prevDeals = new Map((previous?.deals ?? []).map((d) => [offerKey(d.brandId, d.code, d.title), d]));
  const nextCouponId = idAllocator((previous?.coupons ?? []).map((c) => c.id));
  const nextDealId = idAllocator((previous?.deals ?? []).map((d) => d.id));
  const coupons: LocalizedCoupon[] = [];
  const deals: LocalizedDeal[] = [];

  for (const item of kept) {
    const o = item.offer;
    const category = categoryFor(item.category);
    const brand = brandFor(item, category);
    const brandRef = { id: brand.id, slug: brand.slug, name: brand.name, logo: brand.logo };
    const categoryRef = {
      id: category.id,
      slug: category.slug,
      name: category.name,
      icon: category.icon,
      color: category.color,
    };
    const found = readDiscount(`${o.title} ${o.description}`, item.lang);
    const own: Variant = { title: o.title, description: o.description || o.terms };
    let name: LocalizedText = own.title;
    let description: LocalizedText = own.description;
    if (item.variants || item.lang !== defaultLanguage) {
      const texts = new Map<CatalogLanguage, Variant>([[item.lang, own], ...(item.variants ?? [])]);
      name = localized(texts, (v) => v.title, defaultLanguage);
      description = localized(texts, (v) => v.description, defaultLanguage);
    }
    const where = item.countries.length ? { countries: item.countries } : {};
    const known = (prev: { discount: string; discountType: LocalizedCoupon['discountType'] } | undefined) =>
      found.discount === '' && prev && prev.discount.trim() !== ''
        ? { discount: prev.discount, discountType: prev.discountType }
        : { discount: found.discount, discountType: found.discountType };
    if (o.code) {
      const prev = prevCoupons.get(item.key);
      const discount = known(prev);
      const coupon: LocalizedCoupon = {
        id: prev?.id ?? nextCouponId(),
        brandId: brand.id,
        categoryId: category.id,
        code: o.code,
        name,
        description,
        ...discount,
        featured: prev?.featured ?? false,
        exclusive: o.exclusive || !o.public,
        verified: prev?.verified ?? false,
        successRate: prev?.successRate ?? null,
        status: 'active',
        startsAt: o.startsAt,
        expiresAt: o.endsAt,
        link: o.link,
        createdAt: prev?.createdAt ?? now,
        updatedAt: now,
        brand: brandRef,
        category: categoryRef,
        ...where,
      };
      for (const k of ['votes', 'lastWorkedAt', 'lastFailedAt', 'verifiedAt'] as const)
        if (prev?.[k] !== undefined) Object.assign(coupon, { [k]: prev[k] });
      coupons.push(coupon);
      brand.totalCoupons++;
      category.totalCoupons++;
    } else {
      const prev = prevDeals.get(item.key);
      const discount = known(prev);
      deals.push({
        id: prev?.id ?? nextDealId(),
        brandId: brand.id,
        categoryId: category.id,
        code: '',
        title: name,
        description,
        image: prev?.image ?? null,
        ...discount,
        hot: prev?.hot ?? false,
        featured: prev?.featured ?? false,
        limited: prev?.limited ?? false,
        stock: prev?.stock ?? null,
        originalPrice: prev?.originalPrice ?? null,
        salePrice: prev?.salePrice ?? null,
        currency: prev?.currency ?? found.currency ?? options.currency,
        status: 'active',
        originUrl: o.landing,
        trackingUrl: o.link,
        link: o.link,
        startsAt: o.startsAt,
        expiresAt: o.endsAt,
        createdAt: prev?.createdAt ?? now,
        updatedAt: now,
        brand: brandRef,
        category: categoryRef,
        ...where,
        ...(o.exclusive || !o.public ? { exclusive: true } : {}),
      });
      brand.totalDeals++;
      category.totalDeals++;
    }
  }

  // A brand's category: the one most of its offers are in.
  const categoryById = new Map([...categories.values()].map((c) => [c.id, c]));
  const brandList: LocalizedBrand[] = [...brands.values()].map(({ counts, ...b }) => {
    const top = [...counts.entries()].sort((x, y) => y[1] - x[1] || x[0] - y[0])[0];
    const c = top ? categoryById.get(top[0]) : undefined;
    return {
      ...b,
      categoryId: c?.id ?? null,
      category: c ? { id: c.id, slug: c.slug, name: c.name, icon: c.icon, totalCoupons: c.totalCoupons } : null,
    };
  });
  return keepUnchangedStamps(previous, {
    catalog: {
      categories: [...categories.values()].sort((a, b) => a.id - b.id),
      brands: brandList.sort((a, b) => a.id - b.id),
      coupons,
      deals,
      stats: {
        totalCoupons: coupons.length,
        totalDeals: deals.length,
        totalBrands: brandList.length,
        totalSavings: previous?.stats.totalSavings ?? 0,
      },
      trending: previous?.trending ?? [],
    },
    duplicates,
  });
}
