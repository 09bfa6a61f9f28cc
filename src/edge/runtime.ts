/**
 * What an edge site's Worker reads at request time (issue 32): the catalog index and shards from
 * its static assets (the ASSETS binding of `cloudflare:workers`, never bundled into the Worker),
 * kept in the isolate's memory while it lives, and a catalog source over one shard in a page
 * language, live at the request's clock.
 */
import { env } from 'cloudflare:workers';
import { liveCatalog } from '../catalog/live-catalog.ts';
import { localizeCatalog } from '../catalog/localize-catalog.ts';
import type { CatalogLanguage } from '../catalog/localized.ts';
import { marketCatalog } from '../catalog/markets.ts';
import type { LocalizedCatalog } from '../catalog/schemas.ts';
import type { CatalogSource } from '../catalog/source.ts';
import { site } from '../config/site.ts';
import { createMemorySource } from '../sources/memory.ts';
import {
  EDGE_COMMON,
  EDGE_DIR,
  EDGE_HEADERS,
  EDGE_INDEX,
  type EdgeIndex,
  joinShard,
  type ShardCommon,
  type ShardOwn,
} from './shards.ts';

/** Shards kept in memory per isolate (each a few hundred KB). */
const KEPT_SHARDS = 16;

type IndexData = { raw: EdgeIndex; bySlug: Map<string, [number, number]>; couponShard: Map<number, number> };

/*
 * What an isolate keeps is shared between requests only once read: in workerd a request may not
 * wait on a read another request started ("Cannot perform I/O on behalf of a different request",
 * measured under load at 100,000 brands), so requests that miss at once each read the asset.
 */
let index: IndexData | undefined;
const shards = new Map<string, LocalizedCatalog>();
let common: ShardCommon | undefined;

/** A file under /_edge/ from the site's static assets, as text. */
export async function edgeText(file: string, base: URL): Promise<string> {
  const res = await env.ASSETS.fetch(new URL(`/${EDGE_DIR}/${file}`, base));
  if (!res.ok) throw new Error(`Edge data /${EDGE_DIR}/${file}: HTTP ${res.status}`);
  return res.text();
}

/** A JSON file under /_edge/ from the site's static assets. */
export async function edgeAsset<T>(file: string, base: URL): Promise<T> {
  return JSON.parse(await edgeText(file, base)) as T;
}

/** The request's clock: EDGE_NOW when set (tests), else now. */
export function edgeNow(): Date {
  return env.EDGE_NOW ? new Date(env.EDGE_NOW) : new Date();
}

export async function edgeIndex(base: URL): Promise<IndexData> {
  if (index) return index;
  const raw = await edgeAsset<EdgeIndex>(EDGE_INDEX, base);
  index ??= {
    raw,
    bySlug: new Map(raw.brands.map(([slug, id, shard]) => [slug, [id, shard]])),
    couponShard: new Map(raw.coupons),
  };
  return index;
}

export async function edgeShard(number: number, raw: EdgeIndex, base: URL): Promise<LocalizedCatalog> {
  const name = raw.shards[number]!;
  const kept = shards.get(name);
  if (kept) return kept;
  // A shard's file holds its brands and offers; what all shards share is read once (issue 42).
  const [own, shared] = await Promise.all([
    edgeAsset<ShardOwn>(name, base),
    common ?? edgeAsset<ShardCommon>(EDGE_COMMON, base),
  ]);
  common = shared;
  const shard = joinShard(shared, own);
  if (!shards.has(name)) {
    if (shards.size >= KEPT_SHARDS) shards.delete(shards.keys().next().value!);
    shards.set(name, shard);
  }
  return shard;
}

/**
 * A memory source over one shard, in `lang`, live at `now`, paged as the site pages. With
 * `brandId` (a brand page or feed), only that brand's offers are localized and indexed: the page
 * shows no other offer, and the shard's other brands (related brands) keep their live counts,
 * which are fields of each brand. A 200-brand shard holds about 2,000 offers: localizing and
 * indexing them all took most of a long-tail render (issue 32's profile, docs/operators.md).
 */
export function shardSource(
  shard: LocalizedCatalog,
  lang: string,
  now: Date,
  brandId?: number,
  /** Issue 39: false for a lookup by id that is no language's listing (a vote on a coupon). */
  inMarketOnly = true,
): CatalogSource {
  const live = liveCatalog(shard, now).catalog;
  const own = <T extends { brandId: number | null }>(offers: T[]) => offers.filter((o) => o.brandId === brandId);
  const scoped = brandId === undefined ? live : { ...live, coupons: own(live.coupons), deals: own(live.deals) };
  const { catalog } = localizeCatalog(inMarketOnly ? marketCatalog(scoped, lang, site.markets) : scoped, {
    lang: lang as CatalogLanguage,
    defaultLang: site.site.defaultLanguage as CatalogLanguage,
  });
  return createMemorySource(catalog, { now, pageSize: site.features.pagination.itemsPerPage });
}

/** The brand of a slug or an id ("/brands/123" forwards), its shard; null when the catalog has none. */
export async function findBrand(slugOrId: string, base: URL) {
  const idx = await edgeIndex(base);
  let hit = idx.bySlug.get(slugOrId);
  let moved = false;
  if (!hit && /^\d+$/.test(slugOrId)) {
    const id = Number(slugOrId);
    const entry = idx.raw.brands.find((b) => b[1] === id);
    if (entry) {
      hit = [entry[1], entry[2]];
      moved = true;
    }
  }
  if (!hit) return null;
  return { id: hit[0], moved, shard: await edgeShard(hit[1], idx.raw, base), version: idx.raw.version };
}

/** The site's localized 404 page (pre-rendered) with status 404. */
export async function notFound(lang: string | undefined, base: URL): Promise<Response> {
  const def = site.site.defaultLanguage;
  const known = lang !== undefined && site.site.supportedLanguages.includes(lang) && lang !== def;
  const page = await env.ASSETS.fetch(new URL(known ? `/${lang}/404.html` : '/404.html', base));
  return new Response(page.body, {
    status: 404,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/** The page language of `[...lang]`: undefined for the default language, null when not a site language. */
export function pageLanguage(param: string | undefined): string | null {
  const def = site.site.defaultLanguage;
  if (param === undefined) return def;
  return param !== def && site.site.supportedLanguages.includes(param) ? param : null;
}

let headers: Record<string, string> | undefined;

/** The site's CSP and security headers for the pages the Worker renders (empty when missing). */
export async function edgeHeaders(base: URL): Promise<Record<string, string>> {
  if (headers) return headers;
  try {
    headers = await edgeAsset<Record<string, string>>(EDGE_HEADERS, base);
    return headers;
  } catch {
    return {};
  }
}
