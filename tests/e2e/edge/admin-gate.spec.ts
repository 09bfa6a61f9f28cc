/**
 * Issue 40 part 5 on an edge site in workerd + D1 (project "edge"): the console's API is
 * authorized by the Worker. Without a session, with a forged or an expired cookie, or without the
 * CSRF token every write is refused (401/403) and nothing changes; the sixth wrong password in a
 * minute gets 429; hide, pin, an edit in Spanish and a block made through the API show at once on
 * the on-demand brand page and in GET /api/coupons/{id}; `npm run offers -- pull` writes them into
 * an overrides file.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, type PlaywrightWorkerArgs, test } from '@playwright/test';

type Playwright = PlaywrightWorkerArgs['playwright'];

import { runOffersRemote } from '../../../scripts/lib/offers/remote.ts';
import { parseOverrides } from '../../../src/catalog/overrides.ts';
import { signSession } from '../../../src/server/admin-session.ts';
import { EDGE_ADMIN_ENV } from './admin-env.ts';

const CLIENT = 'dist/edge/client';
type Index = { brands: [string, number, number][] };

/** Long-tail brands (rendered on demand by the Worker), slug by id, from the last (health-verdict uses the first). */
function longTail(): [number, string][] {
  const index = JSON.parse(readFileSync(`${CLIENT}/_edge/index.json`, 'utf8')) as Index;
  return index.brands
    .filter(([slug]) => !existsSync(`${CLIENT}/brands/${slug}.html`))
    .map(([slug, id]): [number, string] => [id, slug])
    .reverse();
}

const codesOn = (html: string) => [...html.matchAll(/data-get-code="(\d+)"/g)].map((m) => m[1]!);

let ip = 0;
const nextIp = () => `203.0.113.${(ip++ % 250) + 1}`;

/**
 * A logged-in session: its cookie header and CSRF token. Logged in from a context of its own, so
 * the cookie is sent only where a test puts it.
 */
async function login(playwright: Playwright) {
  const own = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const res = await own.post('/api/admin/login', {
    data: { password: EDGE_ADMIN_ENV.ADMIN_PASSWORD },
    headers: { 'CF-Connecting-IP': nextIp() },
  });
  expect(res.status(), await res.text()).toBe(200);
  const setCookie = res.headers()['set-cookie'] ?? '';
  expect(setCookie).toMatch(/HttpOnly; Secure; SameSite=Strict; Path=\/api\/admin; Max-Age=43200/);
  const cookie = /admin_session=[^;]+/.exec(setCookie)![0];
  const { csrf } = (await res.json()) as { csrf: string };
  await own.dispose();
  return { cookie, csrf };
}

async function overrides(request: APIRequestContext) {
  const res = await request.get('/api/admin/overrides', {
    headers: { Authorization: `Bearer ${EDGE_ADMIN_ENV.EDGE_ADMIN_TOKEN}` },
  });
  expect(res.status()).toBe(200);
  return parseOverrides(await res.json());
}

test('writes without a valid session or CSRF token are refused, logged, and change nothing', async ({
  request,
  playwright,
}) => {
  const [, slug] = longTail().find(() => true)!;
  const before = codesOn(await (await request.get(`/brands/${slug}`)).text());
  const id = before[0]!;
  const hide = `/api/admin/offers/coupon/${id}/hide`;
  const session = await login(playwright);
  const sessionId = session.cookie.split('=')[1]!.split('.')[0]!;
  const forged = `admin_session=${sessionId}.${Date.now() + 3_600_000}.${'A'.repeat(43)}`;
  const expired = `admin_session=${await signSession(EDGE_ADMIN_ENV.ADMIN_SESSION_SECRET, { id: sessionId, expiresAt: Date.now() - 1000 })}`;

  expect((await request.post(hide, { headers: { 'X-CSRF-Token': session.csrf } })).status()).toBe(401);
  expect((await request.post(hide, { headers: { Cookie: forged, 'X-CSRF-Token': session.csrf } })).status()).toBe(401);
  expect((await request.post(hide, { headers: { Cookie: expired, 'X-CSRF-Token': session.csrf } })).status()).toBe(401);
  expect((await request.post(hide, { headers: { Cookie: session.cookie } })).status()).toBe(403);
  expect(
    (await request.post(hide, { headers: { Cookie: session.cookie, 'X-CSRF-Token': 'x'.repeat(43) } })).status(),
  ).toBe(403);
  expect((await request.get('/api/admin/reports', { headers: { Cookie: forged } })).status()).toBe(401);

  // Nothing changed: the code is still offered, the overrides do not name it.
  expect(codesOn(await (await request.get(`/brands/${slug}`)).text())).toContain(id);
  expect((await overrides(request)).offers.find((o) => o.kind === 'coupon' && String(o.id) === id)).toBeUndefined();
  // Every refusal is in the audit log.
  const audit = (await (await request.get('/api/admin/audit', { headers: { Cookie: session.cookie } })).json()) as {
    items: { action: string; target: string }[];
  };
  const refusals = audit.items.filter((a) => a.target === `POST ${hide}`).map((a) => a.action);
  expect(refusals.filter((a) => a === 'refused 401')).toHaveLength(3);
  expect(refusals.filter((a) => a === 'refused 403')).toHaveLength(2);
});

test('the sixth wrong password in a minute from one address is refused with 429', async ({ request, playwright }) => {
  const address = '198.18.0.77';
  for (let i = 0; i < 5; i++) {
    const res = await request.post('/api/admin/login', {
      data: { password: `wrong ${i}` },
      headers: { 'CF-Connecting-IP': address },
    });
    expect(res.status()).toBe(401);
    expect(await res.json()).toEqual({ error: 'Wrong password.' });
  }
  const sixth = await request.post('/api/admin/login', {
    data: { password: EDGE_ADMIN_ENV.ADMIN_PASSWORD },
    headers: { 'CF-Connecting-IP': address },
  });
  expect(sixth.status()).toBe(429);
  expect(Number(sixth.headers()['retry-after'])).toBeGreaterThan(0);
  // Another address still logs in.
  await login(playwright);
});

