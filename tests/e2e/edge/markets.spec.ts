/**
 * Markets on the edge (issue 39): tests/fixtures/sites/edge-markets.json, the markets fixture's
 * catalog and markets (en → GB/US, es → ES/MX, fr → FR/BE, de → DE/AT/CH) as an edge site with
 * every brand page rendered on demand, served in workerd + D1 by `startEdge` (what `npm run edge`
 * runs) at the fixture's clock. /de's on-demand brand pages, its /data files (the Worker's chunks)
 * and its GET /api/coupons/{id} replies list the DE-only coupon and not the GB-only one, /en the
 * reverse; the coupon valid everywhere is on both. Built by scripts/build-test-sites.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { type RunningEdge, startEdge } from '../../../scripts/lib/edge/run.ts';

/** Its own Worker, beside the "edge" project's (E2E_EDGE_PORT + 5 unless set). */
const PORT = Number(process.env.E2E_EDGE_MARKETS_PORT ?? Number(process.env.E2E_EDGE_PORT ?? 8787) + 5);
const BASE = `http://127.0.0.1:${PORT}`;
/** The markets fixture's clock (scripts/build-test-sites.ts MARKETS_BUILD_NOW): its offers are live. */
const NOW = '2026-11-20T12:00:00.000Z';
/** tests/fixtures/catalogs/markets.json: coupon ids, codes and the brand of each. */
const DE = { id: 1, code: 'ZELT15', brand: 'zugspitze-zeltwerk' };
const GB = { id: 2, code: 'TEATIME10', brand: 'thamesbury-teas' };
const EVERYWHERE = { id: 5, code: 'MERIDIAN5', brand: 'meridian-luggage' };

test.describe.configure({ mode: 'serial' });

let edge: RunningEdge;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'edge-markets-'));
  edge = await startEdge({ site: 'edge-markets', port: PORT, dataDir, now: NOW });
});

test.afterAll(async () => {
  await edge?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const cardIds = async (page: Page, path: string) => {
  const res = await page.goto(`${BASE}${path}`);
  expect(res?.status(), path).toBe(200);
  const ids = await page
    .locator('[data-coupon-id]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-coupon-id')));
  return new Set(ids.map(Number));
};

test('on-demand brand pages: /de shows the DE-only coupon, /en the GB-only one, both the one valid everywhere', async ({
  page,
}) => {
  // No brand page is pre-rendered (deploy.prerender.brandsPerLanguage 0): the Worker renders each.
  expect([...(await cardIds(page, `/de/brands/${DE.brand}`))]).toEqual([DE.id]);
  expect([...(await cardIds(page, `/de/brands/${GB.brand}`))]).toEqual([]);
  // The GB brand keeps its page on /de, with its empty state and a count of 0.
  await expect(page.locator('h1')).toHaveText('Thamesbury Teas');
  await expect(page.locator('h1 + div p').first()).toContainText('0 Gutscheine');
  expect([...(await cardIds(page, `/brands/${GB.brand}`))]).toEqual([GB.id]);
  expect([...(await cardIds(page, `/brands/${DE.brand}`))]).toEqual([]);
  expect(await cardIds(page, `/de/brands/${EVERYWHERE.brand}`)).toContain(EVERYWHERE.id);
  expect(await cardIds(page, `/brands/${EVERYWHERE.brand}`)).toContain(EVERYWHERE.id);
});

test('/data files of a language: its listing, brand counts and search words are its market only', async ({
  request,
}) => {
  const json = async (path: string) => {
    const res = await request.get(`${BASE}${path}`);
    expect(res.status(), path).toBe(200);
    return res.text();
  };
  const deNewest = await json('/data/de/coupons/newest/1.json');
  const enNewest = await json('/data/coupons/newest/1.json');
  expect(deNewest).toContain(`"${DE.code}"`);
  expect(deNewest).not.toContain(`"${GB.code}"`);
  expect(enNewest).toContain(`"${GB.code}"`);
  expect(enNewest).not.toContain(`"${DE.code}"`);
  for (const text of [deNewest, enNewest]) expect(text).toContain(`"${EVERYWHERE.code}"`);
  // The brands' data (answered by the Worker from its chunks): the counts of the language's market.
  type Shard = { brands: { slug: string; totalCoupons: number }[] };
  const count = (shard: Shard, slug: string) => shard.brands.find((b) => b.slug === slug)?.totalCoupons;
  const deBrands = JSON.parse(await json('/data/de/brands/shard/0.json')) as Shard;
  const enBrands = JSON.parse(await json('/data/brands/shard/0.json')) as Shard;
  expect([count(deBrands, DE.brand), count(deBrands, GB.brand)]).toEqual([1, 0]);
  expect([count(enBrands, DE.brand), count(enBrands, GB.brand)]).toEqual([0, 1]);
  // Search: the GB-only coupon's brand word is in /en's index and not in /de's.
  expect(await json('/data/search/head/th.json')).toContain('"thamesbury"');
  expect(await json('/data/de/search/head/th.json')).not.toContain('"thamesbury"');
});

test('GET /api/coupons/{id} in a language answers only a coupon of its market', async ({ request }) => {
  const get = (id: number, lang: string, header?: string) =>
    request.get(`${BASE}/api/coupons/${id}${lang ? `?lang=${lang}` : ''}`, {
      headers: header ? { 'Accept-Language': header } : {},
    });
  const de = await get(DE.id, 'de');
  expect(de.status()).toBe(200);
  expect((await de.json()).data.code).toBe(DE.code);
  expect((await get(GB.id, 'de')).status()).toBe(404);
  expect((await get(GB.id, 'en')).status()).toBe(200);
  expect((await get(DE.id, 'en')).status()).toBe(404);
  // Without `lang`, Accept-Language names the language (as the reference API reads it).
  expect((await get(DE.id, '', 'de-DE,de;q=0.9,en;q=0.5')).status()).toBe(200);
  expect((await get(DE.id, '', 'fr;q=0.2,en-GB')).status()).toBe(404);
  for (const lang of ['en', 'de']) {
    const res = await get(EVERYWHERE.id, lang);
    expect(res.status(), lang).toBe(200);
    expect((await res.json()).data.code).toBe(EVERYWHERE.code);
  }
  // A vote is not a reply of a language: the GB coupon takes an answer cast from a /de page.
  const vote = await request.post(`${BASE}/api/coupons/${GB.id}/feedback`, {
    data: { worked: true },
    headers: { 'Accept-Language': 'de', Origin: BASE },
  });
  expect(vote.status()).toBe(200);
});
