/**
 * The operator console's client of /api/admin/ (src/stores/admin-console.ts): every reply
 * is validated (a wrong one names its field and is never taken as data), each refusal is told
 * apart (wrong password / too many attempts with when to retry / not set up / no console here),
 * the CSRF token from the login goes with every write, and a pin's date ends that day in the
 * operator's time zone.
 */
import { describe, expect, it } from 'vitest';
import { consoleClient, pinUntil, readReply, reportSchema } from '../../../src/stores/admin-console.ts';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

type Call = { url: string; init: RequestInit | undefined };
function fake(replies: (url: string, init?: RequestInit) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const client = consoleClient(async (url, init) => {
    calls.push({ url, init });
    return replies(url, init);
  });
  return { client, calls };
}

const report = {
  id: 7,
  brand: 'Acme',
  name: '10 % off',
  code: 'SAVE10',
  failures: 5,
  successes: 1,
  lastAnswers: [{ worked: false, at: '2026-11-28T10:00:00.000Z' }],
  hidden: false,
};

describe('readReply', () => {
  it('takes a reply that matches the contract as data', async () => {
    const o = await readReply(json(200, { items: [report] }), reportSchema);
    expect(o).toEqual({ ok: true, data: { items: [report] } });
  });

  it('refuses a reply with a wrong field and names the field', async () => {
    const o = await readReply(json(200, { items: [{ ...report, failures: 'five' }] }), reportSchema);
    expect(o).toEqual({ ok: false, kind: 'bad-reply', path: 'items.0.failures' });
  });

  it('refuses a reply that is not JSON', async () => {
    const o = await readReply(new Response('<html>oops</html>', { status: 200 }), reportSchema);
    expect(o).toEqual({ ok: false, kind: 'bad-reply', path: '(not JSON)' });
  });

  it('tells the refusals apart and keeps the server’s message of a 400', async () => {
    expect(await readReply(json(401, { error: 'Wrong password.' }), reportSchema)).toMatchObject({
      kind: 'unauthorized',
    });
    expect(await readReply(json(403, { error: 'X-CSRF-Token' }), reportSchema)).toMatchObject({ kind: 'csrf' });
    expect(await readReply(json(503, { error: 'The console is not set up on this site.' }), reportSchema)).toEqual({
      ok: false,
      kind: 'not-set-up',
    });
    expect(await readReply(new Response('Not found', { status: 404 }), reportSchema)).toEqual({
      ok: false,
      kind: 'no-console',
    });
    expect(await readReply(json(400, { error: 'until: must be an ISO date and time' }), reportSchema)).toEqual({
      ok: false,
      kind: 'invalid',
      status: 400,
      message: 'until: must be an ISO date and time',
    });
  });

  it('reads when to retry from Retry-After, and says when it does not know', async () => {
    expect(await readReply(json(429, { error: 'x' }, { 'Retry-After': '42' }), reportSchema)).toEqual({
      ok: false,
      kind: 'rate-limited',
      retryAfter: 42,
    });
    expect(await readReply(json(429, { error: 'x' }), reportSchema)).toEqual({
      ok: false,
      kind: 'rate-limited',
      retryAfter: null,
    });
  });
});

describe('consoleClient', () => {
  it('a static site (the request fails, 404, or answers its HTML page) has no console', async () => {
    expect(await fake(() => Promise.reject(new TypeError('Failed to fetch'))).client.session()).toEqual({
      ok: false,
      kind: 'no-console',
    });
    expect(await fake(() => new Response('<!doctype html>', { status: 404 })).client.session()).toEqual({
      ok: false,
      kind: 'no-console',
    });
    expect(await fake(() => new Response('<!doctype html>', { status: 200 })).client.session()).toEqual({
      ok: false,
      kind: 'no-console',
    });
  });

  it('sends the password as JSON, then the CSRF token of the session with every write', async () => {
    const { client, calls } = fake((url) =>
      url.endsWith('/login')
        ? json(200, { csrf: 'token-1', expiresAt: '2026-11-29T10:00:00.000Z' })
        : json(200, { ok: true }),
    );
    expect((await client.login('secret')).ok).toBe(true);
    expect(calls[0]?.url).toBe('/api/admin/login');
    expect(calls[0]?.init?.body).toBe(JSON.stringify({ password: 'secret' }));
    expect(await client.pin('deal', 3, '2026-12-31T22:59:59.000Z')).toMatchObject({ ok: true });
    await client.edit('coupon', 7, { lang: 'es', title: 'Título' });
    await client.block(12);
    const writes = calls.slice(1);
    expect(writes.map((c) => c.url)).toEqual([
      '/api/admin/offers/deal/3/pin',
      '/api/admin/offers/coupon/7/edit',
      '/api/admin/brands/12/block',
    ]);
    for (const w of writes) {
      expect(w.init?.method).toBe('POST');
      const headers = (w.init?.headers ?? {}) as Record<string, string>;
      expect(headers['X-CSRF-Token']).toBe('token-1');
    }
    expect(writes[0]?.init?.body).toBe(JSON.stringify({ until: '2026-12-31T22:59:59.000Z' }));
    expect(writes[1]?.init?.body).toBe(JSON.stringify({ lang: 'es', title: 'Título' }));
  });

  it('a wrong password is unauthorized and a sixth attempt is rate-limited with its wait', async () => {
    let n = 0;
    const { client } = fake(() =>
      ++n <= 5 ? json(401, { error: 'Wrong password.' }) : json(429, { error: 'Too many' }, { 'Retry-After': '37' }),
    );
    for (let i = 0; i < 5; i++) expect(await client.login('nope')).toMatchObject({ ok: false, kind: 'unauthorized' });
    expect(await client.login('nope')).toEqual({ ok: false, kind: 'rate-limited', retryAfter: 37 });
  });

  it('encodes the search', async () => {
    const { client, calls } = fake(() => json(200, { items: [] }));
    await client.offers('a&b c');
    expect(calls[0]?.url).toBe('/api/admin/offers?q=a%26b%20c');
  });
});

describe('pinUntil', () => {
  it('ends the chosen day in the operator’s time zone', () => {
    // UTC: 23:59:59Z; Madrid in winter (UTC+1, offset -60): 22:59:59Z; New York (UTC-5, offset 300): 04:59:59Z next day.
    expect(pinUntil('2026-12-31', () => 0)).toBe('2026-12-31T23:59:59.000Z');
    expect(pinUntil('2026-12-31', () => -60)).toBe('2026-12-31T22:59:59.000Z');
    expect(pinUntil('2026-12-31', () => 300)).toBe('2027-01-01T04:59:59.000Z');
  });

  it('refuses an empty or impossible date', () => {
    expect(pinUntil('')).toBeNull();
    expect(pinUntil('2026-02-30', () => 0)).toBeNull();
    expect(pinUntil('31/12/2026')).toBeNull();
  });
});
