/** The reference server's POST /contact and POST /newsletter/subscribe, through the site's API client. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApiServer, startApiServer } from '../../../scripts/lib/api-server/server.ts';
import { createApiClient } from '../../../src/api/client.ts';

let server: RunningApiServer;
const client = () => createApiClient({ baseUrl: server.url, siteId: 'default', getToken: () => null });
const message = { name: 'Ana', email: 'ana@example.com', subject: 'coupon', message: 'SAVE10 fails at checkout.' };
/** What the contact form adds (src/content-helpers/enhance/contact-form.ts): when it appeared and when it was sent. */
const times = { startedAt: 1_000, sentAt: 25_000, website: '' };

beforeAll(async () => {
  server = await startApiServer({ port: 0 });
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  server.faults.clear();
});

describe('POST /contact', () => {
  it('records a valid message (trimmed) and answers success', async () => {
    const r = await client().post('/contact', { ...message, ...times, name: '  Ana ' });
    expect(r.success).toBe(true);
    expect(server.state.contactMessages.at(-1)).toEqual(message);
  });

  it('rejects a message that breaks the form rules with 400 and the fields at fault', async () => {
    const before = server.state.contactMessages.length;
    const r = await client().post('/contact', { name: '', email: 'nope', subject: 'refund', message: 'hi' });
    expect(r).toMatchObject({ success: false, error: 'HTTP 400' });
    expect(r.success ? '' : r.message).toBe(
      'name: required; email: not an email address; subject: choose one of general, partnership, technical, coupon, suggestion, other',
    );
    expect(server.state.contactMessages.length).toBe(before);
  });

  it('obeys injected faults like every other route', async () => {
    server.faults.add({ rule: 'status:500', path: '/api/contact', times: 1 });
    const r = await client().post('/contact', { ...message, ...times });
    expect(r).toMatchObject({ success: false, error: 'HTTP 500' });
    expect((await client().post('/contact', { ...message, ...times })).success).toBe(true);
  });
});

describe('POST /newsletter/subscribe', () => {
  it('subscribes an address once, case-insensitively', async () => {
    expect((await client().post('/newsletter/subscribe', { email: 'Bo@Example.com ' })).success).toBe(true);
    expect((await client().post('/api/newsletter/subscribe', { email: 'bo@example.com' })).success).toBe(true);
    expect(server.state.newsletterSubscribers.filter((e) => e === 'bo@example.com')).toHaveLength(1);
  });

  it('rejects a missing or invalid address', async () => {
    expect(await client().post('/newsletter/subscribe', {})).toMatchObject({ success: false, error: 'HTTP 400' });
    expect(await client().post('/newsletter/subscribe', { email: 'x@' })).toMatchObject({
      success: false,
      message: 'email: not an email address',
    });
  });
});

describe('the reference server over HTTP (issue 41)', () => {
  const post = (path: string, body: unknown) =>
    fetch(`${server.url}/api${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('answers an unsupported method with 405 and Allow', async () => {
    const res = await fetch(`${server.url}/api/contact`, { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('POST');
    expect(await res.json()).toEqual({ message: 'Method DELETE not allowed: use POST' });
  });

  it('answers the sign-ups of an address beyond 5 within the hour with 429 and Retry-After, and does not store it', async () => {
    const emails = Array.from({ length: 6 }, (_, i) => `limit-${i}@example.com`);
    const statuses: number[] = [];
    let last: Response | undefined;
    for (const email of emails) {
      last = await post('/newsletter/subscribe', { email });
      statuses.push(last.status);
    }
    // The two sign-ups of the test above were this address's too: 5 in all within the hour.
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    expect(Number(last?.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(server.state.newsletterSubscribers).not.toContain('limit-5@example.com');
  });
});
