import { describe, expect, it, vi } from 'vitest';
import { createApiClient, type FetchLike } from '../../../src/api/client.ts';
import { DEFAULT_ENDPOINTS, endpointTable, resolveEndpoint } from '../../../src/api/endpoints.ts';
import { recordCouponClick, recordCouponUsage, recordSearch } from '../../../src/api/tracking.ts';
import { validateSiteConfig } from '../../../src/config/validate.ts';
import { defaultConfig } from '../config/helpers.ts';

/** A fetch that records each requested URL and answers every call with `status`. */
function recordingFetch(status = 200) {
  const urls: string[] = [];
  const fetch: FetchLike = async (input) => {
    urls.push(input);
    return new Response(JSON.stringify({ success: status < 400, data: null }), { status });
  };
  return { urls, fetch };
}

const noSleep = async () => {};

describe('api.endpoints (SPEC §3 "endpoints by name", §8)', () => {
  it('logs "API endpoint not configured: {endpoint}" and returns an empty string for an unknown name', () => {
    const log = vi.fn();
    expect(resolveEndpoint(endpointTable(), 'couponRefund', {}, log)).toBe('');
    expect(log).toHaveBeenCalledExactlyOnceWith('API endpoint not configured: couponRefund');
    const client = createApiClient({ baseUrl: '', siteId: 'default', log });
    expect(client.endpoint('nope')).toBe('');
    expect(log).toHaveBeenLastCalledWith('API endpoint not configured: nope');
  });

  it('fills {id} (encoded) in the default paths', () => {
    const client = createApiClient({ baseUrl: '', siteId: 'default' });
    expect(client.endpoint('couponUsage', { id: 'a/b' })).toBe('/coupons/a%2Fb/usage');
    expect(client.endpoint('newsletter')).toBe(DEFAULT_ENDPOINTS.newsletter);
  });

  it('the client posts to the configured override instead of the default path', async () => {
    const { urls, fetch } = recordingFetch();
    const client = createApiClient({
      baseUrl: 'https://api.example',
      siteId: 'default',
      fetch,
      getToken: () => null,
      endpoints: { couponClick: '/v2/offers/{id}/clicked', searchRecord: '/v2/searches' },
    });
    await recordCouponClick(client, 7, () => {});
    await recordSearch(client, 'shoes');
    expect(urls).toEqual(['https://api.example/api/v2/offers/7/clicked', 'https://api.example/api/v2/searches']);
  });

  it('site config: names are checked (a typo is reported) and paths must start with one "/"', () => {
    const typo = defaultConfig();
    typo.api.endpoints = { couponUsge: '/x' } as never;
    const r1 = validateSiteConfig(typo);
    expect(r1.ok).toBe(false);
    if (!r1.ok) expect(r1.problems[0]?.path).toBe('api.endpoints');
    const bad = defaultConfig();
    bad.api.endpoints = { couponUsage: 'https://evil.example/x' };
    const r2 = validateSiteConfig(bad);
    expect(r2.ok).toBe(false);
    if (!r2.ok) expect(r2.problems[0]?.path).toBe('api.endpoints.couponUsage');
  });
});

describe('api.retryCount', () => {
  it.each([
    [0, 1],
    [1, 2],
    [3, 4],
    [5, 6],
  ])('retryCount %i: a failing usage record is sent %i time(s)', async (retryCount, attempts) => {
    const { urls, fetch } = recordingFetch(503);
    const client = createApiClient({ baseUrl: '', siteId: 'default', fetch, getToken: () => null, retryCount });
    const result = await recordCouponUsage(client, 1, { sleep: noSleep });
    expect(result.success).toBe(false);
    expect(urls).toHaveLength(attempts);
  });

  it('without a retryCount: 3 attempts (SPEC §9); stops at the first success', async () => {
    const failing = recordingFetch(503);
    const unset = createApiClient({ baseUrl: '', siteId: 'default', fetch: failing.fetch, getToken: () => null });
    await recordCouponUsage(unset, 1, { sleep: noSleep });
    expect(failing.urls).toHaveLength(3);
    const { urls, fetch } = recordingFetch(200);
    const client = createApiClient({ baseUrl: '', siteId: 'default', fetch, getToken: () => null, retryCount: 5 });
    await recordCouponUsage(client, 1, { sleep: noSleep });
    expect(urls).toEqual(['/api/coupons/1/usage']);
  });
});
