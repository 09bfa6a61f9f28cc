/**
 * Writes that hold against abuse (issue 41), over both storages of the API: node:sqlite (the
 * Node reference server) and Cloudflare D1 run in workerd (the Worker of an edge site). Requests
 * go through the Worker's `answerApi` with the site config's default limits; floods are sent all
 * at once, so the limiter's check-and-record must hold under concurrency too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSampleCatalog } from '../../../src/catalog/sample.ts';
import { DEFAULT_LIMITS } from '../../../src/config/schema-limits.ts';
import { createWriteGuard, LOW_VALUE_SHARE, type WriteGuardOptions } from '../../../src/server/limiter.ts';
import { createRecords, ensureSchema } from '../../../src/server/records.ts';
import { answerApi } from '../../../src/server/worker-api.ts';
import { type OpenedStorage, openD1, openSqlite } from './storages.ts';

const HOUR = 3_600_000;
const START = Date.parse('2026-11-25T12:00:00.000Z');
const catalog = createSampleCatalog(new Date(START));
const [A, B] = catalog.coupons.map((c) => c.id) as [number, number];

const contactBody = (text: string, extra: Record<string, unknown> = {}) => ({
  name: 'Ana',
  email: 'ana@example.com',
  subject: 'technical',
  message: text,
  startedAt: 1_000,
  sentAt: 20_000,
  ...extra,
});
const adEvent = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  type: 'impression',
  platform: 'adsense',
  slotId: 'modal-top-3',
  position: 'modal-top',
  at: START,
  mock: false,
  ...extra,
});

/**
 * `n` requests, at most FLOOD_WIDTH in flight at once (wrangler's platform proxy, the way tests
 * reach workerd, drops its socket with hundreds at once, and with 20 on a loaded 2-core machine; a
 * Worker in production gets them in parallel). Still concurrent, so the limiter's atomic
 * check-and-record is exercised.
 */
const FLOOD_WIDTH = 6;
async function flood<T>(n: number, send: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let start = 0; start < n; start += FLOOD_WIDTH)
    out.push(
      ...(await Promise.all(Array.from({ length: Math.min(FLOOD_WIDTH, n - start) }, (_, k) => send(start + k)))),
    );
  return out;
}

