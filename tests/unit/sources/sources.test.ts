import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../../src/catalog/schemas.ts';
import { createMemorySource } from '../../../src/sources/memory.ts';
import { buildStaticFiles } from '../../../src/sources/static/export.ts';
import { createStaticSource } from '../../../src/sources/static/source.ts';
import { englishGenerated, englishSample } from '../../fixtures/catalogs/sample-en.ts';
import { runCatalogContract } from './contract.ts';

const now = new Date('2026-05-10T12:00:00Z');

/** A fetch that serves the export from memory through real JSON serialization. */
function fakeFetch(catalog: Catalog, pageSize = 20, more: { blockSize?: number; brandShardItems?: number } = {}) {
  const files = buildStaticFiles(catalog, { now, pageSize, ...more });
  const requested: string[] = [];
  const fetch = async (url: string) => {
    requested.push(url);
    const path = url.replace(/^\/data\//, '');
    const value = files.get(path);
    const body = value === undefined ? undefined : JSON.stringify(value);
    return {
      ok: body !== undefined,
      status: body === undefined ? 404 : 200,
      json: async () => JSON.parse(body!),
    };
  };
  return { fetch, requested, files };
}

const sample = englishSample(now);
runCatalogContract('memory (sample)', () => createMemorySource(sample, { now }), sample, { now });
runCatalogContract(
  'static (sample)',
  () => createStaticSource({ fetch: fakeFetch(sample).fetch, now: () => now }),
  sample,
  {
    now,
  },
);

const medium = englishGenerated({ brands: 120, coupons: 1500, deals: 300, seed: 42, now });
runCatalogContract('memory (1,500 coupons)', () => createMemorySource(medium, { now }), medium, { now });
runCatalogContract(
  'static (1,500 coupons, export page size 25)',
  () => createStaticSource({ fetch: fakeFetch(medium, 25).fetch, now: () => now }),
  medium,
  { now },
);
runCatalogContract(
  'static (1,500 coupons, order blocks of 7, every brand split over several files)',
  () =>
    createStaticSource({ fetch: fakeFetch(medium, 20, { blockSize: 7, brandShardItems: 3 }).fetch, now: () => now }),
  medium,
  { now },
);

describe('a site page size (features.pagination.itemsPerPage)', () => {
  const catalog = englishSample(now);

  it('is the memory source default for every paged list; an explicit pageSize still wins', async () => {
    const source = createMemorySource(catalog, { now, pageSize: 12 });
    const first = await source.coupons.list({ page: 1 });
    expect(first.items).toHaveLength(12);
    expect(first.pageSize).toBe(12);
    expect(first.hasMore).toBe(true);
    expect((await source.deals.list({ page: 2 })).items.map((d) => d.id)).toEqual(
      (await createMemorySource(catalog, { now }).deals.list({ page: 1, pageSize: 24 })).items
        .slice(12)
        .map((d) => d.id),
    );
    expect((await source.search('off')).coupons.items).toHaveLength(12);
    expect((await source.coupons.list({ page: 1, pageSize: 5 })).items).toHaveLength(5);
    expect((await createMemorySource(catalog, { now }).coupons.list()).items).toHaveLength(20);
  });

  it('the static export in pages of 12 answers the browser like the memory source', async () => {
    const { fetch } = fakeFetch(catalog, 12);
    const web = createStaticSource({ fetch, now: () => now });
    const memory = createMemorySource(catalog, { now, pageSize: 12 });
    for (const page of [1, 2, 5]) {
      const want = await memory.coupons.list({ page });
      const got = await web.coupons.list({ page, pageSize: 12 });
      expect(got.items.map((c) => c.id)).toEqual(want.items.map((c) => c.id));
      expect(got.total).toBe(want.total);
    }
  });
});
