/**
 * Counted code health on an edge site's Worker (issue 40, docs/code-health.md "Live health"):
 * the D1 storage the API writes feedback to, read back for the pages the Worker renders on
 * demand (merged into the brand's coupons before render, with the verdict) and for
 * `GET /api/health?ids=…` (src/server/health-api.ts).
 */
import { env } from 'cloudflare:workers';
import type { LocalizedCatalog } from '../catalog/schemas.ts';
import { site } from '../config/site.ts';
import { d1Storage } from '../server/d1.ts';
import { healthOfIds, withVerdict } from '../server/live-health.ts';
import { ensureSchema } from '../server/records.ts';
import type { SqlStorage } from '../server/storage.ts';

/** An on-demand page with live health is kept at the edge at most this long (answers show within a minute). */
export const HEALTH_PAGE_MAX_AGE_S = 60;

let ready: Promise<void> | undefined;

/** The Worker's D1 as `SqlStorage`, its tables created once per isolate. */
export async function edgeSql(): Promise<SqlStorage> {
  const sql = d1Storage(env.DB);
  ready ??= ensureSchema(sql).catch((error) => {
    ready = undefined;
    throw error;
  });
  await ready;
  return sql;
}

/**
 * The shard with the counted health of one brand's coupons merged in at `now` and the verdict
 * applied (a code no longer offered loses its code), so the page shows and ranks by it.
 */
export async function shardWithHealth(shard: LocalizedCatalog, brandId: number, now: Date): Promise<LocalizedCatalog> {
  const own = shard.coupons.filter((c) => c.brandId === brandId).map((c) => c.id);
  if (own.length === 0) return shard;
  const rows = await healthOfIds(await edgeSql(), now.getTime(), own);
  return {
    ...shard,
    coupons: shard.coupons.map((c) =>
      c.brandId === brandId ? withVerdict(c, rows.get(c.id), now.getTime(), site.health) : c,
    ),
  };
}

/**
 * `GET /api/health?ids=…` through the edge cache (the Cache API's default cache, keyed by the
 * full URL): an answer the Worker made is kept for its `s-maxage`, so a page's one batched read
 * costs a D1 query at most once per 30 s per id list and edge location. Other requests pass.
 */
export async function edgeCached(request: Request, answer: () => Promise<Response | null>): Promise<Response | null> {
  const path = new URL(request.url).pathname.replace(/\/$/, '');
  const cache = typeof caches === 'undefined' ? undefined : (caches as unknown as { default?: Cache }).default;
  if (request.method !== 'GET' || path !== '/api/health' || !cache) return answer();
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await answer();
  if (response?.ok) await cache.put(request, response.clone());
  return response;
}