describe.each([
  ['node:sqlite', openSqlite],
  ['Cloudflare D1 (workerd)', openD1],
])('write limits over %s', (_name, open) => {
  let storage: OpenedStorage;
  const clock = { now: START };
  const logged: string[] = [];
  let guardOptions: WriteGuardOptions = {};

  beforeAll(async () => {
    storage = await open();
    await ensureSchema(storage.sql);
  }, 60_000);
  afterAll(() => storage.close());

  async function call(method: string, path: string, body?: unknown, address = '203.0.113.1') {
    const res = await answerApi(
      new Request(`https://edge.example${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': address },
        ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      }),
      {
        records: createRecords(storage.sql),
        // A guard per request, as a Worker isolate may be new for each one.
        guard: createWriteGuard(storage.sql, { log: (m) => logged.push(m), ...guardOptions }),
        now: () => clock.now,
        couponById: async (id) => (catalog.coupons.find((c) => c.id === id) as Record<string, unknown>) ?? null,
      },
    );
    if (!res) throw new Error(`${path} was not an API path`);
    return {
      status: res.status,
      body: (await res.json()) as Record<string, unknown>,
      retryAfter: res.headers.get('Retry-After'),
      allow: res.headers.get('Allow'),
    };
  }
  const rows = async (table: string, where = '1 = 1') =>
    Number((await storage.sql.all<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`))[0]?.n);
  const statuses = (replies: { status: number }[]) => {
    const out: Record<number, number> = {};
    for (const r of replies) out[r.status] = (out[r.status] ?? 0) + 1;
    return out;
  };

  it('stores at most 5 of 50 contact messages sent at once from one address; the rest get 429 with Retry-After', async () => {
    clock.now = START;
    const replies = await flood(50, (i) => call('POST', '/api/contact', contactBody(`flood ${i}`), '198.51.100.7'));
    expect(statuses(replies)).toEqual({
      200: DEFAULT_LIMITS.contact.perHour,
      429: 50 - DEFAULT_LIMITS.contact.perHour,
    });
    const refused = replies.find((r) => r.status === 429);
    expect(refused?.body).toEqual({ message: 'Too many messages from this address, try again later' });
    expect(refused?.retryAfter).toBe('3600');
    expect(await rows('contact', "message LIKE 'flood %'")).toBe(5);
    // 30 minutes on, the address still waits for the first of its messages to be an hour old.
    clock.now = START + HOUR / 2;
    expect((await call('POST', '/api/contact', contactBody('later'), '198.51.100.7')).retryAfter).toBe('1800');
    clock.now = START + HOUR + 1;
    expect((await call('POST', '/api/contact', contactBody('next hour'), '198.51.100.7')).status).toBe(200);
    expect(await rows('contact', "message = 'later'")).toBe(0);
  });

  it('keeps a bot out of the contact form: a filled honeypot or a form sent too soon looks like success and is not stored', async () => {
    clock.now = START + 2 * HOUR;
    const before = await rows('contact');
    for (const body of [
      contactBody('honeypot', { website: 'http://spam.example' }),
      contactBody('too soon', { startedAt: 10_000, sentAt: 11_500 }),
      contactBody('no times', { startedAt: undefined, sentAt: undefined }),
    ])
      expect(await call('POST', '/api/contact', body, '192.0.2.50')).toMatchObject({
        status: 200,
        body: { success: true, data: { received: true } },
      });
    expect(await rows('contact')).toBe(before);
    // A person who took the minimum fill time (3 s by default) is stored, whatever their clock says.
    const person = contactBody('a person', { startedAt: 9_000_000_000_000, sentAt: 9_000_000_003_000 });
    expect((await call('POST', '/api/contact', person, '192.0.2.50')).status).toBe(200);
    expect(await rows('contact')).toBe(before + 1);
  });

  it('counts 300 usage posts for one coupon from one address once; another coupon or address still counts', async () => {
    clock.now = START + 3 * HOUR;
    const replies = await flood(300, () => call('POST', `/api/coupons/${A}/usage`, undefined, '198.51.100.8'));
    expect(statuses(replies)).toEqual({ 200: 1, 429: 299 });
    expect(replies.find((r) => r.status === 429)?.body).toEqual({
      message: 'Too many records of this offer from this address, try again later',
    });
    expect(await rows('counts', `kind = 'couponUsage' AND target_id = ${A}`)).toBe(1);
    expect((await call('POST', `/api/coupons/${B}/usage`, undefined, '198.51.100.8')).status).toBe(200);
    expect((await call('POST', `/api/coupons/${A}/copy`, undefined, '198.51.100.8')).status).toBe(200);
    expect(await call('POST', `/api/coupons/${A}/usage`, undefined, '198.51.100.9')).toMatchObject({
      status: 200,
      body: { data: { id: A, count: 2 } },
    });
    clock.now += HOUR + 1;
    expect((await call('POST', `/api/coupons/${A}/usage`, undefined, '198.51.100.8')).status).toBe(200);
    // 300 requests through wrangler's proxy take about 10 s on a quiet machine.
  }, 120_000);

  it('stores at most 120 of 500 ad events a minute from one address (a batch counts its events); feedback from another address is stored meanwhile', async () => {
    clock.now = START + 5 * HOUR;
    const before = await rows('ad_events');
    const batches = Array.from({ length: 10 }, (_, b) =>
      call(
        'POST',
        '/api/ads/events/batch',
        { events: Array.from({ length: 50 }, (_, i) => adEvent(`b${b}-${i}`)) },
        '198.51.100.10',
      ),
    );
    const feedback = call('POST', `/api/coupons/${A}/feedback`, { worked: true }, '192.0.2.200');
    const replies = await Promise.all(batches);
    // Two batches of 50 fit in 120; a third would not, and is refused whole.
    expect(statuses(replies)).toEqual({ 200: 2, 429: 8 });
    expect(await rows('ad_events')).toBe(before + 100);
    // 20 single events fill the minute to 120; the next is refused.
    for (let i = 0; i < 20; i++)
      expect((await call('POST', '/api/ads/events', adEvent(`s${i}`), '198.51.100.10')).status).toBe(200);
    expect(await call('POST', '/api/ads/events', adEvent('over'), '198.51.100.10')).toMatchObject({
      status: 429,
      retryAfter: '60',
    });
    expect(await rows('ad_events')).toBe(before + 120);
    expect((await feedback).status).toBe(200);
    expect(await rows('feedback', `coupon_id = ${A}`)).toBe(1);
  });

  it('refuses events that do not exist with 400 naming the field and the rule, and stores nothing', async () => {
    clock.now = START + 6 * HOUR;
    const before = await rows('ad_events');
    const cases: [unknown, string][] = [
      [{ junk: 'x'.repeat(100) }, 'id: required, a text'],
      ['"hello"', 'event: must be an object'],
      [
        adEvent('t', { type: 'purchase' }),
        'type: choose one of requested, loaded, failed, timed-out, rendered, impression, click',
      ],
      [
        adEvent('p', { platform: 'evil' }),
        'platform: choose one of google, facebook, amazon, direct, adsense, adsterra',
      ],
      [adEvent('s', { slotId: 'sidebar-9' }), 'slotId: a slot id like top-1 (position-number), or ""'],
      [adEvent('x', { extra: 1 }), 'event: unknown field(s) extra'],
      [adEvent('e', { error: 'e'.repeat(301) }), 'error: at most 300 characters'],
    ];
    for (const [body, rule] of cases) {
      const reply = await call('POST', '/api/ads/events', body, '192.0.2.60');
      expect(reply.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(String(reply.body.message)).toContain(rule);
    }
    const batch = await call(
      'POST',
      '/api/ads/events/batch',
      { events: [adEvent('ok'), { type: 'click' }] },
      '192.0.2.60',
    );
    expect(batch.status).toBe(400);
    expect(String(batch.body.message)).toContain('events.1.id: required');
    expect(
      (await call('POST', '/api/ads/events/batch', { events: Array.from({ length: 51 }, (_, i) => adEvent(`${i}`)) }))
        .body,
    ).toEqual({ message: 'events: at most 50 a batch' });
    expect(await rows('ad_events')).toBe(before);
  });

  it('names the field and the rule in each 400, and answers an unsupported method with 405 and Allow', async () => {
    clock.now = START + 7 * HOUR;
    expect((await call('POST', '/api/contact', contactBody('x', { subject: 'spam' }), '192.0.2.70')).body).toEqual({
      message: 'subject: choose one of general, partnership, technical, coupon, suggestion, other',
    });
    expect(
      (await call('POST', '/api/contact', contactBody('x', { name: 'n'.repeat(101) }), '192.0.2.70')).body,
    ).toEqual({
      message: 'name: at most 100 characters',
    });
    expect((await call('POST', '/api/newsletter/subscribe', { email: 'not-an-address' })).body).toEqual({
      message: 'email: not an email address',
    });
    expect(await call('DELETE', `/api/coupons/${A}`)).toMatchObject({
      status: 405,
      allow: 'GET',
      body: { message: 'Method DELETE not allowed: use GET' },
    });
    expect((await call('PUT', '/api/contact')).allow).toBe('POST');
  });

  it('limits newsletter sign-ups to 5 an hour per address', async () => {
    clock.now = START + 8 * HOUR;
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call('POST', '/api/newsletter/subscribe', { email: `n${i}@example.com` }, '198.51.100.11'),
      ),
    );
    expect(statuses(replies)).toEqual({ 200: 5, 429: 7 });
    expect(await rows('newsletter', "email LIKE 'n%@example.com'")).toBe(5);
  });

  // The budget's day is UTC, whatever the time zone of the process.
  for (const tz of ['UTC', 'America/New_York', 'Asia/Tokyo']) {
    it(`stops ad events and counters at 80 % of the daily writes, keeps feedback and contact, logs once, opens at 00:00 UTC (TZ ${tz})`, async () => {
      const previousTz = process.env.TZ;
      process.env.TZ = tz;
      try {
        guardOptions = { dailyWrites: 1000 };
        const day = { UTC: 30, 'America/New_York': 31, 'Asia/Tokyo': 32 }[tz] ?? 30;
        // 23:00 UTC: 18:00 in New York, 08:00 the next day in Tokyo.
        clock.now = Date.parse(`2026-11-${String(day - 10).padStart(2, '0')}T23:00:00.000Z`);
        const guard = createWriteGuard(storage.sql, { dailyWrites: 1000 });
        const used = await guard.used(clock.now);
        await guard.spend(1000 * LOW_VALUE_SHARE - used - 2, clock.now); // the budget row itself is one more
        expect((await call('POST', `/api/coupons/${B}/click`, undefined, `10.0.${day}.1`)).status).toBe(200);
        logged.length = 0;
        const events = await call('POST', '/api/ads/events', adEvent(`budget-${tz}`), `10.0.${day}.2`);
        expect(events.status).toBe(503);
        expect(events.retryAfter).toBe('3600');
        expect(events.body).toEqual({
          message: "Today's write budget is used: this is not recorded until the day ends (UTC)",
        });
        const adRows = await rows('ad_events');
        const counters = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            call('POST', `/api/deals/${i + 1}/click`, undefined, `10.0.${day}.${i + 3}`),
          ),
        );
        expect(statuses(counters)).toEqual({ 503: 20 });
        expect(await rows('ad_events')).toBe(adRows);
        // Logged once for the day, not per request (each request had a guard of its own).
        expect(logged).toHaveLength(1);
        expect(logged[0]).toContain('80 % of the 1000 daily writes used');
        // Feedback and contact keep working.
        expect((await call('POST', `/api/coupons/${B}/feedback`, { worked: false }, `10.0.${day}.99`)).status).toBe(
          200,
        );
        const contact = await call('POST', '/api/contact', contactBody(`budget ${tz}`), `10.0.${day}.98`);
        expect(contact.status).toBe(200);
        expect(await rows('contact', `message = 'budget ${tz}'`)).toBe(1);
        // A new UTC day: stored again.
        clock.now += HOUR;
        expect((await call('POST', '/api/ads/events', adEvent(`next-${tz}`), `10.0.${day}.2`)).status).toBe(200);
      } finally {
        guardOptions = {};
        if (previousTz === undefined) delete process.env.TZ;
        else process.env.TZ = previousTz;
      }
    });
  }
});
