import { describe, expect, it } from 'vitest';
import {
  rawBrandSchema,
  rawCategorySchema,
  rawCouponSchema,
  rawDealSchema,
  rawSuggestionSchema,
  toOutboundUrl,
} from '../../../src/sources/http/wire.ts';
import {
  parseItems,
  parsePagedResponse,
  rawHomeDataSchema,
  rawSearchResultSchema,
} from '../../../src/sources/http/wire-replies.ts';

describe('category wire schema', () => {
  it('maps snake_case counts and is_trending', () => {
    const c = rawCategorySchema.parse({
      id: '3',
      name: 'Electronics',
      coupon_count: 12,
      deal_count: '4',
      is_trending: true,
      created_at: '2026-01-02T00:00:00Z',
      color: 'red',
    });
    expect(c).toMatchObject({ id: 3, slug: 'electronics', totalCoupons: 12, totalDeals: 4, featured: true });
    expect(c.createdAt).toBe('2026-01-02T00:00:00.000Z');
    expect(c.color).toBe('#6b7280');
  });
  it('reads camelCase too', () => {
    const c = rawCategorySchema.parse({ id: 1, slug: 'home', name: 'Home', totalCoupons: 2, featured: false });
    expect(c).toMatchObject({ slug: 'home', totalCoupons: 2, totalDeals: 0, featured: false });
  });
});

describe('brand wire schema', () => {
  it('normalizes urls, counts and the nested category', () => {
    const b = rawBrandSchema.parse({
      id: 7,
      name: 'Acme Outfitters',
      logo: '/logos/acme.svg',
      site_url: 'https://acme.example/',
      tracking_url: 'javascript:alert(1)',
      origin_url: 'data:text/html,hi',
      category_id: 2,
      total_coupons: 5,
      totalDeals: 3,
      supported_countries: ['US', 1, 'CA'],
      category: { id: 2, slug: 'fashion', name: 'Fashion', icon: '👗', coupon_count: 9 },
    });
    expect(b.slug).toBe('acme-outfitters');
    expect(b.siteUrl).toBe('https://acme.example/');
    expect(b.trackingUrl).toBeNull();
    expect(b.originUrl).toBeNull();
    expect(b.supportedCountries).toEqual(['US', 'CA']);
    expect(b.category).toEqual({ id: 2, slug: 'fashion', name: 'Fashion', icon: '👗', totalCoupons: 9 });
    expect(b).toMatchObject({ categoryId: 2, totalCoupons: 5, totalDeals: 3 });
  });
});

describe('coupon wire schema', () => {
  it('maps every spelling to one model', () => {
    const snake = rawCouponSchema.parse({
      id: 1,
      brand_id: 4,
      category_id: '2',
      code: 'SAVE20',
      name: '20% off',
      discount: '20% OFF',
      is_featured: 1,
      is_exclusive: 'true',
      end_date: '2026-06-01',
      link: 'https://shop.example/x',
      brand: { id: 4, name: 'Nimbus', logo: '/logos/nimbus.svg' },
    });
    const camel = rawCouponSchema.parse({
      id: 1,
      brandId: 4,
      categoryId: 2,
      code: 'SAVE20',
      name: '20% off',
      discount: '20% OFF',
      isFeatured: true,
      isExclusive: true,
      expiresAt: '2026-06-01T00:00:00.000Z',
      link: 'https://shop.example/x',
      brand: { id: 4, name: 'Nimbus', slug: 'nimbus', logo: '/logos/nimbus.svg' },
    });
    expect(snake).toEqual(camel);
    expect(snake).toMatchObject({ featured: true, exclusive: true, discountType: 'percentage', categoryId: 2 });
    expect(snake.brand).toEqual({ id: 4, slug: 'nimbus', name: 'Nimbus', logo: '/logos/nimbus.svg' });
  });
  it('reads expiryDate, isVerified, successRate and infers the discount type', () => {
    const c = rawCouponSchema.parse({
      id: 2,
      name: 'Ship free',
      discount: 'Free Shipping',
      expiryDate: 1767225600000,
      isVerified: true,
      successRate: '87%',
    });
    expect(c).toMatchObject({ discountType: 'free_shipping', verified: true, successRate: 87, code: '' });
    expect(c.expiresAt).toBe('2026-01-01T00:00:00.000Z');
    expect(rawCouponSchema.parse({ id: 3, name: 'x', discount: 15 }).discountType).toBe('fixed');
    expect(rawCouponSchema.parse({ id: 3, name: 'x', discount: 'BOGO' }).discountType).toBe('bogo');
    expect(rawCouponSchema.parse({ id: 3, name: 'x', discountType: 'percent', discount: 5 }).discountType).toBe(
      'percentage',
    );
  });
  it('rejects a coupon without id or name', () => {
    expect(rawCouponSchema.safeParse({ name: 'x' }).success).toBe(false);
    expect(rawCouponSchema.safeParse({ id: 1, name: '  ' }).success).toBe(false);
    expect(rawCouponSchema.safeParse({ id: -1, name: 'x' }).success).toBe(false);
    expect(rawCouponSchema.safeParse('nope').success).toBe(false);
  });
});

