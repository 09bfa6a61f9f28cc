import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RunningApiServer, startApiServer } from '../../../scripts/lib/api-server/server.ts';
import { createApiClient } from '../../../src/api/client.ts';
import { NETWORK_ERROR_MESSAGE, REQUEST_ERROR_MESSAGE } from '../../../src/api/errors.ts';
import { recordCouponUsage } from '../../../src/api/tracking.ts';
import { localStore } from '../../../src/storage/stores.ts';
import { requestsTo, settle, until } from './server-helpers.ts';

let server: RunningApiServer;
let token: string | null = 'secret-token';

const client = () => createApiClient({ baseUrl: server.url, siteId: 'default', getToken: () => token });
const lastRequest = () => server.state.requests.at(-1);

beforeAll(async () => {
  server = await startApiServer({ port: 0, now: new Date('2026-06-01T12:00:00Z') });
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  server.faults.clear();
  token = 'secret-token';
  vi.useRealTimers();
});

describe('SPEC §8 status text mapping', () => {
  const table: [number, string][] = [
    [400, 'Bad request'],
    [401, 'Unauthorized'],
    [403, 'Forbidden'],
    [404, 'Not found'],
    [429, 'Too many requests'],
    [500, 'Internal server error'],
    [502, 'Bad gateway'],
    [503, 'Service unavailable'],
    [418, 'An error occurred'],
    [504, 'An error occurred'],
  ];
  it.each(table)('HTTP %i without a server message → "%s"', async (status, text) => {
    const result = await client().get('/home/stats', { __fault: `status:${status}:bare` });
    expect(result).toEqual({ success: false, error: `HTTP ${status}`, message: text, status });
  });

  it('prefers the server message', async () => {
    const result = await client().get('/home/stats', { __fault: 'status:500' });
    expect(result).toEqual({ success: false, error: 'HTTP 500', message: 'Injected 500', status: 500 });
  });

  it('passes an error body that has a success field through unchanged', async () => {
    const result = await client().get('/home/stats', { __fault: 'status:503:envelope' });
    expect(result).toEqual({ success: false, error: 'INJECTED', message: 'Injected 503' });
  });

  it('maps a real 404 from the server with its message', async () => {
    const result = await client().get('/coupons/999999');
    expect(result).toEqual({ success: false, error: 'HTTP 404', message: 'Coupon not found', status: 404 });
  });
});

describe('transport errors', () => {
  const networkError = { success: false, error: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE };

  it('reports a dropped connection as NETWORK_ERROR', async () => {
    expect(await client().get('/home', { __fault: 'drop' })).toEqual(networkError);
  });

  it('reports a timeout as NETWORK_ERROR', async () => {
    const quick = createApiClient({ baseUrl: server.url, siteId: 'default', timeoutMs: 150 });
    expect(await quick.get('/home', { __fault: 'delay:5000' })).toEqual(networkError);
  });

  it('answers normally when the delay is under the timeout', async () => {
    const result = await client().get('/home/stats', { __fault: 'delay:20' });
    expect(result.success).toBe(true);
  });

  it('reports an unreachable server as NETWORK_ERROR', async () => {
    const closed = await startApiServer({ port: 0 });
    const url = closed.url;
    await closed.close();
    expect(await createApiClient({ baseUrl: url, siteId: 'default' }).get('/home')).toEqual(networkError);
  });

  it('reports request setup failures as REQUEST_ERROR without a request', async () => {
    const requestError = { success: false, error: 'REQUEST_ERROR', message: REQUEST_ERROR_MESSAGE };
    const before = server.state.requests.length;
    expect(await createApiClient({ baseUrl: 'http://exa mple.com', siteId: 'x' }).get('/home')).toEqual(requestError);
    expect(await client().post('/search/record', { query: 1n })).toEqual(requestError);
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(await client().post('/ads/events', circular)).toEqual(requestError);
    expect(server.state.requests.length).toBe(before);
  });

  it('turns a malformed JSON body on 200 into INVALID_RESPONSE', async () => {
    const result = await client().get('/home', { __fault: 'malformed' });
    expect(result).toMatchObject({ success: false, error: 'INVALID_RESPONSE', status: 200 });
  });
});

describe('envelope', () => {
  it('passes a body with success through unchanged (pagination kept)', async () => {
    const result = await client().get<unknown[]>('/coupons', { pageSize: 5 });
    expect(result.success).toBe(true);
    expect(result).toMatchObject({ pagination: { page: 1, size: 5, total: 98, totalPage: 20 } });
  });

  it('wraps a body with neither code nor success', async () => {
    const raw = await client().get('/home/stats', { __envelope: 'raw' });
    const wrapped = await client().get('/home/stats');
    expect(raw).toEqual({ success: true, data: (wrapped as { data: unknown }).data });
    expect(await client().get('/search/trending', { __envelope: 'raw', limit: 2 })).toEqual({
      success: true,
      data: expect.any(Array),
    });
  });

  it('treats code 0 as success', async () => {
    const result = await client().get('/home/stats', { __envelope: 'code' });
    expect(result).toMatchObject({ success: true, message: 'ok', data: { totalCoupons: expect.any(Number) } });
    expect(result).not.toHaveProperty('code');
  });
});

