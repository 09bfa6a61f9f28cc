/**
 * A catalog of any size in the four catalog languages (issue 24), for the built-in sample
 * (../sample.ts), tests and benchmarks. Deterministic: the same `now` and seed always give the
 * same catalog; dates are relative to `now` so a nightly build always shows live offers. Every
 * shopper-facing text is `{ en, es, fr, de }` (./texts.ts); brand names are plain strings
 * (proper names). Ids, slugs, dates, counts and discounts come from the English seeds and the
 * random draws alone, so they are the same whatever the languages say.
 */
import type {
  DiscountType,
  LocalizedBrand,
  LocalizedCatalog,
  LocalizedCategory,
  LocalizedCoupon,
  LocalizedDeal,
} from '../schemas.ts';
import { slugify } from '../schemas.ts';
import { generatedBrandName } from './brands.ts';
import { CATEGORY_SEEDS, productFor } from './categories.ts';
import {
  brandDescription,
  type CouponKind,
  categoryDescription,
  categoryName,
  couponTexts,
  dealTexts,
  TRENDING,
} from './texts.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type CategoryRef = NonNullable<LocalizedCoupon['category']>;
type BrandRef = NonNullable<LocalizedCoupon['brand']>;

/** Small deterministic PRNG (mulberry32). */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type GenerateOptions = {
  brands: number;
  coupons: number;
  deals: number;
  seed?: number;
  now: Date;
  /** Number of categories (10–12 gives the sample's set; more repeats names with a suffix). */
  categories?: number;
};

function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)]!;
}

/**
 * Generate a catalog of any size, linear in the counts. Stats are the real counts (the
 * sample overrides them with the SPEC §9 figures).
 */
