/**
 * API-mode builds pull the catalog from the API and keep a last good snapshot (ARCHITECTURE
 * "API-mode builds"). Driven through the reference API server's fault injection: the API down,
 * slow and answering garbage; the snapshot used and reported; no snapshot, a stale one or
 * --strict → that site fails; never the sample.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApiServer, startApiServer } from '../../../scripts/lib/api-server/server.ts';
import { createApiClient } from '../../../src/api/client.ts';
import { generateCatalog } from '../../../src/catalog/sample.ts';
import { CatalogFetchError, fetchCatalog, mapLimit } from '../../../src/sources/http/fetch-catalog.ts';
import {
  BuildCatalogError,
  formatAge,
  type ResolveApiCatalogOptions,
  readSnapshot,
  resolveApiCatalog,
  snapshotPath,
} from '../../../src/sources/snapshot.ts';
import { inEnglish } from '../../fixtures/catalogs/sample-en.ts';

const now = new Date('2026-05-10T12:00:00Z');
const HOUR = 3_600_000;
/** The API serves every language; the build asks for the default one (English). */
const localized = generateCatalog({ brands: 30, coupons: 250, deals: 60, seed: 5, now });
const catalog = inEnglish(localized);
const noSleep = async () => {};

describe('pulling the catalog from the API', () => {
  let api: RunningApiServer;
  beforeAll(async () => {
    api = await startApiServer({ catalog: localized, now });
  });
  afterAll(() => api.close());
  afterEach(() => api.faults.clear());

  const client = (timeoutMs = 10_000) =>
    createApiClient({ baseUrl: api.url, siteId: 'apitest', getToken: () => null, timeoutMs });

  it('pages every list, fetches every brand in full, and validates the result', async () => {
    api.state.requests.length = 0;
    const fetched = await fetchCatalog(client(), { pageSize: 100, concurrency: 3, retries: 0 });
    expect(fetched.catalog.coupons.map((c) => c.id).sort((a, b) => a - b)).toEqual(
      catalog.coupons.map((c) => c.id).sort((a, b) => a - b),
    );
    expect(fetched.catalog.deals).toHaveLength(60);
    // Brand details, not the list's summaries: the brand page needs the description and links.
    const brand = fetched.catalog.brands.find((b) => b.id === 7)!;
    expect(brand).toEqual(catalog.brands.find((b) => b.id === 7));
    expect(fetched.catalog.categories).toEqual(catalog.categories);
    expect(fetched.catalog.stats).toEqual(catalog.stats);
    // 250 coupons at 100 per page: 3 pages.
    const couponPages = api.state.requests.filter((r) => r.url.startsWith('/api/coupons?'));
    expect(couponPages.map((r) => new URL(r.url, api.url).searchParams.get('page')).sort()).toEqual(['1', '2', '3']);
    expect(couponPages.every((r) => r.url.includes('pageSize=100'))).toBe(true);
  });

  it('retries a failed request the configured number of times', async () => {
    api.faults.add({ rule: 'status:503', path: '/api/categories', times: 2 });
    const fetched = await fetchCatalog(client(), { retries: 2, sleep: noSleep });
    expect(fetched.catalog.categories).toHaveLength(catalog.categories.length);
    api.faults.add({ rule: 'status:503', path: '/api/categories', times: 3 });
    await expect(fetchCatalog(client(), { retries: 2, sleep: noSleep })).rejects.toThrow(
      /GET .*\/api\/categories\?lang=en failed after 3 attempts \(HTTP 503/,
    );
  });

  it('drops a single invalid record but refuses a list with too many', async () => {
    api.faults.add({ rule: 'wrong-types', path: '/api/coupons', times: 1 });
    const warnings: string[] = [];
    const one = await fetchCatalog(client(), { retries: 0, warn: (l) => warnings.push(l) });
    expect(one.catalog.coupons).toHaveLength(249);
    expect(one.dropped).toEqual({ coupons: 1 });
    expect(warnings.join('\n')).toMatch(/coupons: dropped 1 invalid record/);
    api.faults.add({ rule: 'wrong-types', path: '/api/coupons' });
    await expect(fetchCatalog(client(), { retries: 0, warn: () => {} })).rejects.toThrow(
      /coupons: 3 of 250 records are invalid/,
    );
  });

  it('runs at most `limit` calls at once', async () => {
    let active = 0;
    let peak = 0;
    const out = await mapLimit([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      active++;
      peak = Math.max(peak, active);
      await new Promise((r) => setTimeout(r, 5));
      active--;
      return n * 2;
    });
    expect(out).toEqual([2, 4, 6, 8, 10, 12, 14]);
    expect(peak).toBe(3);
  });

  it('fails with the call and the reason on garbage', async () => {
    api.faults.add({ rule: 'malformed', path: '/api/deals' });
    const error = await fetchCatalog(client(), { retries: 0 }).catch((e) => e);
    expect(error).toBeInstanceOf(CatalogFetchError);
    expect(error.message).toMatch(/GET http:\/\/127\.0\.0\.1:\d+\/api\/deals\?.* failed \(INVALID_RESPONSE/);
  });
});

describe('the last good snapshot', () => {
  let api: RunningApiServer;
  const cacheDir = mkdtempSync(join(tmpdir(), 'snapshots-'));
  const file = snapshotPath(cacheDir, 'apitest');
  beforeAll(async () => {
    api = await startApiServer({ catalog: localized, now });
  });
  afterAll(async () => {
    await api.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });
  afterEach(() => api.faults.clear());

  function resolveWith(over: Partial<ResolveApiCatalogOptions> = {}) {
    const lines: string[] = [];
    const result = resolveApiCatalog({
      siteId: 'apitest',
      baseUrl: api.url,
      timeoutMs: 1000,
      retries: 1,
      maxAgeMs: 72 * HOUR,
      cacheDir,
      sleep: noSleep,
      now: () => now,
      log: (l) => lines.push(l),
      warn: (l) => lines.push(l),
      ...over,
    });
    return { result, lines };
  }

  it('is written, with its fetch time, when the API answers', async () => {
    const { result, lines } = resolveWith();
    const built = await result;
    expect(built.origin).toBe('api');
    expect(built.catalog.coupons).toHaveLength(250);
    const saved = readSnapshot(file, 'apitest')!;
    expect(saved.fetchedAt).toBe(now.toISOString());
    expect(saved.apiBaseUrl).toBe(api.url);
    expect(saved.catalog.coupons).toHaveLength(250);
    expect(lines.join('\n')).toMatch(/Site "apitest": 250 coupons, 60 deals, 30 brands from http/);
  });

  it.each([
    ['down', 'status:500', /HTTP 500/],
    ['slow (past the 1 s timeout)', 'delay:3000', /NETWORK_ERROR/],
    ['garbage', 'malformed', /INVALID_RESPONSE/],
  ])('is used, loudly, when the API is %s', async (_name, rule, error) => {
    api.faults.add({ rule });
    const later = new Date(now.getTime() + 5 * HOUR + 7 * 60_000);
    const { result, lines } = resolveWith({ now: () => later });
    const built = await result;
    expect(built.origin).toBe('snapshot');
    expect(built.catalog.coupons).toHaveLength(250);
    expect(built.fetchedAt.toISOString()).toBe(now.toISOString());
    const report = lines.join('\n');
    expect(report).toMatch(/Site "apitest" is built from its LAST GOOD SNAPSHOT/);
    expect(report).toMatch(error);
    expect(report).toContain(`fetched ${now.toISOString()} (5 h 7 min old)`);
    // The failed fetch did not overwrite the good snapshot.
    expect(readSnapshot(file, 'apitest')!.fetchedAt).toBe(now.toISOString());
  });

  it('is refused with --strict: the site fails', async () => {
    api.faults.add({ rule: 'status:500' });
    const error = await resolveWith({ strict: true }).result.catch((e) => e);
    expect(error).toBeInstanceOf(BuildCatalogError);
    expect(error.message).toMatch(/^Site "apitest": the API at http.* failed: .*HTTP 500.*--strict/);
  });

  it('is refused when older than the configured age', async () => {
    api.faults.add({ rule: 'status:500' });
    const later = new Date(now.getTime() + 80 * HOUR);
    const error = await resolveWith({ now: () => later }).result.catch((e) => e);
    expect(error.message).toMatch(/is 3 d 8 h old, older than the limit of 3 d \(api\.build\.snapshotMaxAgeHours\)/);
  });

  it('missing or corrupt: the site fails and never falls back to the sample', async () => {
    api.faults.add({ rule: 'status:500' });
    const none = await resolveWith({ siteId: 'other' }).result.catch((e) => e);
    expect(none).toBeInstanceOf(BuildCatalogError);
    expect(none.message).toMatch(/^Site "other": the API .* failed: .*, and there is no last good snapshot at /);
    expect(none.message).toMatch(/never built from the sample/);
    writeFileSync(file, '{"version":1,');
    const corrupt = await resolveWith().result.catch((e) => e);
    expect(corrupt.message).toMatch(/the snapshot .*catalog\.json is not valid JSON/);
    rmSync(file);
  });

  it('without an absolute API address counts as the API failing', async () => {
    const error = await resolveWith({ baseUrl: '', siteId: 'nourl' }).result.catch((e) => e);
    expect(error.message).toMatch(/no absolute API address/);
    expect(existsSync(snapshotPath(cacheDir, 'nourl'))).toBe(false);
  });
});

describe('formatAge', () => {
  it('reads like a person would say it', () => {
    expect(formatAge(45_000)).toBe('45 s');
    expect(formatAge(12 * 60_000)).toBe('12 min');
    expect(formatAge(3 * HOUR + 12 * 60_000)).toBe('3 h 12 min');
    expect(formatAge(52 * HOUR)).toBe('2 d 4 h');
    expect(formatAge(72 * HOUR)).toBe('3 d');
  });
});
