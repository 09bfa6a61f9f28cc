/**
 * The built-in sample catalog (SPEC §4 "Static-data mode", §9 sample stats) and a scalable
 * generator for tests and benchmarks. Deterministic: the same `now` (and seed) always gives
 * the same catalog; dates are relative to `now` so a nightly build always shows live offers.
 * Store names are invented; links point at reserved `.example` domains.
 */
import type { Brand, BrandRef, Catalog, Category, CategoryRef, Coupon, Deal, DiscountType } from './schemas.ts';
import { slugify } from './schemas.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** SPEC §9 "Sample stats". */
export const SAMPLE_STATS = { totalCoupons: 350, totalDeals: 185, totalBrands: 50, totalSavings: 125000 } as const;
export const SAMPLE_SIZES = { brands: 50, coupons: 98, deals: 48 } as const;
const SAMPLE_SEED = 20260501;

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

/**
 * A product line of a category, as a shopper would read it: `name` in titles ("20% Off Laptops"),
 * `one` for a single item ("a laptop"); `goods` are shipped and run out of stock (a flight, a
 * hotel stay or an e-book does neither); `bogo` where "buy one, get one free" is a real offer.
 */
type Product = { name: string; one: string; goods: boolean; bogo: boolean };
type CategorySeed = { name: string; icon: string; color: string; products: Product[] };

const goods = (name: string, one: string, bogo = false): Product => ({ name, one, goods: true, bogo });
const service = (name: string, one: string, bogo = false): Product => ({ name, one, goods: false, bogo });

const CATEGORY_SEEDS: CategorySeed[] = [
  {
    name: 'Electronics',
    icon: '💻',
    color: '#2563eb',
    products: [
      goods('Headphones', 'pair of headphones', true),
      goods('Laptops', 'laptop'),
      goods('Smart Watches', 'smart watch'),
      goods('Tablets', 'tablet'),
    ],
  },
  {
    name: 'Fashion',
    icon: '👗',
    color: '#db2777',
    products: [
      goods('Sneakers', 'pair of sneakers', true),
      goods('Denim', 'pair of jeans', true),
      goods('Dresses', 'dress'),
      goods('Jackets', 'jacket'),
    ],
  },
  {
    name: 'Home & Garden',
    icon: '🏡',
    color: '#16a34a',
    products: [
      goods('Bedding', 'bedding set'),
      goods('Cookware', 'cookware set'),
      goods('Planters', 'planter', true),
      goods('Lamps', 'lamp'),
    ],
  },
  {
    name: 'Beauty',
    icon: '💄',
    color: '#c026d3',
    products: [
      goods('Skincare', 'skincare product', true),
      goods('Fragrance', 'fragrance'),
      goods('Makeup Kits', 'makeup kit'),
      goods('Hair Care', 'hair care product', true),
    ],
  },
  {
    name: 'Travel',
    icon: '✈️',
    color: '#0891b2',
    products: [
      service('Hotel Stays', 'hotel night'),
      service('Flights', 'flight'),
      goods('Luggage', 'suitcase', true),
      service('Car Rentals', 'rental day'),
    ],
  },
  {
    name: 'Food & Dining',
    icon: '🍔',
    color: '#ea580c',
    products: [
      goods('Meal Kits', 'meal kit'),
      goods('Coffee', 'bag of coffee', true),
      goods('Snack Boxes', 'snack box', true),
      service('Takeout', 'takeout meal', true),
    ],
  },
  {
    name: 'Sports & Outdoors',
    icon: '⚽',
    color: '#65a30d',
    products: [
      goods('Running Shoes', 'pair of running shoes'),
      goods('Tents', 'tent'),
      goods('Bikes', 'bike'),
      goods('Yoga Mats', 'yoga mat', true),
    ],
  },
  {
    name: 'Toys & Games',
    icon: '🧸',
    color: '#f59e0b',
    products: [
      goods('Board Games', 'board game', true),
      goods('Building Sets', 'building set'),
      goods('Puzzles', 'puzzle', true),
      goods('Plush', 'plush toy', true),
    ],
  },
  {
    name: 'Health & Wellness',
    icon: '💊',
    color: '#059669',
    products: [
      goods('Vitamins', 'bottle of vitamins', true),
      goods('Fitness Trackers', 'fitness tracker'),
      goods('Protein', 'tub of protein', true),
    ],
  },
  {
    name: 'Books & Media',
    icon: '📚',
    color: '#7c3aed',
    products: [
      service('Audiobooks', 'audiobook', true),
      service('E-books', 'e-book', true),
      goods('Vinyl Records', 'vinyl record'),
    ],
  },
  {
    name: 'Pets',
    icon: '🐾',
    color: '#a16207',
    products: [
      goods('Pet Food', 'bag of pet food'),
      goods('Dog Beds', 'dog bed'),
      goods('Cat Toys', 'cat toy', true),
      goods('Aquariums', 'aquarium'),
    ],
  },
  {
    name: 'Automotive',
    icon: '🚗',
    color: '#475569',
    products: [
      goods('Tires', 'tire'),
      goods('Car Care', 'car care product', true),
      goods('Dash Cams', 'dash cam'),
      service('Oil Changes', 'oil change'),
    ],
  },
];

