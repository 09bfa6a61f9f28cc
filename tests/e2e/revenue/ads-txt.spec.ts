/** /ads.txt (issue 25): served from the build as plain text, with the AdSense seller line. */
import { expect, test } from '@playwright/test';

test('/ads.txt is served as text/plain with the AdSense line of the site config', async ({ request }) => {
  const res = await request.get('/ads.txt');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^text\/plain/);
  const lines = (await res.text()).trim().split('\n');
  expect(lines).toContain('google.com, pub-0000000000000000, DIRECT, f08c47fec0942fa0');
  expect(lines.some((l) => l.startsWith('OWNERDOMAIN='))).toBe(true);
});
