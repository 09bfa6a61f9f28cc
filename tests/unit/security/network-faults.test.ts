/**
 * Issue 16 "Network faults", client level: every call the browser makes through the HTTP source
 * and the tracking helpers, against the reference server with each fault (500, timeout, dropped
 * connection, malformed JSON, wrong envelope). Reads reject with an error the screens turn into
 * their SPEC §8 view (never hang, never resolve to made-up data); tracking calls never throw.
 * The browser-level matrix is tests/e2e/api-mode/network-faults.spec.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApiServer, startApiServer } from '../../../scripts/lib/api-server/server.ts';
import { createApiClient } from '../../../src/api/client.ts';
import { API_ERROR, INVALID_RESPONSE, NETWORK_ERROR } from '../../../src/api/errors.ts';
import { recordCouponClick, recordCouponUsage, recordDealClick, recordSearch } from '../../../src/api/tracking.ts';
import type { CatalogSource } from '../../../src/catalog/source.ts';
import { createHttpSource } from '../../../src/sources/http/source.ts';

const FAULTS = {
  500: { rule: 'status:500', error: 'HTTP 500', message: 'Injected 500' },
  timeout: { rule: 'delay:2000', error: NETWORK_ERROR, message: 'Network error. Please check your connection.' },
  'dropped connection': { rule: 'drop', error: NETWORK_ERROR, message: 'Network error. Please check your connection.' },
  'malformed JSON': { rule: 'malformed', error: INVALID_RESPONSE, message: 'Invalid response from server' },
  'wrong envelope': { rule: 'wrong-envelope', error: API_ERROR, message: 'Injected wrong envelope' },
} as const;

/** Every read the islands make in API mode. */
const READS: Record<string, (s: CatalogSource) => Promise<unknown>> = {
  'GET /home': (s) => s.home(),
  'GET /categories': (s) => s.categories.list(),
  'GET /brands': (s) => s.brands.list({ categoryId: 1 }),
  'GET /coupons': (s) => s.coupons.list({ sort: 'popular', page: 2 }),
  'GET /coupons/search': (s) => s.coupons.search('off', {}),
  'GET /deals': (s) => s.deals.list({ sort: 'discount', page: 2 }),
  'GET /brands/{id}/coupons': (s) => s.brands.coupons(1, { page: 2 }),
  'GET /categories/{id}/deals': (s) => s.categories.deals(1, { page: 2 }),
  'GET /search': (s) => s.search('laptops', { page: 1 }),
  'GET /search/suggestions': (s) => s.suggestions('la', 5),
  'GET /search/trending': (s) => s.trending(8),
};

let server: RunningApiServer;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

/**
 * The client's timeout: short where the fault is a delay (so the test sees the timeout), long
 * otherwise, so a loaded machine cannot turn an injected 500 into a timeout.
 */
function clientWith(rule: string) {
  return createApiClient({
    baseUrl: server.url,
    siteId: 'default',
    getToken: () => null,
    timeoutMs: rule.startsWith('delay:') ? 300 : 10_000,
    fetch: (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as object), 'X-Fault': rule } }),
  });
}

describe.each(Object.entries(FAULTS))('fault: %s', (_name, fault) => {
  it.each(Object.keys(READS))('%s rejects with the catalogue error, never hangs or invents data', async (call) => {
    const source = createHttpSource(clientWith(fault.rule), { warn: () => {} });
    const error = await READS[call]!(source).then(
      (value) => ({ resolved: value }),
      (e: Error & { error?: string }) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as { error?: string }).error).toBe(fault.error);
    expect((error as Error).message).toBe(fault.message);
  });

  it('tracking calls (click, usage with its retries, deal click, search record) only report', async () => {
    const client = clientWith(fault.rule);
    const warnings: unknown[] = [];
    const warn = (...args: unknown[]) => warnings.push(args);
    await expect(recordCouponClick(client, 1, warn)).resolves.toBeUndefined();
    await expect(recordDealClick(client, 1, warn)).resolves.toBeUndefined();
    const usage = await recordCouponUsage(client, 1, { sleep: async () => {} });
    expect(usage).toMatchObject({ success: false, error: fault.error });
    expect(await recordSearch(client, 'laptops')).toMatchObject({ success: false, error: fault.error });
    expect(warnings).toHaveLength(2);
  });
});
