/**
 * The console's gate (issue 40 part 5): the PBKDF2 password hash, the signed session cookie and
 * its expiry at an injected clock, the CSRF token, and the /api/admin/ routes over both storages
 * (node:sqlite and D1 run in workerd): refusals change nothing and are logged, bad bodies name
 * their field, the sixth login in a minute gets 429, no secrets → 503.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminDeps, answerAdminApi, REFUSALS_LOGGED_PER_MINUTE } from '../../../src/server/admin-routes.ts';
import {
  csrfMatches,
  csrfToken,
  hashPassword,
  newSession,
  parsePasswordHash,
  readSession,
  SESSION_TTL_MS,
  signSession,
  verifyPassword,
} from '../../../src/server/admin-session.ts';
import { ensureAdminSchema, readOverrides } from '../../../src/server/admin-store.ts';
import { createWriteGuard } from '../../../src/server/limiter.ts';
import { ensureSchema } from '../../../src/server/records.ts';
import type { SqlStorage } from '../../../src/server/storage.ts';
import { type OpenedStorage, openD1, openSqlite } from './storages.ts';

const SECRET = 'unit-session-secret-0123456789abcdef0123456789';
const PASSWORD = 'un mot de passe très long';
const T0 = Date.parse('2026-11-25T23:30:00.000Z');

describe('password hash (PBKDF2-SHA256)', () => {
  it('verifies the right password only, and a hash line has the documented format', async () => {
    const line = await hashPassword(PASSWORD, 2000);
    expect(line).toMatch(/^pbkdf2-sha256\$2000\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]{44}$/);
    expect(await verifyPassword(PASSWORD, line)).toBe(true);
    expect(await verifyPassword(`${PASSWORD} `, line)).toBe(false);
    expect(await verifyPassword(PASSWORD, line.replace('2000', '2001'))).toBe(false);
  });
  it('says what is wrong with a malformed line', () => {
    expect(parsePasswordHash('sha1$1$a$b')).toEqual({ error: expect.stringMatching(/expected pbkdf2-sha256\$/) });
    expect(parsePasswordHash('pbkdf2-sha256$200000$c2FsdHNhbHQ=$aGFzaA==')).toEqual({
      error: expect.stringMatching(/iterations must be a whole number from 1000 to 100000/),
    });
  });
});

describe.each(['UTC', 'America/Los_Angeles', 'Asia/Kolkata'])('session cookie and CSRF (TZ %s)', (tz) => {
  const previous = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = tz;
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.TZ;
    else process.env.TZ = previous;
  });

  it('holds for 12 hours from login, not a millisecond more', async () => {
    const s = await newSession(SECRET, T0);
    expect(s.expiresAt - T0).toBe(SESSION_TTL_MS);
    expect(await readSession(SECRET, s.cookie, T0 + SESSION_TTL_MS - 1)).toEqual({ id: s.id, expiresAt: s.expiresAt });
    expect(await readSession(SECRET, s.cookie, T0 + SESSION_TTL_MS)).toBeNull();
  });

  it('refuses a forged cookie: another secret, a moved expiry, a changed id', async () => {
    const s = await newSession(SECRET, T0);
    const [id, exp, sig] = s.cookie.split('.') as [string, string, string];
    expect(await readSession(`${SECRET}x`, s.cookie, T0)).toBeNull();
    expect(await readSession(SECRET, `${id}.${Number(exp) + 86_400_000}.${sig}`, T0)).toBeNull();
    expect(await readSession(SECRET, `${id.slice(1)}A.${exp}.${sig}`, T0)).toBeNull();
    expect(await readSession(SECRET, await signSession('another-secret-of-32-characters-xx', s), T0)).toBeNull();
    expect(await readSession(SECRET, undefined, T0)).toBeNull();
  });

  it('derives a CSRF token per session that another session cannot use', async () => {
    const a = await newSession(SECRET, T0);
    const b = await newSession(SECRET, T0);
    const token = await csrfToken(SECRET, a.id);
    expect(await csrfMatches(SECRET, a.id, token)).toBe(true);
    expect(await csrfMatches(SECRET, b.id, token)).toBe(false);
    expect(await csrfMatches(SECRET, a.id, null)).toBe(false);
  });
});

const HASH = await hashPassword(PASSWORD, 1000);

describe.each([
  ['node:sqlite', openSqlite],
  ['D1 (workerd)', openD1],
])('the /api/admin/ routes over %s', (_name, open) => {
  let store: OpenedStorage;
  let sql: SqlStorage;
  let clock = T0;
  beforeAll(async () => {
    store = await open();
    sql = store.sql;
    await ensureSchema(sql);
    await ensureAdminSchema(sql);
  }, 60_000);
  afterAll(() => store?.close());

  const deps = (over: Partial<AdminDeps> = {}): AdminDeps => ({
    sql: async () => sql,
    now: () => clock,
    guard: createWriteGuard(sql),
    address: '192.0.2.10',
    passwordHash: HASH,
    sessionSecret: SECRET,
    adminToken: 'bearer-token-0123456789',
    coupon: async (id) => ({ id, brand: 'Voltura', brandId: 1, name: `Coupon ${id}`, code: `CODE${id}` }),
    search: async () => [],
    importReport: async () => null,
    ...over,
  });
  const call = (
    method: string,
    path: string,
    init: { body?: unknown; headers?: Record<string, string> } = {},
    d = deps(),
  ) =>
    answerAdminApi(
      new Request(`https://coupons.example${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', ...init.headers },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      }),
      d,
    ) as Promise<Response>;
  const login = async (address = '192.0.2.20') => {
    const res = await call('POST', '/api/admin/login', { body: { password: PASSWORD } }, deps({ address }));
    expect(res.status).toBe(200);
    const cookie = /admin_session=[^;]+/.exec(res.headers.get('Set-Cookie') ?? '')![0];
    const { csrf, expiresAt } = (await res.json()) as { csrf: string; expiresAt: string };
    expect(expiresAt).toBe(new Date(clock + SESSION_TTL_MS).toISOString());
    return { cookie, csrf };
  };

  it('answers 503 on every path when the secrets are not set', async () => {
    for (const d of [
      deps({ passwordHash: undefined }),
      deps({ sessionSecret: undefined }),
      deps({ sessionSecret: 'short' }),
    ]) {
      const res = await call('POST', '/api/admin/login', { body: { password: PASSWORD } }, d);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ error: 'The console is not set up on this site.' });
    }
  });

  it('refuses writes without a session (401), with an expired one (401) or without CSRF (403); nothing changes; each refusal is logged', async () => {
    clock = T0;
    const { cookie, csrf } = await login();
    const hide = '/api/admin/offers/coupon/7/hide';
    expect((await call('POST', hide, { headers: { 'X-CSRF-Token': csrf } })).status).toBe(401);
    expect((await call('POST', hide, { headers: { Cookie: cookie } })).status).toBe(403);
    expect((await call('POST', hide, { headers: { Cookie: cookie, 'X-CSRF-Token': `${csrf}x` } })).status).toBe(403);
    clock = T0 + SESSION_TTL_MS; // the clock moved 12 h: the cookie has expired
    expect((await call('POST', hide, { headers: { Cookie: cookie, 'X-CSRF-Token': csrf } })).status).toBe(401);
    expect((await readOverrides(sql)).version).toBe(0);
    const fresh = await login('192.0.2.21');
    const audit = (await (await call('GET', '/api/admin/audit', { headers: { Cookie: fresh.cookie } })).json()) as {
      items: { action: string; target: string }[];
    };
    expect(audit.items.filter((a) => a.target === `POST ${hide}`).map((a) => a.action)).toEqual([
      'refused 401',
      'refused 403',
      'refused 403',
      'refused 401',
    ]);
  });

  it('makes a change with session and CSRF, names the field of a bad body, logs out', async () => {
    clock = T0;
    const { cookie, csrf } = await login('192.0.2.22');
    const h = { Cookie: cookie, 'X-CSRF-Token': csrf };
    const bad = await call('POST', '/api/admin/offers/deal/3/edit', { headers: h, body: { lang: 'pt', title: 'x' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/^lang: /);
    const ok = await call('POST', '/api/admin/offers/deal/3/edit', {
      headers: h,
      body: { lang: 'es', title: 'Oferta' },
    });
    expect(ok.status).toBe(200);
    const { overrides } = await readOverrides(sql);
    expect(overrides.offers).toContainEqual({ kind: 'deal', id: 3, title: { es: 'Oferta' } });
    expect(overrides.audit.at(-1)).toMatchObject({
      action: 'edit',
      target: 'deal:3',
      by: expect.stringMatching(/^session:/),
    });
    const out = await call('POST', '/api/admin/logout', { headers: { Cookie: cookie } });
    expect(out.headers.get('Set-Cookie')).toMatch(/admin_session=;.*Max-Age=0/);
    expect((await call('GET', '/api/admin/session', { headers: { Cookie: cookie } })).status).toBe(401);
  });

  it('lets five login attempts a minute from one address through and refuses the sixth with Retry-After', async () => {
    clock = T0 + 3_600_000;
    const d = deps({ address: '198.51.100.9' });
    for (let i = 0; i < 5; i++)
      expect((await call('POST', '/api/admin/login', { body: { password: 'wrong' } }, d)).status).toBe(401);
    const sixth = await call('POST', '/api/admin/login', { body: { password: PASSWORD } }, d);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('Retry-After'))).toBeGreaterThan(0);
    clock += 60_001;
    expect((await call('POST', '/api/admin/login', { body: { password: PASSWORD } }, d)).status).toBe(200);
  });

  it('refuses a flood of writes from one address, logging the first 30 refusals of a minute', async () => {
    clock = T0 + 7_200_000;
    const d = deps({ address: '203.0.113.66' });
    const before = Number(
      (await sql.all<{ n: number }>("SELECT COUNT(*) AS n FROM admin_audit WHERE action = 'refused 401'"))[0]?.n,
    );
    for (let i = 0; i < REFUSALS_LOGGED_PER_MINUTE + 5; i++)
      expect((await call('POST', '/api/admin/brands/1/block', {}, d)).status).toBe(401);
    const after = Number(
      (await sql.all<{ n: number }>("SELECT COUNT(*) AS n FROM admin_audit WHERE action = 'refused 401'"))[0]?.n,
    );
    expect(after - before).toBe(REFUSALS_LOGGED_PER_MINUTE);
  });

  it('gives the overrides to the bearer token and lists reported coupons worst first', async () => {
    clock = T0;
    const byToken = await call('GET', '/api/admin/overrides', {
      headers: { Authorization: 'Bearer bearer-token-0123456789' },
    });
    expect(byToken.status).toBe(200);
    expect(((await byToken.json()) as { version: number }).version).toBe(1);
    expect((await call('GET', '/api/admin/overrides', { headers: { Authorization: 'Bearer nope' } })).status).toBe(401);
    for (const [coupon, worked, at] of [
      [40, 0, T0 - 5000],
      [40, 0, T0 - 4000],
      [41, 0, T0 - 3000],
      [41, 1, T0 - 2000],
      [42, 1, T0 - 1000],
    ] as const)
      await sql.run('INSERT INTO feedback (coupon_id, worked, client, at) VALUES (?, ?, ?, ?)', [
        coupon,
        worked,
        'c',
        at,
      ]);
    const { cookie, csrf } = await login('192.0.2.23');
    const reports = async () =>
      (
        (await (await call('GET', '/api/admin/reports', { headers: { Cookie: cookie } })).json()) as {
          items: { id: number; failures: number; successes: number; code: string }[];
        }
      ).items;
    expect((await reports()).map((r) => [r.id, r.failures, r.successes])).toEqual([
      [40, 2, 0],
      [41, 1, 1],
    ]);
    expect((await reports())[0]?.code).toBe('CODE40');
    const h = { Cookie: cookie, 'X-CSRF-Token': csrf };
    expect((await call('POST', '/api/admin/offers/coupon/40/dismiss', { headers: h })).status).toBe(200);
    expect((await reports()).map((r) => r.id)).toEqual([41]);
  });
});