describe('paths and headers', () => {
  it('adds /api exactly once', async () => {
    await client().get('/home/stats');
    expect(lastRequest()?.url).toBe('/api/home/stats');
    await client().get('/api/home/stats');
    expect(lastRequest()?.url).toBe('/api/home/stats');
    await client().get('home/stats');
    expect(lastRequest()?.url).toBe('/api/home/stats');
    await createApiClient({ baseUrl: `${server.url}/api/`, siteId: 'default' }).get('/home/stats');
    expect(lastRequest()?.url).toBe('/api/home/stats');
  });

  it('serializes params, dropping undefined and joining arrays', async () => {
    await client().get('/search', { q: 'shoe', page: 2, categoryId: undefined, types: ['coupons', 'deals'] });
    expect(lastRequest()?.url).toBe('/api/search?q=shoe&page=2&types=coupons,deals');
  });

  it('sends JSON content type, the bearer token and the site id', async () => {
    await client().get('/home/stats');
    expect(lastRequest()).toMatchObject({
      authorization: 'Bearer secret-token',
      siteId: 'default',
      contentType: 'application/json',
    });
    token = null;
    await createApiClient({ baseUrl: server.url, siteId: 'deals-de', getToken: () => token }).post('/deals/1/click');
    expect(lastRequest()).toMatchObject({ method: 'POST', authorization: null, siteId: 'deals-de' });
  });

  it('sends records (POST) with keepalive, so they still leave when the shopper moves on; reads without', async () => {
    const inits: (RequestInit | undefined)[] = [];
    const spy = createApiClient({
      baseUrl: server.url,
      siteId: 'default',
      fetch: (input, init) => {
        inits.push(init);
        return fetch(input, init);
      },
    });
    await spy.post('/search/record', { query: 'lap' });
    await spy.get('/home/stats');
    expect(inits.map((i) => [i?.method, i?.keepalive ?? false])).toEqual([
      ['POST', true],
      ['GET', false],
    ]);
  });

  it('makes the call without a token when reading it throws', async () => {
    const result = await createApiClient({
      baseUrl: server.url,
      siteId: 'default',
      getToken: () => {
        throw new Error('storage blocked');
      },
    }).get('/home/stats');
    expect(result.success).toBe(true);
    expect(lastRequest()?.authorization).toBeNull();
  });

  it('reads auth_token through the storage module (localStore) and survives blocked storage', async () => {
    const storage = { getItem: vi.fn((key: string) => (key === 'auth_token' ? 'from-storage' : null)) };
    vi.stubGlobal('localStorage', storage);
    try {
      await createApiClient({ baseUrl: server.url, siteId: 'default', tokenStore: localStore }).get('/home/stats');
      expect(lastRequest()?.authorization).toBe('Bearer from-storage');
      storage.getItem.mockImplementation(() => {
        throw new Error('SecurityError');
      });
      expect(
        (await createApiClient({ baseUrl: server.url, siteId: 'default', tokenStore: localStore }).get('/home/stats'))
          .success,
      ).toBe(true);
      expect(lastRequest()?.authorization).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('CORS', () => {
  it('answers preflight for any origin with the site id and authorization headers allowed', async () => {
    const res = await fetch(`${server.url}/api/coupons`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://shop.example', 'Access-Control-Request-Headers': 'x-site-id, authorization' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    expect(res.headers.get('access-control-allow-headers')).toMatch(/X-Site-Id/);
    expect(res.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
  });
});

describe('recordCouponUsage retry (fake timers)', () => {
  it('tries 3 times, waiting 1000 ms then 2000 ms', async () => {
    server.faults.add({ rule: 'status:503', path: '/api/coupons/7/usage', times: 2 });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let calls = 0;
    let responses = 0;
    const countingFetch = async (input: string, init?: RequestInit) => {
      calls++;
      const res = await fetch(input, init);
      const body = await res.text();
      responses++;
      return new Response(body, { status: res.status, headers: res.headers });
    };
    const api = createApiClient({ baseUrl: server.url, siteId: 'default', fetch: countingFetch });
    const attempts = () => requestsTo(server.state.requests, '/api/coupons/7/usage').length;

    const done = recordCouponUsage(api, 7);
    await until(() => responses === 1, 'first response');
    await vi.advanceTimersByTimeAsync(999);
    await settle();
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await until(() => responses === 2, 'second response');
    await vi.advanceTimersByTimeAsync(1999);
    await settle();
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    await until(() => responses === 3, 'third response');

    expect(await done).toMatchObject({ success: true, data: { id: 7, count: 1 } });
    expect(attempts()).toBe(3);
    expect(server.state.couponUsage['7']).toBe(1);
  });

  it('gives up after 3 failed attempts and returns the last error', async () => {
    server.faults.add({ rule: 'status:500', path: '/api/coupons/8/usage' });
    const waits: number[] = [];
    const result = await recordCouponUsage(client(), 8, { sleep: async (ms) => void waits.push(ms) });
    expect(result).toMatchObject({ success: false, error: 'HTTP 500' });
    expect(waits).toEqual([1000, 2000]);
    expect(requestsTo(server.state.requests, '/api/coupons/8/usage')).toHaveLength(3);
  });
});