/** The product an offer of this kind is about: the one drawn when it fits, else the category's first that does. */
function productFor(drawn: Product, all: readonly Product[], fits: (p: Product) => boolean): Product {
  return fits(drawn) ? drawn : (all.find(fits) ?? drawn);
}

/** 50 invented store names, a few per category (index % 12 gives the category). */
const SAMPLE_BRAND_NAMES = [
  'Voltura',
  'Threadline',
  'Nestwell',
  'Glowhaus',
  'Wanderbird',
  'Crumb & Co',
  'Peakstride',
  'Toybox Lane',
  'Vitaleaf',
  'Pagecraft',
  'Pawsome Supply',
  'Gearshift Auto',
  'Circuit Bay',
  'Loom & Lark',
  'Hearthly',
  'Lumière Lab',
  'Jetsetter Hub',
  'Spoonful Market',
  'Trailforge',
  'Brickplay',
  'Purewell',
  'Inkwell Books',
  'Tailwag Co',
  'Roadready',
  'Pixel Harbor',
  'Stitch Avenue',
  'Greenhaven',
  'Velvet Bloom',
  'Globetrot',
  'Daily Grind',
  'Summit Sports',
  'Puzzle Nook',
  'Mindful Body',
  'Story Shelf',
  'Whisker World',
  'Torque Town',
  'Soundwave Direct',
  'Urban Thread',
  'Cozy Corner',
  'Silk & Stone',
  'Harbor Stays',
  'Fresh Plate',
  'Ridgeline Outfitters',
  'Playful Panda',
  'Evergreen Health',
  'Vinyl Vault',
  'Feather & Fin',
  'Motorworks',
  'Nova Tech',
  'Kindred Closet',
];

const TRENDING = [
  'free shipping',
  'headphones',
  'sneakers',
  'laptops',
  'skincare',
  'hotel stays',
  'meal kits',
  'pet food',
  'board games',
  'vitamins',
  'luggage',
  'running shoes',
];

const NAME_A = ['Blue', 'Bright', 'North', 'Silver', 'Golden', 'Urban', 'Happy', 'Wild', 'Clever', 'Swift', 'Cedar'];
const NAME_B = ['Fox', 'Harbor', 'Pine', 'Market', 'Works', 'Supply', 'Studio', 'Outlet', 'Depot', 'Goods', 'House'];

/** Two-letter initials of a store name, e.g. "Crumb & Co" → "CC". */
export function initials(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{N} ]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const letters = words.length > 1 ? `${words[0]![0]}${words[1]![0]}` : (words[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}

/** A tiny lettermark logo: coloured rounded square with the initials. */
export function lettermarkSvg(name: string, color: string): string {
  const text = initials(name).replace(/[<&>]/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="${name.replace(/&/g, '&amp;').replace(/[<>"]/g, '')}"><rect width="64" height="64" rx="12" fill="${color}"/><text x="32" y="41" font-family="system-ui,sans-serif" font-size="24" font-weight="700" fill="#fff" text-anchor="middle">${text}</text></svg>\n`;
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

function generatedBrandName(i: number): string {
  const base = `${NAME_A[i % NAME_A.length]} ${NAME_B[Math.floor(i / NAME_A.length) % NAME_B.length]}`;
  const round = Math.floor(i / (NAME_A.length * NAME_B.length));
  return round === 0 ? base : `${base} ${round + 1}`;
}

/**
 * Generate a catalog of any size, linear in the counts. Stats are the real counts (the
 * sample overrides them with the SPEC §9 figures).
 */