test('hide, pin, an edit in Spanish and a block show at once on the brand page and the API; pull writes them', async ({
  request,
  playwright,
}) => {
  const brands = longTail();
  // Two long-tail brands with at least two codes each (seen once first: the edge keeps the page).
  const withCodes: { id: number; slug: string; codes: string[] }[] = [];
  for (const [id, slug] of brands.slice(1)) {
    const codes = codesOn(await (await request.get(`/brands/${slug}`)).text());
    if (codes.length >= 3) withCodes.push({ id, slug, codes });
    if (withCodes.length === 2) break;
  }
  expect(withCodes).toHaveLength(2);
  const [a, b] = withCodes as [(typeof withCodes)[0], (typeof withCodes)[0]];
  await request.get(`/es/brands/${a.slug}`);
  const { cookie, csrf } = await login(playwright);
  const write = async (path: string, data?: unknown) => {
    const res = await request.post(path, { headers: { Cookie: cookie, 'X-CSRF-Token': csrf }, data });
    expect(res.status(), await res.text()).toBe(200);
  };
  const [hidden, pinned, edited] = a.codes as [string, string, string];

  await write(`/api/admin/offers/coupon/${hidden}/hide`);
  await write(`/api/admin/offers/coupon/${pinned}/pin`, { until: new Date(Date.now() + 7 * 86_400_000).toISOString() });
  const title = '<b>Código</b> probado por el equipo';
  await write(`/api/admin/offers/coupon/${edited}/edit`, { lang: 'es', title });
  await write(`/api/admin/brands/${b.id}/block`);

  // A bad body names its field and changes nothing.
  const bad = await request.post(`/api/admin/offers/coupon/${edited}/pin`, {
    headers: { Cookie: cookie, 'X-CSRF-Token': csrf },
    data: { until: 'next week' },
  });
  expect(bad.status()).toBe(400);
  expect(((await bad.json()) as { error: string }).error).toMatch(/^until: /);

  const page = await (await request.get(`/brands/${a.slug}`)).text();
  const codes = codesOn(page);
  expect(codes).not.toContain(hidden);
  expect(codes[0]).toBe(pinned);
  expect((await request.get(`/api/coupons/${hidden}`)).status()).toBe(404);
  const es = await (await request.get(`/es/brands/${a.slug}`)).text();
  expect(es).toContain('&lt;b&gt;Código&lt;/b&gt; probado por el equipo');
  expect(es).not.toContain('<b>Código</b>');
  expect((await request.get(`/brands/${b.slug}`)).status()).toBe(404);
  expect((await request.get(`/brands/${b.slug}/feed.xml`)).status()).toBe(404);

  // The console's reads say the same (session cookie only).
  const read = async <T>(path: string) => {
    const res = await request.get(path, { headers: { Cookie: cookie } });
    expect(res.status(), path).toBe(200);
    return (await res.json()) as T;
  };
  type Hit = { kind: string; id: number; hidden: boolean; pinnedUntil: string | null };
  const found = await read<{ items: Hit[] }>(`/api/admin/offers?q=${a.slug.split('-')[0]}`);
  expect(found.items.find((o) => o.kind === 'coupon' && String(o.id) === hidden)?.hidden).toBe(true);
  expect(found.items.find((o) => o.kind === 'coupon' && String(o.id) === pinned)?.pinnedUntil).toEqual(
    expect.any(String),
  );
  const log = await read<{ items: { action: string; target: string; by: string }[] }>('/api/admin/audit');
  // Changes only (the other tests of this file log in and are refused meanwhile).
  const changes = log.items.filter((e) => !e.action.startsWith('refused') && e.action !== 'login');
  expect(changes.slice(0, 4).map((e) => `${e.action} ${e.target}`)).toEqual([
    `block brand:${b.id}`,
    `edit coupon:${edited}`,
    `pin coupon:${pinned}`,
    `hide coupon:${hidden}`,
  ]);
  expect(changes[0]?.by).toMatch(/^session:/);
  expect(await read('/api/admin/import-report')).toEqual({ sources: [] });

  const dir = mkdtempSync(join(tmpdir(), 'offers-pull-'));
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const pulled = await runOffersRemote(['pull', '--site', 'edge', '--from', origin], {
    cwd: dir,
    env: { EDGE_ADMIN_TOKEN: EDGE_ADMIN_ENV.EDGE_ADMIN_TOKEN },
  });
  expect(pulled.code, pulled.output).toBe(0);
  expect(pulled.output).toContain(`coupon:${hidden}`);
  const file = parseOverrides(JSON.parse(readFileSync(join(dir, 'catalogs', 'edge.overrides.json'), 'utf8')));
  expect(file.offers.find((o) => String(o.id) === hidden)?.hidden).toBe(true);
  expect(file.offers.find((o) => String(o.id) === edited)?.title?.es).toBe(title);
  expect(file.brands.find((x) => x.id === b.id)?.blocked).toBe(true);

  // Put things back for the other specs of this run (the same edge and D1).
  await write(`/api/admin/offers/coupon/${hidden}/unhide`);
  await write(`/api/admin/offers/coupon/${pinned}/unpin`);
  await write(`/api/admin/brands/${b.id}/unblock`);
  expect(codesOn(await (await request.get(`/brands/${a.slug}`)).text())).toContain(hidden);
});
