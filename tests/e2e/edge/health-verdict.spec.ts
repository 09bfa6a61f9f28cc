/**
 * Issue 40 "Done when" on an edge site in workerd + D1 (project "edge"): five "didn't work"
 * answers to a coupon from five addresses (CF-Connecting-IP) take its "Get Code" away on the
 * brand page the Worker renders on demand, on a pre-rendered listing once its islands ran (one
 * batched GET /api/health per page), and in GET /api/coupons/{id}; one "it worked" brings it back.
 */
import { existsSync, readFileSync } from 'node:fs';
import { type APIRequestContext, expect, test } from '@playwright/test';

const CLIENT = 'dist/edge/client';
type Index = { brands: [string, number, number][] };

/** Long-tail brands (rendered on demand) by id. */
function longTail(): Map<number, string> {
  const index = JSON.parse(readFileSync(`${CLIENT}/_edge/index.json`, 'utf8')) as Index;
  return new Map(
    index.brands.filter(([slug]) => !existsSync(`${CLIENT}/brands/${slug}.html`)).map(([slug, id]) => [id, slug]),
  );
}

/**
 * One answer from a new address each time (the per-address limits are not what is tested). The
 * addresses start at a random point, so that a retry of this test in the same D1 does not answer
 * again from an address that already answered today (429).
 */
let ip = Math.floor(Math.random() * 60_000);
async function answer(request: APIRequestContext, id: string, worked: boolean) {
  ip += 1;
  const res = await request.post(`/api/coupons/${id}/feedback`, {
    data: { worked },
    headers: {
      'CF-Connecting-IP': `10.${(ip >> 8) & 255}.${ip & 255}.${1 + (ip % 250)}`,
      'X-Test-Run': 'health-verdict',
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('five failures hide Get Code on an on-demand brand page, a hydrated listing and the API; one success brings it back', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  // A coupon with a code of a long-tail brand (its page is rendered by the Worker) that no
  // shopper answered yet: the edge project's other tests answer "it worked" on the first long-tail
  // brand's coupons (and a success within the window keeps a code offered), so look from the end.
  let slug = '';
  let onDemand = '';
  // (Read with a query string: the page itself is kept at the edge for up to a minute once asked.)
  for (const s of [...longTail().values()].reverse()) {
    const found = /data-get-code="(\d+)"/.exec(await (await request.get(`/brands/${s}?pick`)).text());
    const reply = found
      ? ((await (await request.get(`/api/coupons/${found[1]}`)).json()) as { data: { votes?: { worked: number } } })
      : null;
    if (found && !reply?.data.votes?.worked) {
      [slug, onDemand] = [s, found[1]!];
      break;
    }
  }
  expect(onDemand).not.toBe('');

  // A coupon on the pre-rendered coupons listing (read without running it: a visit would ask
  // /api/health now, and the edge would keep that answer for 30 s).
  const listed = /data-get-code="(\d+)"/.exec(await (await request.get('/coupons')).text())?.[1] ?? '';
  expect(listed).not.toBe('');

  for (let i = 0; i < 5; i++) {
    await answer(request, onDemand, false);
    if (listed !== onDemand) await answer(request, listed, false);
  }

  // The API says so and gives no code.
  const hidden = (await (await request.get(`/api/coupons/${onDemand}`)).json()) as { data: Record<string, unknown> };
  expect(hidden.data.offered).toBe(false);
  expect(hidden.data).not.toHaveProperty('code');

  // The on-demand brand page, as the Worker renders it (no JavaScript needed).
  const html = await (await request.get(`/brands/${slug}`)).text();
  expect(html).toContain(`data-not-offered="${onDemand}"`);
  expect(html).not.toContain(`data-get-code="${onDemand}"`);
  expect(html).toContain('Reported not working recently');
  await page.goto(`/brands/${slug}`);
  const card = page.locator(`article[data-coupon-id="${onDemand}"]`);
  await expect(card.getByText('No longer offered: shoppers report that this code stopped working')).toBeVisible();
  await expect(card.getByRole('button', { name: /Get Code/ })).toHaveCount(0);
  await expect(card.getByText('0% of 5 shoppers say it works')).toBeVisible();

  // The pre-rendered listing: its HTML still offers the code; once hydrated, one health request, and it is gone.
  // (In a page of its own: the brand page above may still send its own request while it is left.)
  const listing = await page.context().newPage();
  const healthRequests: string[] = [];
  listing.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/health') healthRequests.push(r.url());
  });
  const prerendered = await (await request.get('/coupons')).text();
  expect(prerendered).toContain(`data-get-code="${listed}"`);
  await listing.goto('/coupons');
  const listedCard = listing.locator(`article[data-coupon-id="${listed}"]`).first();
  await expect(listedCard.getByText('Reported not working recently')).toBeVisible();
  await expect(listedCard.getByRole('button', { name: /Get Code/ })).toHaveCount(0);
  await expect(listedCard.locator(`[data-not-offered="${listed}"]`)).toBeVisible();
  expect(healthRequests).toHaveLength(1);
  expect(new URL(healthRequests[0]!).searchParams.get('ids')?.split(',')).toContain(listed);

  // One "it worked" brings it back, on the on-demand page and in the API.
  await answer(request, onDemand, true);
  const back = (await (await request.get(`/api/coupons/${onDemand}`)).json()) as { data: Record<string, unknown> };
  expect(back.data.offered).toBe(true);
  expect(back.data.code).toEqual(expect.any(String));
  // The Worker keeps a page with live code health at the edge for up to a minute (issue 40: "within
  // a minute of the answers"); the page asked above, after the failures, is that copy. Once its
  // minute is over, the page offers the code again.
  await expect
    .poll(async () => (await request.get(`/brands/${slug}`)).text(), { timeout: 80_000, intervals: [5_000] })
    .toContain(`data-get-code="${onDemand}"`);
  // In the browser too, once the hydrated grid's GET /api/health (kept at the edge for 30 s, served
  // stale 30 s more) has the success.
  await expect(async () => {
    await page.goto(`/brands/${slug}`);
    await expect(
      page.locator(`article[data-coupon-id="${onDemand}"]`).getByRole('button', { name: /Get Code/ }),
    ).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 80_000, intervals: [5_000] });
});

test('GET /api/admin/health is refused without the bearer token', async ({ request }) => {
  const res = await request.get('/api/admin/health');
  expect(res.status()).toBe(401);
  const wrong = await request.get('/api/admin/health', { headers: { Authorization: 'Bearer not-the-token-at-all' } });
  expect(wrong.status()).toBe(401);
});
