import { describe, expect, it } from 'vitest';
import { makePage } from '../../../src/catalog/source.ts';
import {
  couponFiltersToSearch,
  EMPTY_COUPON_FILTERS,
  hasCouponFilters,
  isDefaultCouponQuery,
  parseCouponFilters,
  parseIntParam,
} from '../../../src/stores/coupons.ts';
import { applyPage, emptyListing } from '../../../src/stores/listing.ts';

describe('coupon query params (SPEC §5)', () => {
  it('category and brand are integers; sort only newest|popular|expiring|discount', () => {
    expect(parseCouponFilters('?category=3&brand=12&q=%20shoes%20&sort=popular')).toEqual({
      q: 'shoes',
      category: 3,
      brand: 12,
      sort: 'popular',
    });
    expect(parseCouponFilters('?category=abc&brand=1.5&sort=price')).toEqual(EMPTY_COUPON_FILTERS);
    expect(parseIntParam('-4')).toBeNull();
    expect(parseIntParam('0')).toBeNull();
    expect(parseIntParam(' 7 ')).toBe(7);
  });

  it('serializes in a stable order and keeps unrelated params', () => {
    expect(couponFiltersToSearch({ q: 'tv', category: 2, brand: null, sort: 'discount' }, '?utm=x&q=old')).toBe(
      '?utm=x&q=tv&category=2&sort=discount',
    );
    expect(couponFiltersToSearch(EMPTY_COUPON_FILTERS)).toBe('');
  });

  it('the default query is unfiltered with sort newest or unset', () => {
    expect(isDefaultCouponQuery(EMPTY_COUPON_FILTERS)).toBe(true);
    expect(isDefaultCouponQuery({ ...EMPTY_COUPON_FILTERS, sort: 'newest' })).toBe(true);
    expect(isDefaultCouponQuery({ ...EMPTY_COUPON_FILTERS, sort: 'popular' })).toBe(false);
    expect(hasCouponFilters({ ...EMPTY_COUPON_FILTERS, sort: 'popular' })).toBe(false);
    expect(hasCouponFilters({ ...EMPTY_COUPON_FILTERS, brand: 4 })).toBe(true);
  });
});

describe('listing state (SPEC §4)', () => {
  const items = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ id: from + i }));
  it('page 1 replaces, later pages append without duplicates, hasMore from the page', () => {
    let s = applyPage(emptyListing<{ id: number }>(), makePage(items(1, 20), 1, 20, 45));
    expect(s.items).toHaveLength(20);
    expect(s.hasMore).toBe(true);
    s = applyPage(s, makePage(items(20, 20), 2, 20, 45));
    expect(s.items).toHaveLength(39);
    s = applyPage(s, makePage(items(100, 5), 3, 20, 45));
    expect(s.hasMore).toBe(false);
    s = applyPage(s, makePage(items(500, 3), 1, 20, 3));
    expect(s.items.map((i) => i.id)).toEqual([500, 501, 502]);
  });
});