describe('deal wire schema', () => {
  it('maps hot, image, prices and links', () => {
    const d = rawDealSchema.parse({
      id: 9,
      title: 'Headphones',
      img: 'https://cdn.example/h.png',
      is_hot_deal: true,
      isLimited: true,
      stock: '4',
      originalPrice: '199.99',
      salePrice: 129,
      origin_url: 'https://shop.example/h',
      tracking_url: 'ftp://evil.example',
      endsAt: '2026-03-01T10:00:00Z',
    });
    expect(d).toMatchObject({
      hot: true,
      limited: true,
      stock: 4,
      originalPrice: 199.99,
      salePrice: 129,
      image: 'https://cdn.example/h.png',
      originUrl: 'https://shop.example/h',
      trackingUrl: null,
      currency: 'USD',
      expiresAt: '2026-03-01T10:00:00.000Z',
    });
    expect(rawDealSchema.parse({ id: 9, title: 't', imageUrl: 'javascript:x', isHotDeal: 1 })).toMatchObject({
      image: null,
      hot: true,
    });
  });
});

describe('outbound urls', () => {
  it('keeps only http and https', () => {
    expect(toOutboundUrl('https://a.example/p?q=1')).toBe('https://a.example/p?q=1');
    expect(toOutboundUrl('HTTP://a.example')).toBe('http://a.example/');
    for (const bad of ['javascript:alert(1)', ' data:text/html,x', '//evil.example', '/local', 'mailto:a@b.c', 42]) {
      expect(toOutboundUrl(bad)).toBeNull();
    }
  });
});

describe('parseItems', () => {
  it('keeps valid items and reports the dropped ones with reasons', () => {
    const { items, dropped } = parseItems(rawCouponSchema, [
      { id: 1, name: 'ok' },
      { id: 'x', name: 'bad id' },
      null,
      { id: 3, title: 'title works as name' },
      { id: 4 },
    ]);
    expect(items.map((c) => c.id)).toEqual([1, 3]);
    expect(dropped.map((d) => d.index)).toEqual([1, 2, 4]);
    expect(dropped[0]?.id).toBe('x');
    expect(dropped[0]?.reason).toMatch(/id/);
    expect(dropped[2]?.reason).toMatch(/name/);
  });
  it('reports a non-list', () => {
    expect(parseItems(rawCouponSchema, { data: [] })).toEqual({
      items: [],
      dropped: [{ index: -1, id: undefined, reason: 'expected a list' }],
    });
  });
});

