/**
 * The reference API's code health (issue 22): answers, usage, contact messages, newsletter
 * sign-ups and ad events kept in SQLite in a --data folder (they survive a restart), feedback
 * rate-limited per address and coupon, the counts aggregated into coupon replies (30 days) and
 * into GET /api/catalog, nothing counted that nobody sent.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningApiServer, startApiServer } from '../../../scripts/lib/api-server/server.ts';
import { FEEDBACK_PER_HOUR, openStore } from '../../../scripts/lib/api-server/store.ts';
import { createApiClient } from '../../../src/api/client.ts';
import { sendCouponFeedback } from '../../../src/api/tracking.ts';
import { rawCouponSchema } from '../../../src/sources/http/wire.ts';

const DAY = 24 * 3_600_000;
const START = Date.parse('2026-11-25T12:00:00.000Z');
const dirs: string[] = [];
const servers: RunningApiServer[] = [];

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'api-data-'));
  dirs.push(dir);
  return dir;
}

async function start(dir: string | undefined, clock: { now: number }) {
  const server = await startApiServer({ port: 0, dataDir: dir, now: () => new Date(clock.now) });
  servers.push(server);
  return server;
}

async function post(server: RunningApiServer, path: string, body: unknown) {
  const res = await fetch(`${server.url}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function coupon(server: RunningApiServer, id: number) {
  const res = await fetch(`${server.url}/api/coupons/${id}`);
  const body = (await res.json()) as { data: unknown };
  return rawCouponSchema.parse(body.data);
}

afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('POST /coupons/{id}/feedback', () => {
  it('counts answers into the coupon reply: votes, last worked, last failed; nothing before any answer', async () => {
    const clock = { now: START };
    const server = await start(undefined, clock);
    const before = await coupon(server, 3);
    for (const field of ['votes', 'lastWorkedAt', 'lastFailedAt']) expect(before).not.toHaveProperty(field);

    // Three shoppers (three stores' worth of addresses is not possible on loopback: use the store).
    await server.store.addFeedback(3, true, '10.0.0.1', clock.now - 2 * DAY);
    await server.store.addFeedback(3, false, '10.0.0.2', clock.now - DAY);
    const warn = (...args: unknown[]) => {
      throw new Error(`unexpected warning ${args.join(' ')}`);
    };
    await sendCouponFeedback(
      createApiClient({ baseUrl: server.url, siteId: 'default', getToken: () => null }),
      3,
      true,
      warn,
    );

    const after = await coupon(server, 3);
    expect(after.votes).toEqual({ worked: 2, failed: 1 });
    expect(after.lastWorkedAt).toBe(new Date(START).toISOString());
    expect(after.lastFailedAt).toBe(new Date(START - DAY).toISOString());
    // Other coupons are untouched: no count is made up.
    expect((await coupon(server, 4)).votes).toBeUndefined();
  });

  it('refuses a second answer from the same address for the same coupon (429), not for another coupon', async () => {
    const clock = { now: START };
    const server = await start(undefined, clock);
    expect((await post(server, '/coupons/5/feedback', { worked: true })).status).toBe(200);
    const again = await post(server, '/coupons/5/feedback', { worked: false });
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/already answered/);
    expect((await post(server, '/coupons/6/feedback', { worked: false })).status).toBe(200);
    expect((await coupon(server, 5)).votes).toEqual({ worked: 1, failed: 0 });
    // A day later the same address may answer again.
    clock.now += DAY + 1;
    expect((await post(server, '/coupons/5/feedback', { worked: false })).status).toBe(200);
    expect((await coupon(server, 5)).votes).toEqual({ worked: 1, failed: 1 });
  });

  it(`limits one address to ${FEEDBACK_PER_HOUR} answers an hour over all coupons`, async () => {
    const store = openStore();
    for (let id = 1; id <= FEEDBACK_PER_HOUR; id++)
      expect((await store.addFeedback(id, true, 'a', START)).accepted).toBe(true);
    expect(await store.addFeedback(999, true, 'a', START)).toEqual({
      accepted: false,
      reason: 'address',
      retryAfterMs: 3_600_000,
    });
    expect((await store.addFeedback(999, true, 'b', START)).accepted).toBe(true);
    expect((await store.addFeedback(999, true, 'a', START + 3_600_001)).accepted).toBe(true);
    store.close();
  });

  it('rejects a body without a boolean "worked" (400) and an unknown coupon (404); neither is counted', async () => {
    const server = await start(undefined, { now: START });
    expect((await post(server, '/coupons/3/feedback', { worked: 'yes' })).status).toBe(400);
    expect((await post(server, '/coupons/3/feedback', {})).status).toBe(400);
    expect((await post(server, '/coupons/999999/feedback', { worked: true })).status).toBe(404);
    expect(server.store.health(START).size).toBe(0);
  });

  it('counts only the last 30 days: older answers leave the reply', async () => {
    const clock = { now: START };
    const server = await start(undefined, clock);
    await server.store.addFeedback(7, false, 'x', START);
    expect((await coupon(server, 7)).votes).toEqual({ worked: 0, failed: 1 });
    clock.now = START + 31 * DAY;
    expect(await coupon(server, 7)).not.toHaveProperty('votes');
  });

  it('answers move a code in the popular sort (Wilson lower bound)', async () => {
    const clock = { now: START };
    const server = await start(undefined, clock);
    const top = async () => {
      const res = await fetch(`${server.url}/api/coupons?sortBy=popular&pageSize=3`);
      return ((await res.json()) as { data: { id: number }[] }).data.map((c) => c.id);
    };
    const first = (await top())[0]!;
    const target = 42;
    expect(first).not.toBe(target);
    for (let i = 0; i < 5; i++) await server.store.addFeedback(target, true, `shopper-${i}`, START);
    // The store was written directly: the next answer through the API rebuilds the served catalog.
    await post(server, `/coupons/${target}/feedback`, { worked: true });
    expect((await top())[0]).toBe(target);
  });
});

const adEvent = {
  id: 'e1',
  type: 'impression',
  platform: 'adsense',
  slotId: 'top-1',
  position: 'top',
  at: START,
  mock: false,
};

describe('--data: records survive a restart', () => {
  it('feedback, usage, contact, newsletter and ad events are read back by a new server over the same folder', async () => {
    const dir = dataDir();
    const clock = { now: START };
    const first = await start(dir, clock);
    expect((await post(first, '/coupons/3/feedback', { worked: true })).status).toBe(200);
    await post(first, '/coupons/3/usage', undefined);
    // The same address again within the hour: not counted (issue 41's limits).
    expect((await post(first, '/coupons/3/usage', undefined)).status).toBe(429);
    await post(first, '/coupons/4/usage', undefined);
    await post(first, '/contact', {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'coupon',
      message: 'Does the spring sale code stack with free shipping?',
      startedAt: 1_000,
      sentAt: 30_000,
    });
    await post(first, '/newsletter/subscribe', { email: 'Bo@Example.com' });
    await post(first, '/ads/events', adEvent);
    await first.close();
    servers.length = 0;

    clock.now += 3_600_000;
    const second = await start(dir, clock);
    expect(await coupon(second, 3)).toMatchObject({
      votes: { worked: 1, failed: 0 },
      lastWorkedAt: new Date(START).toISOString(),
    });
    const state = (await (await fetch(`${second.url}/__state`)).json()) as Record<string, unknown>;
    expect(state.couponUsage).toEqual({ 3: 1, 4: 1 });
    expect(state.contactMessages).toEqual([expect.objectContaining({ email: 'ada@example.com' })]);
    expect(state.newsletterSubscribers).toEqual(['bo@example.com']);
    expect(state.adEvents).toEqual([adEvent]);
    // So do the limits: a millisecond short of an hour, coupon 3's usage is still this address's.
    clock.now -= 1;
    expect((await post(second, '/coupons/3/usage', undefined)).status).toBe(429);
    clock.now += 1;
    expect(state.couponFeedback).toEqual({ 3: expect.objectContaining({ votes: { worked: 1, failed: 0 } }) });
    // The rate limit survives too.
    expect((await post(second, '/coupons/3/feedback', { worked: false })).status).toBe(429);
    // DELETE /__state empties the database.
    await fetch(`${second.url}/__state`, { method: 'DELETE' });
    expect((await coupon(second, 3)).votes).toBeUndefined();
  });

  it('GET /api/catalog carries the counted fields, for a static build', async () => {
    const server = await start(dataDir(), { now: START });
    await post(server, '/coupons/9/feedback', { worked: false });
    const res = await fetch(`${server.url}/api/catalog`);
    const catalog = ((await res.json()) as { data: { coupons: Record<string, unknown>[] } }).data;
    const nine = catalog.coupons.find((c) => c.id === 9);
    expect(nine).toMatchObject({ votes: { worked: 0, failed: 1 }, lastFailedAt: new Date(START).toISOString() });
    expect(catalog.coupons.filter((c) => c.votes !== undefined)).toHaveLength(1);
  });
});
