/**
 * The console's API in the Node reference API (issue 40, scripts/lib/api-server/admin.ts): the
 * same gate as the Worker's, and a change made through it is applied at once to what the server
 * answers (a hidden coupon is a 404, an edited Spanish title is served in Spanish).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../../../scripts/lib/api-server/server.ts';
import { createSampleCatalog } from '../../../src/catalog/sample.ts';

const NOW = new Date('2026-11-28T12:00:00.000Z');
const PASSWORD = 'reference console password';
const catalog = createSampleCatalog(NOW);
const [hidden, edited] = catalog.coupons as [(typeof catalog.coupons)[0], (typeof catalog.coupons)[0]];

describe('the reference API’s /api/admin/', () => {
  let server: Awaited<ReturnType<typeof startApiServer>>;
  beforeAll(async () => {
    process.env.ADMIN_PASSWORD = PASSWORD;
    try {
      server = await startApiServer({ catalog, now: NOW, limits: 'off' });
    } finally {
      delete process.env.ADMIN_PASSWORD;
    }
  });
  afterAll(() => server?.close());

  it('refuses a write without a session, then applies hide and a Spanish edit at once', async () => {
    const post = (path: string, headers: Record<string, string> = {}, body?: unknown) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    expect((await post(`/api/admin/offers/coupon/${hidden.id}/hide`)).status).toBe(401);
    expect((await fetch(`${server.url}/api/coupons/${hidden.id}`)).status).toBe(200);

    const login = await post('/api/admin/login', {}, { password: PASSWORD });
    expect(login.status).toBe(200);
    const cookie = /admin_session=[^;]+/.exec(login.headers.get('Set-Cookie') ?? '')![0];
    const { csrf } = (await login.json()) as { csrf: string };
    const h = { Cookie: cookie, 'X-CSRF-Token': csrf };
    expect((await post(`/api/admin/offers/coupon/${hidden.id}/hide`, h)).status).toBe(200);
    expect(
      (await post(`/api/admin/offers/coupon/${edited.id}/edit`, h, { lang: 'es', title: 'Código nuevo' })).status,
    ).toBe(200);

    expect((await fetch(`${server.url}/api/coupons/${hidden.id}`)).status).toBe(404);
    const es = (await (await fetch(`${server.url}/api/coupons/${edited.id}?lang=es`)).json()) as {
      data: { name: string };
    };
    expect(es.data.name).toBe('Código nuevo');
  });
});
