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
 * Pure: the clock is passed in.
 */

import type {
  LocalizedBrand,
  LocalizedCatalog,
  LocalizedCategory,
  LocalizedCoupon,
  LocalizedDeal,
} from '../catalog/schemas.ts';
import { slugify } from '../catalog/schemas.ts';
import { brandNameOf, categoryOf, type ImportMapping, type MappedCategory, slugFromName } from './mapping.ts';
import type { Network } from './offer.ts';
import type { CleanOffer } from './rules.ts';
import { keepUnchangedStamps } from './stable.ts';

export type MergeInput = { offer: CleanOffer; source: string };
export type MergeOptions = {
  now: Date;
  mapping: ImportMapping;
  /** Network preference for duplicates, most preferred first. */
  prefer: readonly Network[];
  previous: LocalizedCatalog | null;
  /** Deals' listing currency (ISO 4217). */
  currency: string;
};
export type Duplicate = { source: string; line: string };

/** "20% off everything" → { discount: "20", discountType: "percentage" }. */
export function discountOf(text: string): Pick<LocalizedCoupon, 'discount' | 'discountType'> {
  const pct = /(\d{1,2}(?:[.,]\d+)?|100)\s?%/.exec(text);
  if (pct) return { discount: pct[1]!.replace(',', '.'), discountType: 'percentage' };
  if (/free (shipping|delivery|postage)/i.test(text))
    return { discount: 'Free Shipping', discountType: 'free_shipping' };
  if (/\b(bogo|buy one,? get one)\b/i.test(text)) return { discount: 'BOGO', discountType: 'bogo' };
  return { discount: '', discountType: 'percentage' };
}

const plainName = (v: unknown) => (typeof v === 'string' ? v : '');
const upper = (s: string) => s.toUpperCase();

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

  // Brands and categories of every offer, then duplicates out (preferred network first).
  const sorted = inputs
    .map((input, order) => {
      const o = input.offer;
      const brandName = brandNameOf(mapping, o.network, o.advertiserId, o.advertiserName);
      const brandSlug = slugFromName(brandName) || slugFromName(`${o.network}-${o.advertiserId}`) || 'brand';
      const key = o.code ? `${brandSlug}|code:${upper(o.code)}` : `${brandSlug}|deal:${slugify(o.title)}`;
      return { ...input, order, brandName, brandSlug, key, category: categoryOf(mapping, o.categories) };
    })
    .sort((a, b) => rank(a.offer.network) - rank(b.offer.network) || a.order - b.order);
  const seen = new Map<string, (typeof sorted)[number]>();
  const duplicates: Duplicate[] = [];
  for (const item of sorted) {
    const first = seen.get(item.key);
    if (first) {
      duplicates.push({
        source: item.source,
        line: `${item.offer.network} ${item.offer.sourceId} "${item.offer.title.slice(0, 60)}" of ${item.offer.advertiserName} (${item.offer.at}): same brand and code as ${first.offer.network} ${first.offer.sourceId}, kept from ${first.offer.network}`,
      });
    } else seen.set(item.key, item);
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
    const found = discountOf(`${o.title} ${o.description}`);
    const description = o.description || o.terms;
    if (o.code) {
      const prev = prevCoupons.get(item.key);
      const discount =
        found.discount === '' && prev ? { discount: prev.discount, discountType: prev.discountType } : found;
      const coupon: LocalizedCoupon = {
        id: prev?.id ?? nextCouponId(),
        brandId: brand.id,
        categoryId: category.id,
        code: o.code,
        name: o.title,
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
      };
      for (const k of ['votes', 'lastWorkedAt', 'lastFailedAt', 'verifiedAt'] as const)
        if (prev?.[k] !== undefined) Object.assign(coupon, { [k]: prev[k] });
      coupons.push(coupon);
      brand.totalCoupons++;
      category.totalCoupons++;
    } else {
      const prev = prevDeals.get(item.key);
      const discount =
        found.discount === '' && prev ? { discount: prev.discount, discountType: prev.discountType } : found;
      deals.push({
        id: prev?.id ?? nextDealId(),
        brandId: brand.id,
        categoryId: category.id,
        code: '',
        title: o.title,
        description,
        image: prev?.image ?? null,
        ...discount,
        hot: prev?.hot ?? false,
        featured: prev?.featured ?? false,
        limited: prev?.limited ?? false,
        stock: prev?.stock ?? null,
        originalPrice: prev?.originalPrice ?? null,
        salePrice: prev?.salePrice ?? null,
        currency: prev?.currency ?? options.currency,
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
