import { createStaticSource } from '../../../src/api/static-source.ts';
import { createMemorySource } from '../../../src/catalog/memory-source.ts';
import { createSampleCatalog, generateCatalog } from '../../../src/catalog/sample.ts';
import type { Catalog } from '../../../src/catalog/schemas.ts';
import { buildStaticFiles } from '../../../src/catalog/static-export.ts';
import { runCatalogContract } from './contract.ts';

const now = new Date('2026-05-10T12:00:00Z');

/** A fetch that serves the export from memory through real JSON serialization. */
export function fakeFetch(
  catalog: Catalog,
  pageSize = 20,
  more: { blockSize?: number; brandShardItems?: number } = {},
) {
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

const sample = createSampleCatalog(now);
runCatalogContract('memory (sample)', () => createMemorySource(sample, { now }), sample, { now });
runCatalogContract(
  'static (sample)',
  () => createStaticSource({ fetch: fakeFetch(sample).fetch, now: () => now }),
  sample,
  {
    now,
  },
);

const medium = generateCatalog({ brands: 120, coupons: 1500, deals: 300, seed: 42, now });
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
