/**
 * The catalog shards of an edge site (issue 32): a memory source over a brand's shard answers
 * what its brand page and feed show exactly as the whole catalog does, in every language;
 * the head is the brands with the most live offers; shards stay small at any size.
 */
import { describe, expect, it } from 'vitest';
import { localizeCatalog } from '../../../src/catalog/localize-catalog.ts';
import { CATALOG_LANGUAGES } from '../../../src/catalog/localized.ts';
import { createSampleCatalog } from '../../../src/catalog/sample.ts';
import { commonOf, edgeShards, joinShard, SHARD_BRANDS, shardFile } from '../../../src/edge/shards.ts';
import { headBrands, prerenderBrandBudget } from '../../../src/page-models/edge-head.ts';
import { createMemorySource } from '../../../src/sources/memory.ts';

const NOW = new Date('2026-11-27T12:00:00Z');
const catalog = createSampleCatalog(NOW);
const sourceOf = (c: typeof catalog, lang: (typeof CATALOG_LANGUAGES)[number]) =>
  createMemorySource(localizeCatalog(c, { lang, defaultLang: 'en' }).catalog, { now: NOW, pageSize: 20 });

describe('edgeShards', () => {
  const { index, shards } = edgeShards(catalog);

  it('puts every brand in exactly one shard, and every coupon of a brand with it', () => {
    expect(index.brands.map((b) => b[1]).sort((a, b) => a - b)).toEqual(
      catalog.brands.map((b) => b.id).sort((a, b) => a - b),
    );
    const branded = catalog.coupons.filter((c) => c.brandId !== null).map((c) => c.id);
    expect(index.coupons.map((c) => c[0]).sort((a, b) => a - b)).toEqual(branded.sort((a, b) => a - b));
    for (const s of shards.values()) expect(s.brands.length).toBeLessThanOrEqual(SHARD_BRANDS + 16);
  });

  it.each(CATALOG_LANGUAGES)('answers a brand page from its shard as from the whole catalog (%s)', async (lang) => {
    const whole = sourceOf(catalog, lang);
    for (const [, id, shardNo] of index.brands) {
      const part = sourceOf(shards.get(index.shards[shardNo]!)!, lang);
      const brand = await whole.brands.byId(id);
      expect(await part.brands.byId(id)).toEqual(brand);
      expect(await part.brands.coupons(id)).toEqual(await whole.brands.coupons(id));
      expect(await part.brands.deals(id)).toEqual(await whole.brands.deals(id));
      if (brand?.categoryId != null) {
        const related = async (s: typeof whole) =>
          (await s.brands.list({ categoryId: brand.categoryId })).filter((b) => b.id !== id).slice(0, 8);
        expect(await related(part)).toEqual(await related(whole));
      }
    }
  });

  it('writes the same index for the same catalog (no build clock in it), and changes the version with the catalog (issue 42)', () => {
    expect(JSON.stringify(edgeShards(structuredClone(catalog)).index)).toBe(JSON.stringify(index));
    expect(Object.keys(index)).not.toContain('builtAt');
    const edited = {
      ...catalog,
      coupons: catalog.coupons.map((c, i) => (i === 0 ? { ...c, updatedAt: '2030-01-01T00:00:00.000Z' } : c)),
    };
    expect(edgeShards(edited).index.version).not.toBe(index.version);
    const fewer = { ...catalog, coupons: catalog.coupons.slice(1) };
    expect(edgeShards(fewer).index.version).not.toBe(index.version);
  });

  it('writes a shard without what every shard shares (categories, stats, trending: /_edge/common.json), and reads it back whole', () => {
    for (const name of index.shards) {
      const whole = shards.get(name)!;
      const own = shardFile(whole);
      expect(Object.keys(own).sort()).toEqual(['brands', 'coupons', 'deals']);
      expect(joinShard(commonOf(catalog), own)).toEqual(whole);
    }
  });
});

describe('the pre-rendered head', () => {
  it('is the brands with the most live offers, ties by id', () => {
    const brands = [
      { id: 3, totalCoupons: 1, totalDeals: 0 },
      { id: 1, totalCoupons: 5, totalDeals: 5 },
      { id: 2, totalCoupons: 0, totalDeals: 1 },
      { id: 4, totalCoupons: 9, totalDeals: 0 },
    ];
    expect(headBrands(brands, 3).map((b) => b.id)).toEqual([1, 4, 2]);
    expect(headBrands(brands, 0)).toEqual([]);
  });

  it('fits a quarter of maxFiles unless brandsPerLanguage is set', () => {
    const site = { supportedLanguages: ['en', 'es', 'fr', 'de'] } as never;
    expect(prerenderBrandBudget({ site, deploy: { target: 'cloudflare', prerender: { maxFiles: 20_000 } } })).toBe(416);
    expect(
      prerenderBrandBudget({
        site,
        deploy: { target: 'cloudflare', prerender: { maxFiles: 20_000, brandsPerLanguage: 7 } },
      }),
    ).toBe(7);
  });
});
