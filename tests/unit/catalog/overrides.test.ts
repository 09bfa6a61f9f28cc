import { describe, expect, it } from 'vitest';
import { applyOverrides, emptyOverrides, parseOverrides, recordChange } from '../../../src/catalog/overrides.ts';
import { createSampleCatalog } from '../../../src/catalog/sample.ts';

const NOW = new Date('2026-11-28T12:00:00.000Z');
const catalog = createSampleCatalog(NOW);
function at<T>(list: T[], i: number): T {
  const v = list[i];
  if (v === undefined) throw new Error(`the sample catalog has no item ${i}`);
  return v;
}
const coupon = at(catalog.coupons, 3);
const deal = at(catalog.deals, 2);

describe('applyOverrides', () => {
  it('leaves a hidden coupon out and lowers the counts', () => {
    const o = recordChange(emptyOverrides(), { action: 'hide', kind: 'coupon', id: coupon.id }, NOW, 'cli');
    const out = applyOverrides(catalog, o, NOW);
    expect(out.coupons.some((c) => c.id === coupon.id)).toBe(false);
    expect(out.coupons).toHaveLength(catalog.coupons.length - 1);
    expect(out.stats.totalCoupons).toBe(catalog.stats.totalCoupons - 1);
    const unhidden = recordChange(o, { action: 'unhide', kind: 'coupon', id: coupon.id }, NOW, 'cli');
    expect(applyOverrides(catalog, unhidden, NOW).coupons.some((c) => c.id === coupon.id)).toBe(true);
  });

  it('puts a pinned deal first and featured until the date, not after', () => {
    const o = recordChange(
      emptyOverrides(),
      { action: 'pin', kind: 'deal', id: deal.id, until: '2026-11-30T00:00:00.000Z' },
      NOW,
      'cli',
    );
    const before = applyOverrides(catalog, o, NOW);
    expect(before.deals[0]?.id).toBe(deal.id);
    expect(before.deals[0]?.featured).toBe(true);
    const after = applyOverrides(catalog, o, new Date('2026-12-01T00:00:00.000Z'));
    expect(after.deals[0]?.id).toBe(catalog.deals[0]?.id);
  });

  it('edits the Spanish title only, other languages keep theirs', () => {
    const o = recordChange(
      emptyOverrides(),
      { action: 'edit', kind: 'coupon', id: coupon.id, lang: 'es', title: '<b>Nuevo</b> título' },
      NOW,
      'cli',
    );
    const c = applyOverrides(catalog, o, NOW).coupons.find((x) => x.id === coupon.id);
    expect(c?.name).toMatchObject({ es: '<b>Nuevo</b> título' });
    const en = typeof coupon.name === 'string' ? coupon.name : coupon.name.en;
    expect(typeof c?.name === 'object' && c.name.en).toBe(en);
  });

  it('a blocked advertiser loses its brand and every offer', () => {
    const brandId = coupon.brandId as number;
    const o = recordChange(emptyOverrides(), { action: 'block', brandId }, NOW, 'cli');
    const out = applyOverrides(catalog, o, NOW);
    expect(out.brands.some((b) => b.id === brandId)).toBe(false);
    expect(out.coupons.some((c) => c.brandId === brandId)).toBe(false);
    expect(out.deals.some((d) => d.brandId === brandId)).toBe(false);
  });

  it('a renamed brand is renamed on its offers too', () => {
    const brandId = coupon.brandId as number;
    const o = recordChange(emptyOverrides(), { action: 'rename', brandId, name: 'Acme Renamed' }, NOW, 'cli');
    const out = applyOverrides(catalog, o, NOW);
    expect(out.brands.find((b) => b.id === brandId)?.name).toBe('Acme Renamed');
    expect(out.coupons.find((c) => c.id === coupon.id)?.brand?.name).toBe('Acme Renamed');
  });

  it('verify sets verifiedAt to the clock given, in any time zone', () => {
    const at = new Date('2026-11-28T23:30:00-08:00');
    const o = recordChange(emptyOverrides(), { action: 'verify', id: coupon.id }, at, 'session:abc');
    expect(applyOverrides(catalog, o, NOW).coupons.find((c) => c.id === coupon.id)?.verifiedAt).toBe(
      '2026-11-29T07:30:00.000Z',
    );
    expect(o.audit).toEqual([
      { at: '2026-11-29T07:30:00.000Z', action: 'verify', target: `coupon:${coupon.id}`, by: 'session:abc' },
    ]);
  });

  it('does not change the catalog it is given', () => {
    const copy = structuredClone(catalog);
    applyOverrides(
      catalog,
      recordChange(emptyOverrides(), { action: 'hide', kind: 'coupon', id: coupon.id }, NOW, 'cli'),
      NOW,
    );
    expect(catalog).toEqual(copy);
  });
});

describe('parseOverrides', () => {
  it('names the bad field', () => {
    expect(() =>
      parseOverrides({ version: 1, offers: [{ kind: 'coupon', id: -1 }], brands: [], audit: [] }, 'x.json'),
    ).toThrow(/x\.json: offers\.0\.id/);
  });
});
