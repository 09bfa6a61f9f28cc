import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RunningApiServer, startApiServer } from '../../../scripts/lib/api-server/server.ts';
import { type ApiClient, createApiClient } from '../../../src/api/client.ts';
import { ApiResultError } from '../../../src/api/errors.ts';
import { createSampleCatalog } from '../../../src/catalog/sample.ts';
import type { CatalogSource } from '../../../src/catalog/source.ts';
import { createHttpSource } from '../../../src/sources/http/source.ts';
import { createMemorySource } from '../../../src/sources/memory.ts';
import { inEnglish } from '../../fixtures/catalogs/sample-en.ts';

const NOW = new Date('2026-06-01T12:00:00Z');
/** The API serves every language; the HTTP source asks for the default one (English). */
const localized = createSampleCatalog(NOW);
const catalog = inEnglish(localized);

let server: RunningApiServer;
let rawServer: RunningApiServer;
let http: CatalogSource;
let memory: CatalogSource;
const warn = vi.fn();

beforeAll(async () => {
  server = await startApiServer({ port: 0, catalog: localized, now: NOW });
  rawServer = await startApiServer({ port: 0, catalog: localized, now: NOW, envelope: 'raw' });
  http = createHttpSource(createApiClient({ baseUrl: server.url, siteId: 'default' }), { warn });
  memory = createMemorySource(catalog, { now: NOW });
});
afterAll(async () => {
  await Promise.all([server.close(), rawServer.close()]);
});
afterEach(() => {
  server.faults.clear();
  warn.mockClear();
});

