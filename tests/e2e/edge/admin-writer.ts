/**
 * What the edge specs share to write as the operator through the Worker's API (issue 40 part 5):
 * a random client address per login (a retry does not meet the login limit of an earlier run), and
 * a session of its own whose writes carry the cookie and the CSRF token and must answer 200.
 */
import { type APIRequestContext, expect } from '@playwright/test';
import { EDGE_ADMIN_ENV } from './admin-env.ts';

export const randomIp = () =>
  `100.${64 + Math.floor(Math.random() * 64)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 250)}`;

/** Logs in from a random address; the returned function POSTs a write with that session. */
export async function adminWriter(request: APIRequestContext) {
  const res = await request.post('/api/admin/login', {
    data: { password: EDGE_ADMIN_ENV.ADMIN_PASSWORD },
    headers: { 'CF-Connecting-IP': randomIp() },
  });
  expect(res.status(), await res.text()).toBe(200);
  const cookie = /admin_session=[^;]+/.exec(res.headers()['set-cookie'] ?? '')![0];
  const { csrf } = (await res.json()) as { csrf: string };
  return async (path: string, data?: unknown) => {
    const r = await request.post(path, { headers: { Cookie: cookie, 'X-CSRF-Token': csrf }, data });
    expect(r.status(), await r.text()).toBe(200);
  };
}