export function generateCatalog(options: GenerateOptions & { brandNames?: readonly string[] }): LocalizedCatalog {
  const rand = createRandom(options.seed ?? 1);
  const nowMs = options.now.getTime();
  const iso = (ms: number) => new Date(Math.round(ms / 60_000) * 60_000).toISOString();
  const categoryCount = options.categories ?? CATEGORY_SEEDS.length;

  const categories: LocalizedCategory[] = [];
  for (let i = 0; i < categoryCount; i++) {
    const seed = CATEGORY_SEEDS[i % CATEGORY_SEEDS.length]!;
    const round = Math.floor(i / CATEGORY_SEEDS.length);
    const name = categoryName(seed.name, round);
    categories.push({
      id: i + 1,
      slug: slugify(name.en),
      name,
      description: categoryDescription(seed.products),
      icon: seed.icon,
      color: seed.color,
      totalCoupons: 0,
      totalDeals: 0,
      featured: i % 2 === 0,
      createdAt: iso(nowMs - 400 * DAY + i * DAY),
      updatedAt: iso(nowMs - 2 * DAY),
    });
  }
  const categoryRefs: CategoryRef[] = categories.map((c) => ({
    id: c.id,
    slug: c.slug,
    name: c.name,
    icon: c.icon,
    color: c.color,
  }));
  const products = (categoryId: number) => CATEGORY_SEEDS[(categoryId - 1) % CATEGORY_SEEDS.length]!.products;

  const brands: LocalizedBrand[] = [];
  /** Brand names are plain strings (proper names): kept typed as such for the offers' texts. */
  const brandNames: string[] = [];
  const usedSlugs = new Set<string>();
  for (let i = 0; i < options.brands; i++) {
    const name = options.brandNames?.[i] ?? generatedBrandName(i);
    let slug = slugify(name);
    for (let n = 2; usedSlugs.has(slug); n++) slug = `${slugify(name)}-${n}`;
    usedSlugs.add(slug);
    brandNames.push(name);
    const cat = categories[i % categories.length]!;
    const lines = products(cat.id);
    brands.push({
      id: i + 1,
      slug,
      name,
      description: brandDescription(name, [lines[0]!, lines[1]!]),
      logo: `/logos/${slug}.svg`,
      siteUrl: `https://${slug}.example/`,
      originUrl: `https://${slug}.example/`,
      trackingUrl: i % 5 === 4 ? null : `https://go.affiliate.example/r/${slug}`,
      uniqueName: slug,
      categoryId: cat.id,
      country: 'US',
      featured: i % 4 === 0,
      supportedCountries: i % 3 === 0 ? ['US', 'CA', 'GB'] : ['US'],
      status: 1,
      totalCoupons: 0,
      totalDeals: 0,
      createdAt: iso(nowMs - 300 * DAY + i * HOUR),
      updatedAt: iso(nowMs - (i % 30) * DAY),
      category: { id: cat.id, slug: cat.slug, name: cat.name, icon: cat.icon, totalCoupons: 0 },
    });
  }
  const brandRefs: BrandRef[] = brands.map((b) => ({ id: b.id, slug: b.slug, name: b.name, logo: b.logo }));
  const brandCoupons = new Array<number>(brands.length).fill(0);
  const brandDeals = new Array<number>(brands.length).fill(0);
  const catCoupons = new Array<number>(categories.length).fill(0);
  const catDeals = new Array<number>(categories.length).fill(0);

  /** Expiry: ~12% none, ~15% within 7 days, the rest 8–90 days out. */
  const expiry = (i: number): string | null => {
    const r = rand();
    if (i % 8 === 7) return null;
    if (r < 0.17) return iso(nowMs + (6 + Math.floor(rand() * 160)) * HOUR);
    return iso(nowMs + (8 + Math.floor(rand() * 82)) * DAY);
  };

  // Creation times spread over at most a year back from now.
  const couponStep = Math.min(3 * HOUR, (365 * DAY) / Math.max(1, options.coupons));
  const dealStep = Math.min(5 * HOUR, (365 * DAY) / Math.max(1, options.deals));
  const coupons: LocalizedCoupon[] = [];
  for (let i = 0; i < options.coupons; i++) {
    const brandIndex = options.brands > 0 ? (i * 7 + Math.floor(rand() * 3)) % options.brands : -1;
    const brand = brands[brandIndex];
    const categoryId = brand?.categoryId ?? (i % categoryCount) + 1;
    const drawn = pick(rand, products(categoryId));
    const roll = rand();
    const type: DiscountType =
      roll < 0.6 ? 'percentage' : roll < 0.8 ? 'fixed' : roll < 0.92 ? 'free_shipping' : 'bogo';
    const pct = 5 + Math.floor(rand() * 14) * 5;
    const amount = [5, 10, 15, 20, 25, 50][Math.floor(rand() * 6)]!;
    // Shipping is about goods, "buy one get one" about what people buy two of.
    const product =
      type === 'bogo'
        ? productFor(drawn, products(categoryId), (p) => p.bogo)
        : type === 'free_shipping'
          ? productFor(drawn, products(categoryId), (p) => p.goods)
          : drawn;
    let discount: string;
    let kind: CouponKind;
    let codeSuffix: string;
    if (type === 'percentage') {
      discount = `${pct}% OFF`;
      kind = { type, pct, sitewide: i % 3 === 0 };
      codeSuffix = String(pct);
    } else if (type === 'fixed') {
      discount = `$${amount} OFF`;
      kind = { type, amount };
      codeSuffix = String(amount);
    } else if (type === 'free_shipping') {
      discount = 'Free Shipping';
      kind = { type };
      codeSuffix = 'SHIP';
    } else {
      discount = 'Buy One Get One Free';
      kind = { type: 'bogo' };
      codeSuffix = 'BOGO';
    }
    const { name, description } = couponTexts(kind, product, brandNames[brandIndex] ?? null);
    const code =
      i % 5 === 3 ? '' : `${(brand?.slug ?? 'deal').replace(/-/g, '').slice(0, 6).toUpperCase()}${codeSuffix}`;
    const created = nowMs - (options.coupons - i) * couponStep - Math.floor(rand() * 5 * HOUR);
    if (brand) brandCoupons[brandIndex]!++;
    catCoupons[categoryId - 1]!++;
    coupons.push({
      id: i + 1,
      brandId: brand?.id ?? null,
      categoryId,
      code,
      name,
      description,
      discount,
      discountType: type,
      featured: rand() < 0.18,
      exclusive: rand() < 0.2,
      verified: rand() < 0.75,
      successRate: 60 + Math.floor(rand() * 39),
      status: 'active',
      startsAt: iso(created),
      expiresAt: expiry(i),
      link: brand ? `https://${brand.slug}.example/promo` : null,
      createdAt: iso(created),
      updatedAt: iso(created + DAY),
      brand: brandRefs[brandIndex] ?? null,
      category: categoryRefs[categoryId - 1] ?? null,
      // No code-health fields: no shopper has answered for a sample code, and no votes are made
      // up (FTC 16 CFR 465).
    });
  }

  const deals: LocalizedDeal[] = [];
  for (let i = 0; i < options.deals; i++) {
    const brandIndex = options.brands > 0 ? (i * 11 + 3) % options.brands : -1;
    const brand = brands[brandIndex];
    const categoryId = brand?.categoryId ?? (i % categoryCount) + 1;
    const drawn = pick(rand, products(categoryId));
    const limited = i % 4 === 1;
    // Only goods run out: a deal with a stock count is about goods (a flight has no "3 left").
    const product = limited ? productFor(drawn, products(categoryId), (p) => p.goods) : drawn;
    const original = Math.round((20 + rand() * 780) * 100) / 100;
    const pct = 10 + Math.floor(rand() * 12) * 5;
    const sale = Math.round(original * (1 - pct / 100) * 100) / 100;
    const stock = limited ? (i % 8 === 1 ? 3 + (i % 6) : 12 + Math.floor(rand() * 40)) : null;
    const created = nowMs - (options.deals - i) * dealStep - Math.floor(rand() * 4 * HOUR);
    if (brand) brandDeals[brandIndex]!++;
    catDeals[categoryId - 1]!++;
    const { title, description } = dealTexts(
      { pct, salePrice: sale, originalPrice: original, limited: stock !== null },
      product,
      brandNames[brandIndex] ?? null,
    );
    deals.push({
      id: i + 1,
      brandId: brand?.id ?? null,
      categoryId,
      code: i % 3 === 0 ? `DEAL${pct}` : '',
      title,
      description,
      image: brand?.logo ?? null,
      discount: `${pct}% OFF`,
      discountType: 'percentage',
      hot: i % 3 === 0,
      featured: i % 5 === 2,
      limited,
      stock,
      originalPrice: original,
      salePrice: sale,
      currency: 'USD',
      status: 'active',
      originUrl: brand ? `https://${brand.slug}.example/deals/${i + 1}` : null,
      trackingUrl: brand && i % 4 !== 3 ? `https://go.affiliate.example/d/${i + 1}` : null,
      link: null,
      startsAt: iso(created),
      expiresAt: i % 6 === 5 ? null : iso(nowMs + (1 + Math.floor(rand() * 30)) * DAY),
      createdAt: iso(created),
      updatedAt: iso(created),
      brand: brandRefs[brandIndex] ?? null,
      category: categoryRefs[categoryId - 1] ?? null,
    });
  }

  brands.forEach((b, i) => {
    b.totalCoupons = brandCoupons[i]!;
    b.totalDeals = brandDeals[i]!;
  });
  categories.forEach((c, i) => {
    c.totalCoupons = catCoupons[i]!;
    c.totalDeals = catDeals[i]!;
  });
  for (const b of brands) if (b.category) b.category.totalCoupons = catCoupons[b.category.id - 1]!;

  const totalSavings = Math.round(deals.reduce((sum, d) => sum + ((d.originalPrice ?? 0) - (d.salePrice ?? 0)), 0));
  return {
    categories,
    brands,
    coupons,
    deals,
    stats: { totalCoupons: coupons.length, totalDeals: deals.length, totalBrands: brands.length, totalSavings },
    trending: TRENDING.map((t) => ({ ...t })),
  };
}
