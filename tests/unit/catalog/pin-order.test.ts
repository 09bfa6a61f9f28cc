/**
 * An operator's pin (issue 40) puts the offer first on its brand, category and home listings
 * while it holds, at the clock the build or the Worker passes to applyOverrides; after the pin's
 * instant the offer is back in its normal place. The pin's date is the console's (the end of the
 * chosen day in the operator's time zone, src/stores/admin-console.ts pinUntil), run in two zones.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { applyOverrides, emptyOverrides, recordChange } from '../../../src/catalog/overrides.ts';
import { homeOf, indexCatalog } from '../../../src/catalog/query.ts';
import { createSampleCatalog } from '../../../src/catalog/sample.ts';
import { pinUntil } from '../../../src/stores/admin-console.ts';
import { inEnglish } from '../../fixtures/catalogs/sample-en.ts';

const BUILT = new Date('2026-11-28T12:00:00.000Z');
const catalog = createSampleCatalog(BUILT);
const plain = indexCatalog(inEnglish(catalog));
// A brand with several coupons; the pinned one is its LAST (oldest) coupon.
const [brandId, list] = [...plain.couponsByBrand].find(([, l]) => l.length >= 3)!;
const last = list.at(-1)!;
const [dealCategory, dealList] = [...plain.dealsByCategory].find(([, l]) => l.length >= 2)!;
const lastDeal = dealList.at(-1)!;

const zone = process.env.TZ;
afterEach(() => {
  process.env.TZ = zone;
});

describe.each(['America/Los_Angeles', 'Asia/Tokyo'])('a pin until the end of 2026-12-01 in %s', (tz) => {
  function listingsAt(localIso: string) {
    process.env.TZ = tz;
    const until = pinUntil('2026-12-01')!;
    // The clock: a local wall time of that zone, as an instant.
    const [d, t] = localIso.split('T') as [string, string];
    const [y, mo, day] = d.split('-').map(Number) as [number, number, number];
    const [h, mi] = t.split(':').map(Number) as [number, number];
    const now = new Date(y, mo - 1, day, h, mi);
    let o = recordChange(emptyOverrides(), { action: 'pin', kind: 'coupon', id: last.id, until }, BUILT, 'cli');
    o = recordChange(o, { action: 'pin', kind: 'deal', id: lastDeal.id, until }, BUILT, 'cli');
    const index = indexCatalog(inEnglish(applyOverrides(catalog, o, now)));
    return {
      brand: index.couponsByBrand.get(brandId)!.map((c) => c.id),
      category: index.couponsByCategory.get(last.categoryId!)!.map((c) => c.id),
      home: homeOf(index).featuredCoupons.map((c) => c.id),
      newest: index.coupons.bySort.newest.map((c) => c.id),
      dealCategory: index.dealsByCategory.get(dealCategory)!.map((d) => d.id),
    };
  }

  it('late on Dec 1, local time: the coupon is first on its brand, category and the home page, the deal on its category', () => {
    const l = listingsAt('2026-12-01T23:30');
    expect(l.brand[0]).toBe(last.id);
    expect(l.category[0]).toBe(last.id);
    expect(l.home[0]).toBe(last.id);
    expect(l.newest[0]).toBe(last.id);
    expect(l.dealCategory[0]).toBe(lastDeal.id);
  });

  it('early on Dec 2, local time: it is back in its place (last of its brand), off the home page', () => {
    const l = listingsAt('2026-12-02T00:30');
    expect(l.brand).toEqual(list.map((c) => c.id));
    expect(l.brand.at(-1)).toBe(last.id);
    expect(l.category).toEqual(plain.couponsByCategory.get(last.categoryId!)!.map((c) => c.id));
    expect(l.home).toEqual(homeOf(plain).featuredCoupons.map((c) => c.id));
    expect(l.dealCategory.at(-1)).toBe(lastDeal.id);
  });
});
