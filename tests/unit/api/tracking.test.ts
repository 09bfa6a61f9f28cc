import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RunningApiServer, startApiServer } from '../../../scripts/lib/api-server/server.ts';
import { createApiClient } from '../../../src/api/client.ts';
import {
  recordCouponClick,
  recordCouponCopy,
  recordDealClick,
  recordSearch,
  sendAdEvent,
  sendAdEvents,
} from '../../../src/api/tracking.ts';
import { requestsTo } from './server-helpers.ts';

let server: RunningApiServer;
const client = () => createApiClient({ baseUrl: server.url, siteId: 'default', getToken: () => null });

beforeAll(async () => {
  server = await startApiServer({ port: 0 });
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  server.faults.clear();
});

describe('click and copy counters', () => {
  it('POSTs /coupons/{id}/click, /coupons/{id}/copy and /deals/{id}/click', async () => {
    const warn = vi.fn();
    await recordCouponClick(client(), 3, warn);
    await recordCouponCopy(client(), 3, warn);
    await recordCouponCopy(client(), 3, warn);
    await recordDealClick(client(), 4, warn);
    expect(server.state.couponClicks['3']).toBe(1);
    // The second copy within the hour is the same address's again: not counted (429), not warned about.
    expect(server.state.couponCopies['3']).toBe(1);
    expect(server.state.dealClicks['4']).toBe(1);
    expect(warn).not.toHaveBeenCalled();
  });

  it('only logs failures, never throws', async () => {
    server.faults.add({ rule: 'status:500', path: '/api/coupons' });
    server.faults.add({ rule: 'drop', path: '/api/deals' });
    const warn = vi.fn();
    await expect(recordCouponClick(client(), 1, warn)).resolves.toBeUndefined();
    await expect(recordCouponCopy(client(), 1, warn)).resolves.toBeUndefined();
    await expect(recordDealClick(client(), 1, warn)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(3);
    expect(warn.mock.calls[0]).toEqual(['Failed to record coupon click:', 'HTTP 500', 'Injected 500']);
    expect(warn.mock.calls[2]?.[1]).toBe('NETWORK_ERROR');
  });
});

describe('recordSearch', () => {
  it('POSTs /search/record {query}', async () => {
    const result = await recordSearch(client(), '  running shoes ');
    expect(result).toMatchObject({ success: true });
    expect(server.state.searches.at(-1)).toBe('running shoes');
  });

  it('makes no request for a blank query', async () => {
    const before = requestsTo(server.state.requests, '/api/search/record').length;
    expect(await recordSearch(client(), '')).toBeNull();
    expect(await recordSearch(client(), '   ')).toBeNull();
    expect(requestsTo(server.state.requests, '/api/search/record')).toHaveLength(before);
  });
});

describe('ad events', () => {
  let n = 0;
  const reported = (type: string) => ({
    id: `e${++n}`,
    type,
    platform: 'adsense',
    slotId: 'modal-top-1',
    position: 'modal-top',
    at: 1_764_000_000_000,
    mock: false,
  });
  const event = reported('impression');

  it('sends by beacon first, as a JSON blob to /api/ads/events', async () => {
    const sendBeacon = vi.fn((_url: string, _data: Blob) => true);
    const before = server.state.adEvents.length;
    expect(await sendAdEvent(event, { client: client(), sendBeacon })).toEqual({ transport: 'beacon' });
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, blob] = sendBeacon.mock.calls[0]!;
    expect(url).toBe(`${server.url}/api/ads/events`);
    expect(blob.type).toBe('application/json');
    expect(JSON.parse(await blob.text())).toEqual(event);
    expect(server.state.adEvents).toHaveLength(before);
  });

  it('falls back to a normal post when the beacon is refused, throws or is missing', async () => {
    const before = server.state.adEvents.length;
    const refused = await sendAdEvent(event, { client: client(), sendBeacon: () => false });
    expect(refused).toMatchObject({ transport: 'post', result: { success: true } });
    const throwing = await sendAdEvent(event, {
      client: client(),
      sendBeacon: () => {
        throw new TypeError('not allowed');
      },
    });
    expect(throwing.transport).toBe('post');
    expect((await sendAdEvent(event, { client: client() })).transport).toBe('post');
    expect(server.state.adEvents.slice(before)).toEqual([event, event, event]);
  });

  it('POSTs a batch to /ads/events/batch {events}', async () => {
    const before = server.state.adEvents.length;
    const events = [event, reported('click')];
    expect(await sendAdEvents(client(), events)).toMatchObject({ success: true, data: { received: 2 } });
    expect(server.state.adEvents.slice(before)).toEqual(events);
    expect(await sendAdEvents(client(), [])).toBeNull();
  });

  it('reports performance from the recorded events', async () => {
    const result = await client().get<Record<string, { impressions: number; clicks: number }>>('/ads/performance', {
      platform: 'adsense',
    });
    expect(result.success && result.data.adsense?.impressions).toBeGreaterThan(0);
  });
});

describe('control endpoints', () => {
  it('sets, lists and clears global faults over HTTP', async () => {
    const add = await fetch(`${server.url}/__faults`, {
      method: 'POST',
      body: JSON.stringify({ rule: 'status:502', path: '/api/home', times: 1 }),
    });
    expect(add.status).toBe(201);
    expect(await client().get('/home/stats')).toMatchObject({ error: 'HTTP 502', message: 'Injected 502' });
    expect((await client().get('/home/stats')).success).toBe(true);
    await fetch(`${server.url}/__faults`, { method: 'POST', body: JSON.stringify({ rule: 'status:500' }) });
    await fetch(`${server.url}/__faults`, { method: 'DELETE' });
    expect((await client().get('/home/stats')).success).toBe(true);
    const bad = await fetch(`${server.url}/__faults`, { method: 'POST', body: JSON.stringify({ rule: 'explode' }) });
    expect(bad.status).toBe(400);
  });

  it('exposes counters at /__state', async () => {
    await recordCouponClick(client(), 42);
    const state = await (await fetch(`${server.url}/__state`)).json();
    expect(state.couponClicks['42']).toBeGreaterThanOrEqual(1);
  });
});
