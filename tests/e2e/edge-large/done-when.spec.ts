/**
 * Issue 40 "Done when", first bullet, on a site of thousands of brands: the large edge fixture
 * (tests/fixtures/sites/edge-large.json: 2,000 generated brands, tests/fixtures/catalogs/
 * edge-large.ts) served by `npm run edge` in workerd + D1 (project "edge-large"). Five "didn't
 * work" answers from five addresses (CF-Connecting-IP) take "Get Code" away on the brand page the
 * Worker renders on demand, on a pre-rendered listing once hydrated (one GET /api/health for the
 * page) and in GET /api/coupons/{id}; one "it worked" brings it back.
 */
import { existsSync, readFileSync } from 'node:fs';
import { type APIRequestContext, expect, test } from '@playwright/test';

const CLIENT = 'dist/edge-large/client';
type Index = { brands: [string, number, number][] };

let ip = Math.floor(Math.random() * 60_000);
async function answer(request: APIRequestContext, id: string, worked: boolean) {
  ip += 1;
  const res = await request.post(`/api/coupons/${id}/feedback`, {
    data: { worked },
    headers: { 'CF-Connecting-IP': `10.${(ip >> 8) & 255}.${ip & 255}.${1 + (ip % 250)}` },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('on 2,000 brands: five failures hide Get Code on an on-demand brand page, a hydrated listing and the API; one success brings it back', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const index = JSON.parse(readFileSync(`${CLIENT}/_edge/index.json`, 'utf8')) as Index;
  expect(index.brands.length).toBeGreaterThanOrEqual(2_000);
  // A long-tail brand (no pre-rendered page) far down the list, with a code nobody answered yet.
  const longTail = index.brands.filter(([slug]) => !existsSync(`${CLIENT}/brands/${slug}.html`));
  expect(longTail.length).toBeGreaterThan(1_900);
  let slug = '';
  let onDemand = '';
  for (const [s] of longTail.slice(1_500 + Math.floor(Math.random() * 300))) {
    const found = /data-get-code="(\d+)"/.exec(await (await request.get(`/brands/${s}?pick`)).text());
    if (found) {
      [slug, onDemand] = [s, found[1]!];
      break;
    }
  }
  expect(onDemand).not.toBe('');
  const listed = /data-get-code="(\d+)"/.exec(await (await request.get('/coupons')).text())?.[1] ?? '';
  expect(listed).not.toBe('');

  for (let i = 0; i < 5; i++) {
    await answer(request, onDemand, false);
    if (listed !== onDemand) await answer(request, listed, false);
  }

  // The API: not offered, no code.
  const hidden = (await (await request.get(`/api/coupons/${onDemand}`)).json()) as { data: Record<string, unknown> };
  expect(hidden.data.offered).toBe(false);
  expect(hidden.data).not.toHaveProperty('code');

  // The on-demand brand page, as the Worker renders it.
  const html = await (await request.get(`/brands/${slug}`)).text();
  expect(html).toContain(`data-not-offered="${onDemand}"`);
  expect(html).not.toContain(`data-get-code="${onDemand}"`);
  expect(html).toContain('Reported not working recently');

  // The pre-rendered listing: its HTML offers the code; once hydrated, one health request, and it is gone.
  const healthRequests: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/health') healthRequests.push(r.url());
  });
  await page.goto('/coupons');
  const listedCard = page.locator(`article[data-coupon-id="${listed}"]`).first();
  await expect(listedCard.getByText('Reported not working recently')).toBeVisible();
  await expect(listedCard.getByRole('button', { name: /Get Code/ })).toHaveCount(0);
  expect(healthRequests).toHaveLength(1);

  // One "it worked": offered again in the API at once, and on the brand page the Worker renders
  // next (read under a new URL: the page asked above is kept at the edge for up to a minute).
  await answer(request, onDemand, true);
  const back = (await (await request.get(`/api/coupons/${onDemand}`)).json()) as { data: Record<string, unknown> };
  expect(back.data.offered).toBe(true);
  expect(back.data.code).toEqual(expect.any(String));
  const again = await (await request.get(`/brands/${slug}?after`)).text();
  expect(again).toContain(`data-get-code="${onDemand}"`);
  expect(again).not.toContain(`data-not-offered="${onDemand}"`);
});
