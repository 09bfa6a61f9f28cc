import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BrandSummary } from '../../../src/catalog/schemas.ts';
import {
  $brandCategory,
  $brandQuery,
  $brandShown,
  brandQueryString,
  createBrandListStore,
  parseBrandParams,
  setBrandCategory,
  setBrandFilters,
  setBrandQuery,
  showMoreBrands,
  showsFeatured,
  sliceBrands,
} from '../../../src/stores/brands.ts';

describe('brands page params', () => {
  it('reads q and an integer category; anything else is ignored', () => {
    expect(parseBrandParams('?category=3&q=%20co%20')).toEqual({ q: 'co', categoryId: 3 });
    expect(parseBrandParams('?category=abc')).toEqual({ q: '', categoryId: null });
    expect(parseBrandParams('?category=2.5')).toEqual({ q: '', categoryId: null });
    expect(parseBrandParams('?category=-1')).toEqual({ q: '', categoryId: null });
    expect(parseBrandParams('')).toEqual({ q: '', categoryId: null });
  });

  it('writes them back, leaving out empty ones', () => {
    expect(brandQueryString({ q: 'co', categoryId: 3 })).toBe('?category=3&q=co');
    expect(brandQueryString({ q: ' ', categoryId: null })).toBe('');
  });

  it('featured brands only without search and category', () => {
    expect(showsFeatured({ q: '', categoryId: null })).toBe(true);
    expect(showsFeatured({ q: 'a', categoryId: null })).toBe(false);
    expect(showsFeatured({ q: '', categoryId: 0 })).toBe(false);
  });
});

describe('show more by slicing', () => {
  it('20 at a time; a filter change goes back to 20', () => {
    setBrandFilters({ q: '', categoryId: null });
    const all = Array.from({ length: 50 }, (_, i) => i);
    expect(sliceBrands(all, $brandShown.get())).toEqual({ items: all.slice(0, 20), hasMore: true });
    showMoreBrands();
    showMoreBrands();
    expect(sliceBrands(all, $brandShown.get())).toEqual({ items: all, hasMore: false });
    setBrandQuery('x');
    expect($brandShown.get()).toBe(20);
    showMoreBrands();
    setBrandCategory(4);
    expect([$brandShown.get(), $brandQuery.get(), $brandCategory.get()]).toEqual([20, 'x', 4]);
  });
});

describe('brand list store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fetches the whole filtered list and refetches when a filter changes', async () => {
    const brand = {
      id: 1,
      slug: 'a',
      name: 'A',
      logo: null,
      categoryId: 2,
      featured: false,
      totalCoupons: 0,
      totalDeals: 0,
    };
    const list = vi.fn(async (): Promise<BrandSummary[]> => [brand]);
    setBrandFilters({ q: 'unit-brands', categoryId: null });
    const $list = createBrandListStore(list);
    const stop = $list.listen(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(list).toHaveBeenLastCalledWith({ categoryId: null, q: 'unit-brands' });
    expect($list.get().data).toEqual([brand]);
    setBrandCategory(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(list).toHaveBeenLastCalledWith({ categoryId: 2, q: 'unit-brands' });
    setBrandFilters({ q: '', categoryId: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(list).toHaveBeenLastCalledWith({ categoryId: null, q: null });
    stop();
  });
});