describe('same answers as the memory source', () => {
  const calls: [string, (s: CatalogSource) => Promise<unknown>][] = [
    ['home', (s) => s.home()],
    ['stats', (s) => s.stats()],
    ['categories.list', (s) => s.categories.list()],
    ['categories.featured', (s) => s.categories.featured()],
    ['categories.byId', async (s) => s.categories.byId(catalog.categories[1]!.id)],
    ['categories.bySlug', async (s) => s.categories.bySlug(catalog.categories[0]!.slug)],
    ['categories.coupons', (s) => s.categories.coupons(catalog.categories[0]!.id, { pageSize: 5, sort: 'popular' })],
    ['categories.deals', (s) => s.categories.deals(catalog.categories[0]!.id, { page: 2, pageSize: 3 })],
    ['brands.list', (s) => s.brands.list()],
    ['brands.list filtered', (s) => s.brands.list({ categoryId: catalog.categories[0]!.id })],
    ['brands.featured', (s) => s.brands.featured(4)],
    ['brands.popular', (s) => s.brands.popular()],
    ['brands.byId', (s) => s.brands.byId(catalog.brands[2]!.id)],
    ['brands.bySlug', (s) => s.brands.bySlug(catalog.brands[3]!.slug)],
    ['brands.coupons', (s) => s.brands.coupons(catalog.brands[0]!.id, { sort: 'discount' })],
    ['coupons.list', (s) => s.coupons.list()],
    ['coupons.list page 5', (s) => s.coupons.list({ page: 5, sort: 'expiring' })],
    ['coupons.list featured', (s) => s.coupons.list({ featured: true, pageSize: 4 })],
    ['coupons.list filtered', (s) => s.coupons.list({ brandId: catalog.brands[0]!.id, categoryId: 1 })],
    ['coupons.featured', (s) => s.coupons.featured()],
    ['coupons.expiring', (s) => s.coupons.expiring()],
    ['coupons.expiring 30', (s) => s.coupons.expiring(30, 3)],
    ['coupons.byId', (s) => s.coupons.byId(catalog.coupons[4]!.id)],
    ['coupons.related', (s) => s.coupons.related(catalog.coupons[4]!.id, 3)],
    ['deals.list', (s) => s.deals.list({ sort: 'popular', page: 2, pageSize: 10 })],
    ['deals.hot', (s) => s.deals.hot()],
    ['deals.featured', (s) => s.deals.featured()],
    ['deals.limited', (s) => s.deals.limited(3)],
    ['deals.byId', (s) => s.deals.byId(catalog.deals[0]!.id)],
    ['deals.related', (s) => s.deals.related(catalog.deals[0]!.id)],
    ['search', (s) => s.search(catalog.brands[0]!.name)],
    ['search typed', (s) => s.search(catalog.brands[0]!.name, { types: ['coupons'], pageSize: 2 })],
    ['suggestions', (s) => s.suggestions(catalog.brands[0]!.name.slice(0, 3))],
    ['trending', (s) => s.trending(4)],
  ];
  it.each(calls)('%s', async (_name, call) => {
    expect(await call(http)).toEqual(await call(memory));
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('normalizing and reporting', () => {
  it('drops an item with wrong field types, reports it and keeps the rest and the total', async () => {
    server.faults.add({ rule: 'wrong-types', path: '/api/coupons', times: 1 });
    const page = await http.coupons.list({ pageSize: 5 });
    expect(page.items).toHaveLength(4);
    expect(page.total).toBe(98);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('dropped 1 invalid item(s) from /coupons');
  });

  it('drops wrong-typed items inside home data', async () => {
    server.faults.add({ rule: 'wrong-types', path: '/api/home', times: 1 });
    const home = await http.home();
    const expected = await memory.home();
    expect(home.featuredCategories.length + 1).toBe(expected.featuredCategories.length);
    expect(home.stats).toEqual(expected.stats);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('normalizes snake_case bodies through the catalog schemas', async () => {
    const stub: ApiClient = {
      baseUrl: '',
      siteId: 'default',
      retryCount: 3,
      endpoint: (name) => name,
      url: (p) => p,
      post: async <T>() => ({ success: true as const, data: null as T }),
      get: async <T>() => ({
        success: true as const,
        data: [
          { id: '7', name: 'Travel', slug: 'travel', coupon_count: 12, deal_count: '3', is_trending: 1 },
          { id: 'x', name: '' },
        ] as T,
      }),
    };
    const categories = await createHttpSource(stub, { warn }).categories.list();
    expect(categories).toHaveLength(1);
    expect(categories[0]).toMatchObject({ id: 7, slug: 'travel', totalCoupons: 12, totalDeals: 3, featured: true });
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe('totals', () => {
  it('uses the pagination total of the response', async () => {
    expect(await http.deals.list({ pageSize: 10 })).toMatchObject({ total: 48, totalPages: 5, hasMore: true });
  });

  it('estimates only when the response carries no total (SPEC §4)', async () => {
    const raw = createHttpSource(createApiClient({ baseUrl: rawServer.url, siteId: 'default' }), { warn });
    const full = await raw.coupons.list({ page: 2 });
    expect(full).toMatchObject({ page: 2, pageSize: 20, total: 2 * 20 + 10, hasMore: true });
    expect(full.items).toHaveLength(20);
    const short = await raw.coupons.list({ page: 5 });
    expect(short.items).toHaveLength(18);
    expect(short).toMatchObject({ total: 4 * 20 + 18, hasMore: false });
  });
});

describe('failures', () => {
  it('gives null for a missing entity', async () => {
    expect(await http.coupons.byId(999_999)).toBeNull();
    expect(await http.brands.bySlug('no-such-brand')).toBeNull();
    expect(await http.categories.byId(999_999)).toBeNull();
    expect(await http.deals.byId(999_999)).toBeNull();
  });

  it('throws ApiResultError with the catalogue message on HTTP and transport errors', async () => {
    server.faults.add({ rule: 'status:503:bare', path: '/api/categories', times: 1 });
    await expect(http.categories.list()).rejects.toMatchObject({
      name: 'ApiResultError',
      error: 'HTTP 503',
      message: 'Service unavailable',
    });
    server.faults.add({ rule: 'malformed', path: '/api/deals', times: 1 });
    await expect(http.deals.hot()).rejects.toBeInstanceOf(ApiResultError);
    server.faults.add({ rule: 'status:404', path: '/api/coupons', times: 1 });
    await expect(http.coupons.list()).rejects.toMatchObject({ error: 'HTTP 404' });
  });

  it('throws "Invalid API response structure" when a list is not a list', async () => {
    const stub: ApiClient = {
      baseUrl: '',
      siteId: 'default',
      retryCount: 3,
      endpoint: (name) => name,
      url: (p) => p,
      post: async <T>() => ({ success: true as const, data: null as T }),
      get: async <T>() => ({ success: true as const, data: { unexpected: true } as T }),
    };
    await expect(createHttpSource(stub).categories.list()).rejects.toThrow('Invalid API response structure');
  });
});
