/**
 * The console on an edge site's Worker (issue 40 parts 4-5): the /api/admin/ API
 * (src/server/admin-routes.ts) over D1 and the catalog shards, and the operator's overrides
 * stored in D1 APPLIED AT REQUEST TIME to what the Worker renders (brand pages, feeds,
 * `GET /api/coupons/{id}`) with `applyOverrides` (src/catalog/overrides.ts).
 *
 * The overrides' version is read from D1 at most every OVERRIDES_TTL_MS per isolate (and at once
 * after a change this isolate made); the edge cache keys what it keeps by it
 * (./edge-cache.ts), so a change shows at once on every on-demand page.
 */
import { env } from 'cloudflare:workers';
import { type CatalogLanguage, resolveText } from '../catalog/localized.ts';
import { applyOverrides, type Overrides } from '../catalog/overrides.ts';
import type { LocalizedCatalog } from '../catalog/schemas.ts';
import { site } from '../config/site.ts';
import { answerAdminApi, type CouponFacts, type OfferHit } from '../server/admin-routes.ts';
import { ensureAdminSchema, overridesVersion, readOverrides } from '../server/admin-store.ts';
import { d1Storage } from '../server/d1.ts';
import { createWriteGuard } from '../server/limiter.ts';
import { ensureSchema } from '../server/records.ts';
import type { SqlStorage } from '../server/storage.ts';
import { edgeAsset, edgeIndex, edgeNow, edgeShard } from './runtime.ts';
import { EDGE_IMPORT_REPORT } from './shards.ts';

/** How long an isolate trusts its copy of the overrides' version. */
export const OVERRIDES_TTL_MS = 2000;
/** A title search reads at most this many shards per request (about 200 brands each). */
export const SEARCH_MAX_SHARDS = 32;

let ready: Promise<void> | undefined;

async function adminSql(): Promise<SqlStorage> {
  const sql = d1Storage(env.DB);
  ready ??= (async () => {
    await ensureSchema(sql);
    await ensureAdminSchema(sql);
  })().catch((error) => {
    ready = undefined;
    throw error;
  });
  await ready;
  return sql;
}

let kept: { version: number; overrides: Overrides; readAt: number } | undefined;

/** The overrides in D1 (version 0: none), read again when the version moved. */
export async function edgeOverrides(): Promise<{ version: number; overrides: Overrides }> {
  const t = Date.now();
  if (kept && t - kept.readAt < OVERRIDES_TTL_MS) return kept;
  const sql = await adminSql();
  const version = await overridesVersion(sql);
  if (kept && kept.version === version) {
    kept = { ...kept, readAt: t };
    return kept;
  }
  const read = await readOverrides(sql);
  kept = { ...read, readAt: t };
  return kept;
}

const applied = new WeakMap<LocalizedCatalog, { version: number; pinsEnded: number; catalog: LocalizedCatalog }>();

/** The shard with the operator's overrides applied (the same object when there are none). */
export async function withOverrides(shard: LocalizedCatalog, now: Date): Promise<LocalizedCatalog> {
  const { version, overrides } = await edgeOverrides();
  if (version === 0) return shard;
  // Pins end with time: a copy is reused within one version while no further pin has ended.
  const t = now.getTime();
  const pinsEnded = overrides.offers.filter((o) => o.pinnedUntil && Date.parse(o.pinnedUntil) <= t).length;
  const hit = applied.get(shard);
  if (hit && hit.version === version && hit.pinsEnded === pinsEnded) return hit.catalog;
  const catalog = applyOverrides(shard, overrides, now, site.site.defaultLanguage as CatalogLanguage);
  applied.set(shard, { version, pinsEnded, catalog });
  return catalog;
}

/** The part of the edge cache key that changes with the overrides ("" before the first change). */
export async function overridesCacheKey(): Promise<string> {
  const { version } = await edgeOverrides();
  return version === 0 ? '' : String(version);
}

const def = () => site.site.defaultLanguage as CatalogLanguage;
const text = (v: Parameters<typeof resolveText>[0], neutral = false) => resolveText(v, def(), def(), neutral);

async function couponFacts(id: number, base: URL): Promise<CouponFacts | null> {
  const idx = await edgeIndex(base);
  const n = idx.couponShard.get(id);
  if (n === undefined) return null;
  const c = (await edgeShard(n, idx.raw, base)).coupons.find((x) => x.id === id);
  if (!c) return null;
  return { id, brand: text(c.brand?.name, true), brandId: c.brandId, name: text(c.name), code: c.code ?? '' };
}

async function searchOffers(q: string, limit: number, base: URL): Promise<Omit<OfferHit, 'hidden' | 'pinnedUntil'>[]> {
  const idx = await edgeIndex(base);
  const needle = q.toLowerCase();
  const asId = /^\d+$/.test(q) ? Number(q) : null;
  const out: Omit<OfferHit, 'hidden' | 'pinnedUntil'>[] = [];
  // The shards of brands whose slug matches first, then the others in order, at most SEARCH_MAX_SHARDS.
  const slugHits = idx.raw.brands.filter(([slug, id]) => slug.includes(needle.replace(/\s+/g, '-')) || id === asId);
  const order = [
    ...new Set([
      ...slugHits.map((b) => b[2]),
      ...(asId !== null && idx.couponShard.has(asId) ? [idx.couponShard.get(asId)!] : []),
      ...idx.raw.shards.keys(),
    ]),
  ];
  for (const n of order.slice(0, SEARCH_MAX_SHARDS)) {
    const shard = await edgeShard(n, idx.raw, base);
    const brandName = (b: { name: Parameters<typeof resolveText>[0] } | null) => (b ? text(b.name, true) : '');
    const matches = (title: string, brand: string, id: number, brandId: number | null) =>
      id === asId || brandId === asId || title.toLowerCase().includes(needle) || brand.toLowerCase().includes(needle);
    for (const c of shard.coupons) {
      const title = text(c.name);
      const brand = brandName(c.brand);
      if (matches(title, brand, c.id, c.brandId))
        out.push({ kind: 'coupon', id: c.id, title, brand, brandId: c.brandId });
    }
    for (const d of shard.deals) {
      const title = text(d.title);
      const brand = brandName(d.brand);
      if (matches(title, brand, d.id, d.brandId))
        out.push({ kind: 'deal', id: d.id, title, brand, brandId: d.brandId });
    }
    if (out.length >= limit) break;
  }
  return out.slice(0, limit);
}

/** The reply to /api/admin/… (but /api/admin/health), or null for any other path. */
export async function answerEdgeAdmin(request: Request): Promise<Response | null> {
  const url = new URL(request.url);
  if (!url.pathname.startsWith('/api/admin')) return null;
  return answerAdminApi(request, {
    sql: adminSql,
    now: () => edgeNow().getTime(),
    guard: createWriteGuard(d1Storage(env.DB), { limits: site.limits, dailyWrites: site.deploy.d1?.dailyWrites }),
    address: request.headers.get('CF-Connecting-IP') ?? 'unknown',
    passwordHash: env.ADMIN_PASSWORD_HASH,
    sessionSecret: env.ADMIN_SESSION_SECRET,
    adminToken: env.EDGE_ADMIN_TOKEN,
    coupon: (id) => couponFacts(id, url),
    search: (q, limit) => searchOffers(q, limit, url),
    importReport: async () => {
      try {
        return await edgeAsset<unknown>(EDGE_IMPORT_REPORT, url);
      } catch {
        return null;
      }
    },
    changed: () => {
      kept = undefined;
    },
  });
}
