/**
 * The edge Worker's write paths under abuse (issue 41), in workerd with D1 (project "edge"):
 * limits per address (`CF-Connecting-IP`, which local workerd takes from the request), junk ad
 * events refused with the field and the rule, 405 with Allow, cross-site form posts refused, and
 * feedback from another address stored during a flood. What was stored is read from the
 * Worker's D1 file (`--data` folder of the edge server in playwright.config.ts).
 */
import { expect, test } from '@playwright/test';
import { d1Rows } from '../../../scripts/lib/edge/d1-file.ts';

const DATA_DIR = `.tmp/e2e-edge-data-${Number(process.env.E2E_EDGE_PORT ?? 8787)}`;
const json = (address: string, body: unknown) => ({
  headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': address },
  data: JSON.stringify(body),
});
const unique = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

test('from one address, 12 contact messages store 5; the rest get 429 with Retry-After; feedback from another address is stored meanwhile', async ({
  request,
}) => {
  const flooder = `198.51.100.${10 + Math.floor(Math.random() * 200)}`;
  const message = (i: number) => ({
    name: 'Flood',
    email: 'flood@example.com',
    subject: 'other',
    message: `flood ${unique} ${i}`,
    startedAt: 0,
    sentAt: 60_000,
  });
  const replies = await Promise.all(
    Array.from({ length: 12 }, (_, i) => request.post('/api/contact', json(flooder, message(i)))),
  );
  const before = d1Rows(DATA_DIR, 'feedback', 'coupon_id = 1');
  const feedback = await request.post(
    '/api/coupons/1/feedback',
    json(`203.0.113.${1 + Math.floor(Math.random() * 250)}`, { worked: true }),
  );
  const statuses = replies.map((r) => r.status()).sort();
  expect(statuses).toEqual([...Array(5).fill(200), ...Array(7).fill(429)]);
  const refused = replies.find((r) => r.status() === 429)!;
  expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(3500);
  expect(await refused.json()).toEqual({ message: 'Too many messages from this address, try again later' });
  expect(d1Rows(DATA_DIR, 'contact', `message LIKE 'flood ${unique} %'`)).toBe(5);
  expect(feedback.status()).toBe(200);
  expect(d1Rows(DATA_DIR, 'feedback', 'coupon_id = 1')).toBe(before + 1);
});

test('junk ad events get 400 naming the field and the rule, and nothing is stored', async ({ request }) => {
  const before = d1Rows(DATA_DIR, 'ad_events');
  const junk = await request.post('/api/ads/events', json('192.0.2.31', { junk: 'x' }));
  expect(junk.status()).toBe(400);
  expect((await junk.json()).message).toContain('id: required');
  const hello = await request.post('/api/ads/events', json('192.0.2.31', 'hello'));
  expect(await hello.json()).toEqual({ message: 'event: must be an object' });
  const platform = await request.post(
    '/api/ads/events/batch',
    json('192.0.2.31', {
      events: [{ id: 'a', type: 'impression', platform: 'evil', slotId: 'top-1', position: 'top', at: 1, mock: false }],
    }),
  );
  expect((await platform.json()).message).toBe(
    'events.0.platform: choose one of google, facebook, amazon, direct, adsense, adsterra',
  );
  expect(d1Rows(DATA_DIR, 'ad_events')).toBe(before);
});

test('an unsupported method gets 405 with Allow; a cross-site form post gets 403', async ({ request }) => {
  const del = await request.delete('/api/coupons/1');
  expect(del.status()).toBe(405);
  expect(del.headers().allow).toBe('GET');
  expect(await del.json()).toEqual({ message: 'Method DELETE not allowed: use GET' });
  const form = await request.post('/api/contact', {
    headers: { 'Content-Type': 'text/plain', Origin: 'https://attacker.example' },
    data: '{"name":"x"}',
  });
  expect(form.status()).toBe(403);
});