describe('parsePagedResponse', () => {
  const coupons = (n: number, from = 1) => Array.from({ length: n }, (_, i) => ({ id: from + i, name: `c${i}` }));
  it('reads data + pagination', () => {
    const p = parsePagedResponse(
      rawCouponSchema,
      { data: coupons(20), pagination: { page: 2, size: 20, total: 98, totalPage: 5 } },
      { page: 2, pageSize: 20 },
    );
    expect(p).toMatchObject({ page: 2, pageSize: 20, total: 98, totalPages: 5, hasMore: true, estimated: false });
  });
  it('reads the deals shape with total_page', () => {
    const p = parsePagedResponse(
      rawDealSchema,
      { data: { items: [{ id: 1, title: 'd' }], pagination: { total: 21, page: 2, total_page: 2 } } },
      { page: 2, pageSize: 20 },
    );
    expect(p).toMatchObject({ total: 21, totalPages: 2, hasMore: false, page: 2 });
    expect(p.items).toHaveLength(1);
  });
  it('estimates the total when missing (SPEC §4)', () => {
    const full = parsePagedResponse(rawCouponSchema, coupons(20), { page: 3, pageSize: 20 });
    expect(full).toMatchObject({ total: 70, hasMore: true, estimated: true });
    const short = parsePagedResponse(rawCouponSchema, { items: coupons(5) }, { page: 3, pageSize: 20 });
    expect(short).toMatchObject({ total: 45, hasMore: false });
  });
  it('drops invalid items without losing the page and keeps hasMore on the raw count', () => {
    const list = coupons(20);
    list[4] = { id: -5, name: '' };
    const p = parsePagedResponse(rawCouponSchema, { data: list, pagination: { total: 98 } }, { page: 1, pageSize: 20 });
    expect(p.items).toHaveLength(19);
    expect(p.dropped).toHaveLength(1);
    expect(p.hasMore).toBe(true);
  });
});

describe('home, search and suggestion wire schemas', () => {
  it('normalizes home data and reports drops', () => {
    const h = rawHomeDataSchema.parse({
      stats: { total_coupons: 350, totalDeals: 185, totalBrands: 50, totalSavings: 125000 },
      featuredCategories: [{ id: 1, name: 'A', is_trending: true }],
      featuredBrands: [{ id: 2, name: 'B', total_coupons: 3, description: 'dropped field' }],
      featuredCoupons: [{ id: 3, name: 'C' }, { bad: true }],
      featuredDeals: [],
    });
    expect(h.stats).toEqual({ totalCoupons: 350, totalDeals: 185, totalBrands: 50, totalSavings: 125000 });
    expect(h.featuredBrands[0]).toEqual({
      id: 2,
      slug: 'b',
      name: 'B',
      logo: null,
      categoryId: null,
      featured: false,
      totalCoupons: 3,
      totalDeals: 0,
    });
    expect(h.featuredCoupons).toHaveLength(1);
    expect(h.dropped).toHaveLength(1);
  });
  it('normalizes a search result', () => {
    const r = rawSearchResultSchema.parse({
      coupons: { items: [{ id: 1, name: 'c' }], totalItems: 41, page: 1, totalPages: 3 },
      deals: { items: [] },
      brands: [{ id: 1, name: 'Brand' }],
      categories: [{ id: 1, name: 'Cat' }],
    });
    expect(r.coupons).toMatchObject({ totalItems: 41, totalPages: 3 });
    expect(r.deals).toEqual({ items: [], totalItems: 0, page: 1, totalPages: 0 });
    expect(r.brands[0]?.slug).toBe('brand');
  });
  it('keeps slug only for brand and category suggestions', () => {
    expect(rawSuggestionSchema.parse({ id: 1, type: 'brand', title: 'B', slug: 'b' }).slug).toBe('b');
    expect(rawSuggestionSchema.parse({ id: 1, type: 'coupon', title: 'C', slug: 'c' }).slug).toBeNull();
    expect(rawSuggestionSchema.safeParse({ id: 1, type: 'store', title: 'S' }).success).toBe(false);
  });
});