export function generateCatalog(options: GenerateOptions & { brandNames?: readonly string[] }): Catalog {
  const rand = createRandom(options.seed ?? 1);
  const nowMs = options.now.getTime();
  const iso = (ms: number) => new Date(Math.round(ms / 60_000) * 60_000).toISOString();
  const categoryCount = options.categories ?? CATEGORY_SEEDS.length;

  const categories: Category[] = [];
  for (let i = 0; i < categoryCount; i++) {
    const seed = CATEGORY_SEEDS[i % CATEGORY_SEEDS.length]!;
    const round = Math.floor(i / CATEGORY_SEEDS.length);
    const name = round === 0 ? seed.name : `${seed.name} ${round + 1}`;
    categories.push({
      id: i + 1,
      slug: slugify(name),
      name,
      description: `Coupons, promo codes and deals on ${seed.products
        .map((p) => p.name)
        .join(', ')
        .toLowerCase()} and more.`,
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

  const brands: Brand[] = [];
  const usedSlugs = new Set<string>();
  for (let i = 0; i < options.brands; i++) {
    const name = options.brandNames?.[i] ?? generatedBrandName(i);
    let slug = slugify(name);
    for (let n = 2; usedSlugs.has(slug); n++) slug = `${slugify(name)}-${n}`;
    usedSlugs.add(slug);
    const cat = categories[i % categories.length]!;
    brands.push({
      id: i + 1,
      slug,
      name,
      description: `${name} sells ${products(cat.id)
        .slice(0, 2)
        .map((p) => p.name)
        .join(' and ')
        .toLowerCase()} online, with regular promo codes and seasonal sales.`,
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
  const coupons: Coupon[] = [];
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
    const brandName = brand?.name ?? 'the store';
    // Shipping is about goods, "buy one get one" about what people buy two of.
    const product =
      type === 'bogo'
        ? productFor(drawn, products(categoryId), (p) => p.bogo)
        : type === 'free_shipping'
          ? productFor(drawn, products(categoryId), (p) => p.goods)
          : drawn;
    const line = product.name.toLowerCase();
    let discount: string;
    let name: string;
    let description: string;
    let codeSuffix: string;
    if (type === 'percentage') {
      discount = `${pct}% OFF`;
      name = i % 3 === 0 ? `${pct}% Off Sitewide` : `${pct}% Off ${product.name}`;
      description =
        i % 3 === 0 ? `Save ${pct}% on everything at ${brandName}.` : `Save ${pct}% on ${line} at ${brandName}.`;
      codeSuffix = String(pct);
    } else if (type === 'fixed') {
      discount = `$${amount} OFF`;
      name = `$${amount} Off Orders Over $${amount * 4}`;
      description = `Take $${amount} off when you spend $${amount * 4} or more on ${line} at ${brandName}.`;
      codeSuffix = String(amount);
    } else if (type === 'free_shipping') {
      discount = 'Free Shipping';
      name = 'Free Shipping on All Orders';
      description = `Free standard shipping on ${line} and everything else at ${brandName}.`;
      codeSuffix = 'SHIP';
    } else {
      discount = 'Buy One Get One Free';
      name = `Buy One Get One Free ${product.name}`;
      description = `Buy one ${product.one} and get a second ${product.one} free at ${brandName}.`;
      codeSuffix = 'BOGO';
    }
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

  const deals: Deal[] = [];
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
    deals.push({
      id: i + 1,
      brandId: brand?.id ?? null,
      categoryId,
      code: i % 3 === 0 ? `DEAL${pct}` : '',
      title: `${pct}% Off ${product.name}${brand ? ` at ${brand.name}` : ''}`,
      description: `${/^[aeiou]/.test(product.one) ? 'An' : 'A'} ${product.one} now $${sale.toFixed(2)} instead of $${original.toFixed(2)}.${stock !== null ? ' While stocks last.' : ''}`,
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
    trending: [...TRENDING],
  };
}

/**
 * The built-in sample: 12 categories, 50 brands, 98 coupons (5 pages of 20), 48 deals,
 * SPEC §9 stats. Deterministic for a given `now`.
 */
export function createSampleCatalog(now: Date): Catalog {
  const catalog = generateCatalog({
    ...SAMPLE_SIZES,
    seed: SAMPLE_SEED,
    now,
    brandNames: SAMPLE_BRAND_NAMES,
  });
  return { ...catalog, stats: { ...SAMPLE_STATS } };
}

/** The sample brands' logo files: `public/logos/<slug>.svg` → SVG text. */
export function sampleLogoFiles(): Map<string, string> {
  const files = new Map<string, string>();
  SAMPLE_BRAND_NAMES.forEach((name, i) => {
    files.set(`${slugify(name)}.svg`, lettermarkSvg(name, CATEGORY_SEEDS[i % CATEGORY_SEEDS.length]!.color));
  });
  return files;
}
