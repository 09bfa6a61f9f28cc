import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isExpiringWithin, isLowStock } from '../../../src/catalog/display.ts';
import { catalogSchema } from '../../../src/catalog/parse-catalog.ts';
import { createSampleCatalog, generateCatalog, sampleLogoFiles } from '../../../src/catalog/sample.ts';

const now = new Date('2026-05-10T12:00:00Z');
const catalog = createSampleCatalog(now);

describe('sample catalog', () => {
  it('has the SPEC sizes and stats', () => {
    expect(catalog.brands).toHaveLength(50);
    expect(catalog.coupons).toHaveLength(98);
    expect(catalog.deals.length).toBeGreaterThanOrEqual(45);
    expect(catalog.categories.length).toBeGreaterThanOrEqual(10);
    expect(catalog.categories.length).toBeLessThanOrEqual(12);
    expect(catalog.stats).toEqual({ totalCoupons: 350, totalDeals: 185, totalBrands: 50, totalSavings: 125000 });
    expect(catalog.trending.length).toBeGreaterThanOrEqual(10);
  });
  it('passes its own schema', () => {
    expect(catalogSchema.safeParse(catalog).success).toBe(true);
  });
  it('is deterministic for a given now and moves with now', () => {
    expect(createSampleCatalog(now)).toEqual(catalog);
    const later = createSampleCatalog(new Date(now.getTime() + 86_400_000));
    expect(later.coupons[0]?.name).toEqual(catalog.coupons[0]?.name);
    expect(later.coupons[0]?.createdAt).not.toBe(catalog.coupons[0]?.createdAt);
  });
  it('has unique ids and slugs, #RRGGBB colours and icons', () => {
    for (const list of [catalog.brands, catalog.categories, catalog.coupons, catalog.deals]) {
      expect(new Set(list.map((x) => x.id)).size).toBe(list.length);
    }
    expect(new Set(catalog.brands.map((b) => b.slug)).size).toBe(50);
    for (const c of catalog.categories) {
      expect(c.color).toMatch(/^#[0-9a-f]{6}$/i);
      expect(c.icon).not.toBe('');
    }
  });
  it('mixes discount types, empty codes and near expiries', () => {
    const types = new Set(catalog.coupons.map((c) => c.discountType));
    expect(types).toEqual(new Set(['percentage', 'fixed', 'free_shipping', 'bogo']));
    expect(catalog.coupons.some((c) => c.code === '')).toBe(true);
    expect(catalog.coupons.filter((c) => isExpiringWithin(c.expiresAt, 7, now)).length).toBeGreaterThanOrEqual(6);
    expect(catalog.coupons.some((c) => c.expiresAt === null)).toBe(true);
    expect(catalog.coupons.filter((c) => c.featured).length).toBeGreaterThanOrEqual(8);
  });
  it('has hot, featured, limited and low-stock deals with prices', () => {
    expect(catalog.deals.filter((d) => d.hot).length).toBeGreaterThanOrEqual(6);
    expect(catalog.deals.some((d) => d.featured)).toBe(true);
    expect(catalog.deals.some((d) => d.limited && isLowStock(d.stock))).toBe(true);
    for (const d of catalog.deals) expect(d.salePrice!).toBeLessThan(d.originalPrice!);
  });
  it('counts per brand and category match the items', () => {
    for (const b of catalog.brands) {
      expect(b.totalCoupons).toBe(catalog.coupons.filter((c) => c.brandId === b.id).length);
      expect(b.totalDeals).toBe(catalog.deals.filter((d) => d.brandId === b.id).length);
    }
    for (const c of catalog.categories) {
      expect(c.totalCoupons).toBe(catalog.coupons.filter((x) => x.categoryId === c.id).length);
    }
  });
  it('references a committed local logo for every brand', () => {
    const files = sampleLogoFiles();
    for (const b of catalog.brands) {
      expect(b.logo).toBe(`/logos/${b.slug}.svg`);
      expect(files.has(`${b.slug}.svg`)).toBe(true);
      expect(existsSync(join(import.meta.dirname, '../../../public', b.logo!))).toBe(true);
    }
    for (const svg of files.values()) expect(svg.length).toBeLessThan(600);
  });
});

describe('generateCatalog', () => {
  it('builds the requested sizes deterministically', () => {
    const a = generateCatalog({ brands: 300, coupons: 2000, deals: 500, seed: 7, now });
    expect([a.brands.length, a.coupons.length, a.deals.length]).toEqual([300, 2000, 500]);
    expect(new Set(a.brands.map((b) => b.slug)).size).toBe(300);
    expect(generateCatalog({ brands: 300, coupons: 2000, deals: 500, seed: 7, now })).toEqual(a);
    expect(a.stats.totalCoupons).toBe(2000);
  });
});
