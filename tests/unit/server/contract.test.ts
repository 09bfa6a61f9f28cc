/**
 * One API, two hosts (issue 32): the reference API's handlers answer the same over node:sqlite
 * (the Node reference server) and over Cloudflare D1 in workerd (an edge site's Worker):
 * feedback with its limits, the code health on GET /api/coupons/{id}, contact, newsletter and ad
 * events, records that survive a restart. Requests go through the Worker's `answerApi`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSampleCatalog } from '../../../src/catalog/sample.ts';
import { createWriteGuard } from '../../../src/server/limiter.ts';
import { createRecords, ensureSchema, FEEDBACK_PER_HOUR } from '../../../src/server/records.ts';
import { answerApi } from '../../../src/server/worker-api.ts';
import { type OpenedStorage, openD1, openSqlite } from './storages.ts';

const DAY = 24 * 3_600_000;
const START = Date.parse('2026-11-25T12:00:00.000Z');
const catalog = createSampleCatalog(new Date(START));
const couponIds = catalog.coupons.map((c) => c.id);
const [A, B] = couponIds as [number, number];

describe.each([
  ['node:sqlite', openSqlite],
  ['Cloudflare D1 (workerd)', openD1],
])('the reference API over %s', (_name, open) => {
  let storage: OpenedStorage;
  const clock = { now: START };

  beforeAll(async () => {
    storage = await open();
    await ensureSchema(storage.sql);
  }, 60_000);
  afterAll(() => storage.close());

  async function call(method: string, path: string, body?: unknown, address = '203.0.113.1') {
    const records = createRecords(storage.sql);
    const res = await answerApi(
      new Request(`https://edge.example${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': address },
        ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      }),
      {
        records,
        guard: createWriteGuard(storage.sql),
        now: () => clock.now,
        couponById: async (id) => (catalog.coupons.find((c) => c.id === id) as Record<string, unknown>) ?? null,
      },
    );
    if (!res) throw new Error(`${path} was not an API path`);
    return {
      status: res.status,
      body: (await res.json()) as Record<string, unknown>,
      retryAfter: res.headers.get('Retry-After') ?? undefined,
    };
  }
  const coupon = async (id: number) => (await call('GET', `/api/coupons/${id}`)).body.data as Record<string, unknown>;

  it('shows no votes on a coupon nobody answered for', async () => {
    const c = await coupon(A);
    expect(c.id).toBe(A);
    for (const field of ['votes', 'lastWorkedAt', 'lastFailedAt']) expect(c).not.toHaveProperty(field);
  });

  it('counts answers into votes, lastWorkedAt and lastFailedAt of the coupon', async () => {
    clock.now = START;
    expect(await call('POST', `/api/coupons/${A}/feedback`, { worked: true }, '198.51.100.1')).toMatchObject({
      status: 200,
      body: { success: true, data: { id: A, worked: true, recorded: true } },
    });
    clock.now = START + 3_600_000;
    expect((await call('POST', `/api/coupons/${A}/feedback`, { worked: false }, '198.51.100.2')).status).toBe(200);
    const c = await coupon(A);
    expect(c.votes).toEqual({ worked: 1, failed: 1 });
    expect(c.lastWorkedAt).toBe('2026-11-25T12:00:00.000Z');
    expect(c.lastFailedAt).toBe('2026-11-25T13:00:00.000Z');
  });

  it('takes one answer per coupon per address for 24 hours, across midnight in any time zone', async () => {
    clock.now = START + 2 * 3_600_000;
    const again = await call('POST', `/api/coupons/${A}/feedback`, { worked: true }, '198.51.100.1');
    expect(again).toMatchObject({
      status: 429,
      body: { message: 'This address already answered for this coupon today' },
    });
    expect(again.retryAfter).toBe(String(22 * 3600));
    // 23 h 59 min after the first answer is the next calendar day in New York and in Tokyo: still refused.
    clock.now = START + DAY - 60_000;
    expect((await call('POST', `/api/coupons/${A}/feedback`, { worked: true }, '198.51.100.1')).status).toBe(429);
    // Another coupon from the same address is fine.
    expect((await call('POST', `/api/coupons/${B}/feedback`, { worked: true }, '198.51.100.1')).status).toBe(200);
    clock.now = START + DAY + 60_000;
    expect((await call('POST', `/api/coupons/${A}/feedback`, { worked: true }, '198.51.100.1')).status).toBe(200);
    expect((await coupon(A)).votes).toEqual({ worked: 2, failed: 1 });
  });

  it(`limits one address to ${FEEDBACK_PER_HOUR} answers an hour over all coupons`, async () => {
    clock.now = START + 3 * DAY;
    const ids = couponIds.slice(0, FEEDBACK_PER_HOUR + 1);
    for (const id of ids.slice(0, FEEDBACK_PER_HOUR))
      expect((await call('POST', `/api/coupons/${id}/feedback`, { worked: true }, '192.0.2.77')).status).toBe(200);
    expect(await call('POST', `/api/coupons/${ids.at(-1)}/feedback`, { worked: true }, '192.0.2.77')).toEqual({
      status: 429,
      body: { message: 'Too many answers from this address, try again later' },
      retryAfter: '3600',
    });
    clock.now += 3_600_001;
    expect((await call('POST', `/api/coupons/${ids.at(-1)}/feedback`, { worked: true }, '192.0.2.77')).status).toBe(
      200,
    );
  });

  it('refuses a body without a boolean "worked" (400), bad JSON (400) and an unknown coupon (404); none counted', async () => {
    clock.now = START + 5 * DAY;
    const before = (await coupon(B)).votes;
    expect((await call('POST', `/api/coupons/${B}/feedback`, { worked: 'yes' }, '192.0.2.9')).status).toBe(400);
    expect((await call('POST', `/api/coupons/${B}/feedback`, '{"worked": tru', '192.0.2.9')).body).toEqual({
      message: 'Invalid JSON body',
    });
    expect(await call('POST', '/api/coupons/999999/feedback', { worked: true }, '192.0.2.9')).toMatchObject({
      status: 404,
      body: { message: 'Coupon not found' },
    });
    expect((await coupon(B)).votes).toEqual(before);
    expect((await call('GET', '/api/coupons/999999')).status).toBe(404);
    expect(await call('DELETE', `/api/coupons/${B}/feedback`)).toMatchObject({
      status: 405,
      body: { message: 'Method DELETE not allowed: use POST' },
    });
  });

  it('drops answers older than 30 days from the coupon', async () => {
    clock.now = START + 34 * DAY;
    expect(await coupon(B)).not.toHaveProperty('votes');
  });

  it('takes contact messages, newsletter sign-ups and ad events with the browser forms’ rules', async () => {
    // The contact form sends its start and send times (src/content-helpers/enhance/contact-form.ts).
    const filled = { startedAt: 1_000, sentAt: 60_000 };
    expect(
      await call('POST', '/api/contact', {
        name: 'Ana',
        email: 'ana@example.com',
        subject: 'general',
        message: 'Hi',
        ...filled,
      }),
    ).toMatchObject({
      status: 200,
      body: { success: true, data: { received: true } },
    });
    const bad = await call('POST', '/api/contact', { name: '', email: 'nope', subject: 'general', message: 'Hi' });
    expect(bad).toMatchObject({ status: 400, body: { message: 'name: required; email: not an email address' } });
    expect((await call('POST', '/api/newsletter/subscribe', { email: ' Ana@Example.com ' })).status).toBe(200);
    expect((await call('POST', '/api/newsletter/subscribe', { email: 'ana@example.com' })).status).toBe(200);
    expect((await call('POST', '/api/newsletter/subscribe', { email: 'x' })).body).toEqual({
      message: 'email: not an email address',
    });
    const event = (id: string, type: string) => ({
      id,
      type,
      platform: 'adsense',
      slotId: 'top-1',
      position: 'top',
      at: clock.now,
      mock: false,
    });
    expect(
      (await call('POST', '/api/ads/events/batch', { events: [event('e1', 'impression'), event('e2', 'click')] })).body,
    ).toEqual({
      success: true,
      data: { received: 2 },
    });
    expect((await call('POST', '/api/ads/events/batch', { events: 'x' })).status).toBe(400);
    const rows = async (table: string) =>
      Number((await storage.sql.all<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))[0]?.n);
    expect(await rows('contact')).toBe(1);
    expect(await rows('newsletter')).toBe(1);
    expect(await rows('ad_events')).toBe(2);
    expect((await call('POST', '/api/contact', 'x'.repeat(20_000))).status).toBe(413);
  });

  it('keeps every answer across a restart of the storage', async () => {
    clock.now = START + DAY + 120_000;
    const before = await coupon(A);
    await storage.close();
    storage = await storage.reopen();
    await ensureSchema(storage.sql);
    expect((await coupon(A)).votes).toEqual(before.votes);
    // The salt survives too: the same address is still known for this coupon.
    expect((await call('POST', `/api/coupons/${A}/feedback`, { worked: true }, '198.51.100.1')).status).toBe(429);
  });
});
