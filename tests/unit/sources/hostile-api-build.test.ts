/**
 * An API-mode build against a hostile API (the reference server's `hostile` fault: slugs like
 * "../x" and "a/b", markup in every text) used to report success with 1 brand of 30 and half
 * the categories (records whose slugs collapse into one were dropped silently) and to save that
 * as the snapshot. Records dropped or merged count as invalid under the 1 % rule, and a good
 * snapshot is never replaced by a much smaller catalog without saying so (--strict: the site fails).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApiServer, startApiServer } from '../../../scripts/lib/api-server/server.ts';
import { createApiClient } from '../../../src/api/client.ts';
import { generateCatalog } from '../../../src/catalog/sample.ts';
import { CatalogFetchError, fetchCatalog } from '../../../src/sources/http/fetch-catalog.ts';
import {
  BuildCatalogError,
  previousSnapshotPath,
  type ResolveApiCatalogOptions,
  readSnapshot,
  resolveApiCatalog,
  shrunkLists,
  snapshotPath,
} from '../../../src/sources/snapshot.ts';

const now = new Date('2026-05-10T12:00:00Z');
const HOUR = 3_600_000;
const full = generateCatalog({ brands: 30, coupons: 250, deals: 60, seed: 5, now });
const small = generateCatalog({ brands: 3, coupons: 20, deals: 5, seed: 5, now });
const noSleep = async () => {};

describe('a hostile API', () => {
  let api: RunningApiServer;
  beforeAll(async () => {
    api = await startApiServer({ catalog: full, now });
  });
  afterAll(() => api.close());
  afterEach(() => api.faults.clear());

  it('is refused: records merged by their slug count as invalid (not 1 brand of 30, reported as success)', async () => {
    api.faults.add({ rule: 'hostile' });
    const warnings: string[] = [];
    const client = createApiClient({ baseUrl: api.url, siteId: 'apitest', getToken: () => null, timeoutMs: 5000 });
    const error = await fetchCatalog(client, { retries: 0, warn: (l) => warnings.push(l) }).catch((e) => e);
    expect(error).toBeInstanceOf(CatalogFetchError);
    expect(error.message).toMatch(/^(categories|brands): \d+ of (12|30) records are invalid \(more than 1 %\)/);
    expect(warnings.join('\n')).toMatch(/dropped \d+ record\(s\) of \d+ \(first: \w+\[\d+\]\.slug: Duplicate \w+ slug/);
  });

  it('two brands whose hostile slugs collapse into one: one brand of 30 merged away is over 1 %', async () => {
    api.faults.add({ rule: 'hostile', path: '/api/brands/7' });
    api.faults.add({ rule: 'hostile', path: '/api/brands/8' });
    const warnings: string[] = [];
    const client = createApiClient({ baseUrl: api.url, siteId: 'apitest', getToken: () => null, timeoutMs: 5000 });
    const error = await fetchCatalog(client, { retries: 0, warn: (l) => warnings.push(l) }).catch((e) => e);
    expect(error).toBeInstanceOf(CatalogFetchError);
    expect(error.message).toMatch(/^brands: 1 of 30 records are invalid/);
    expect(warnings.join('\n')).toMatch(
      /brands: dropped 1 record\(s\) of 30 \(first: brands\[\d+\]\.slug: Duplicate brand slug "escape"/,
    );
  });
});

describe('the last good snapshot against a hostile or shrunken API', () => {
  let api: RunningApiServer;
  let smallApi: RunningApiServer;
  const cacheDir = mkdtempSync(join(tmpdir(), 'hostile-snapshots-'));
  const file = snapshotPath(cacheDir, 'apitest');
  beforeAll(async () => {
    api = await startApiServer({ catalog: full, now });
    smallApi = await startApiServer({ catalog: small, now });
  });
  afterAll(async () => {
    await api.close();
    await smallApi.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });
  afterEach(() => api.faults.clear());

  function resolveWith(over: Partial<ResolveApiCatalogOptions> = {}) {
    const lines: string[] = [];
    const result = resolveApiCatalog({
      siteId: 'apitest',
      baseUrl: api.url,
      timeoutMs: 5000,
      retries: 0,
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

  it('hostile: the build uses the good snapshot, loudly, and does not overwrite it', async () => {
    expect((await resolveWith().result).origin).toBe('api');
    api.faults.add({ rule: 'hostile' });
    const { result, lines } = resolveWith();
    const built = await result;
    expect(built.origin).toBe('snapshot');
    expect(built.catalog.brands).toHaveLength(30);
    expect(built.catalog.categories).toHaveLength(12);
    expect(lines.join('\n')).toMatch(/LAST GOOD SNAPSHOT[\s\S]*records are invalid/);
    expect(readSnapshot(file, 'apitest')!.catalog.brands).toHaveLength(30);
  });

  it('a much smaller catalog with --strict: the site fails and the snapshot stays', async () => {
    expect((await resolveWith().result).origin).toBe('api');
    const error = await resolveWith({ baseUrl: smallApi.url, strict: true }).result.catch((e) => e);
    expect(error).toBeInstanceOf(BuildCatalogError);
    expect(error.message).toMatch(/much smaller catalog than the last good snapshot .*brands 3 \(was 30\)/);
    expect(error.message).toMatch(/--strict/);
    expect(readSnapshot(file, 'apitest')!.catalog.brands).toHaveLength(30);
  });

  it('a much smaller catalog without --strict: said loudly, the previous snapshot kept beside it', async () => {
    expect((await resolveWith().result).origin).toBe('api');
    const { result, lines } = resolveWith({ baseUrl: smallApi.url });
    const built = await result;
    expect(built.origin).toBe('api');
    expect(built.catalog.brands).toHaveLength(3);
    const report = lines.join('\n');
    expect(report).toMatch(
      /much smaller catalog than the last good snapshot .*brands 3 \(was 30\), coupons 20 \(was 250\)/,
    );
    expect(report).toMatch(/previous snapshot is kept as/);
    const kept = previousSnapshotPath(file);
    expect(existsSync(kept)).toBe(true);
    expect(readSnapshot(kept, 'apitest')!.catalog.brands).toHaveLength(30);
  });

  it('"much smaller" is a list under half of the snapshot\'s', () => {
    expect(shrunkLists(full, full)).toEqual([]);
    expect(shrunkLists(full, { ...full, brands: full.brands.slice(0, 15) })).toEqual([]);
    expect(shrunkLists(full, { ...full, brands: full.brands.slice(0, 14) })).toEqual(['brands 14 (was 30)']);
  });
});
