import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { type CatalogSource, makePage } from '../../../src/catalog/source.ts';
import { discountLabel } from '../../../src/components/coupons/format.ts';
import { createMemorySource } from '../../../src/sources/memory.ts';
import { EMPTY_COUPON_FILTERS, fetchCouponPage } from '../../../src/stores/coupons.ts';
import { createListingStore } from '../../../src/stores/listing.ts';
import { englishSample } from '../../fixtures/catalogs/sample-en.ts';

const page = (ids: number[], n: number, total: number) =>
  makePage(
    ids.map((id) => ({ id })),
    n,
    20,
    total,
  );
const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

describe('createListingStore', () => {
  it('starts from the pre-rendered page, appends on loadMore, resets on reload', async () => {
    const fetcher = vi.fn(async (n: number) => page(ids(n * 100, 20), n, 98));
    const store = createListingStore(fetcher, page(ids(1, 20), 1, 98));
    expect(store.$state.get().items).toHaveLength(20);
    await store.loadMore();
    expect(fetcher).toHaveBeenCalledWith(2);
    expect(store.$state.get()).toMatchObject({ page: 2, total: 98, hasMore: true });
    expect(store.$state.get().items).toHaveLength(40);
    await store.reload(async (n) => page(ids(n * 1000, 5), n, 5));
    expect(store.$state.get()).toMatchObject({ page: 1, total: 5, hasMore: false, loading: false });
    await store.loadMore();
    expect(store.$state.get().items).toHaveLength(5);
  });

  it('keeps the error and retries; a stale answer is dropped', async () => {
    const store = createListingStore<{ id: number }>(async () => page([], 1, 0), null);
    await store.reload(async () => {
      throw new Error('HTTP 500');
    });
    expect(store.$state.get()).toMatchObject({ error: 'HTTP 500', items: [], loading: false });
    let release: () => void = () => {};
    const slow = store.reload(() => new Promise((r) => (release = () => r(page([1], 1, 1)))));
    await store.reload(async () => page([7, 8], 1, 2));
    release();
    await slow;
    expect(store.$state.get().items.map((i) => i.id)).toEqual([7, 8]);
    await store.retry();
    expect(store.$state.get().items.map((i) => i.id)).toEqual([7, 8]);
  });
});

describe('fetchCouponPage (SPEC §4 fallback)', () => {
  const memory = createMemorySource(englishSample(new Date('2026-05-01T00:00:00Z')), {
    now: new Date('2026-05-01T00:00:00Z'),
  });
  const broken = {
    coupons: { list: () => Promise.reject(new Error('API down')), search: () => Promise.reject(new Error('API down')) },
  } as unknown as CatalogSource;

  it('filters and sorts through the source', async () => {
    const p = await fetchCouponPage({ ...EMPTY_COUPON_FILTERS, category: 2, sort: 'popular' }, 1, {
      primary: () => memory,
      fallback: null,
    });
    expect(p.items.length).toBeGreaterThan(0);
    expect(p.items.every((c) => c.categoryId === 2)).toBe(true);
  });

  it('falls back to the sample when the API fails; throws when there is no fallback', async () => {
    const warn = vi.fn();
    const p = await fetchCouponPage(EMPTY_COUPON_FILTERS, 2, { primary: () => broken, fallback: () => memory, warn });
    expect(p.page).toBe(2);
    expect(p.items).toHaveLength(20);
    expect(warn).toHaveBeenCalled();
    await expect(fetchCouponPage(EMPTY_COUPON_FILTERS, 1, { primary: () => broken, fallback: null })).rejects.toThrow(
      'API down',
    );
  });
});

describe('discountLabel (SPEC §5 Display)', () => {
  const t = i18next.createInstance();
  t.init({
    lng: 'en',
    resources: {
      en: {
        coupons: {
          'discount.percent': '{{value}}% OFF',
          'discount.amount': '{{amount}} OFF',
          'discount.freeShipping': 'Free Shipping',
          'discount.bogo': 'Buy One Get One',
        },
      },
    },
    interpolation: { escapeValue: false },
  });
  it('percentage rounded, fixed with currency, free shipping and bogo translated, other text as is', () => {
    expect(discountLabel(t.t, { discount: '19.6%', discountType: 'percentage' }, 'en')).toBe('20% OFF');
    expect(discountLabel(t.t, { discount: '15', discountType: 'fixed' }, 'en')).toBe('$15 OFF');
    expect(discountLabel(t.t, { discount: '12.5', discountType: 'fixed' }, 'de')).toMatch(/^12,50\s\$ OFF$/);
    expect(discountLabel(t.t, { discount: 'x', discountType: 'free_shipping' }, 'en')).toBe('Free Shipping');
    expect(discountLabel(t.t, { discount: '', discountType: 'bogo' }, 'en')).toBe('Buy One Get One');
    expect(discountLabel(t.t, { discount: 'Big sale', discountType: 'percentage' }, 'en')).toBe('Big sale');
  });
});

describe('couponsListing right after hydration', () => {
  it('an address without filters leaves its stores as built, so the list is not rendered a second time', async () => {
    vi.resetModules();
    const { $couponFilters, $couponText, couponsListing, EMPTY_COUPON_FILTERS } = await import(
      '../../../src/stores/coupons.ts'
    );
    const listing = couponsListing(page(ids(1, 20), 1, 98) as never);
    const built = listing.$state.get();
    // The island subscribing is what hydration does (it mounts the stores and reads the address).
    const unlisten = listing.$state.listen(() => {});
    expect($couponFilters.get()).toBe(EMPTY_COUPON_FILTERS);
    expect($couponText.get()).toBe('');
    expect(listing.$state.get()).toBe(built);
    unlisten();
  });
});
