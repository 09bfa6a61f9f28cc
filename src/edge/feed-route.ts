/**
 * A brand's RSS feed rendered on demand by an edge site's Worker (issue 32), for every brand
 * whose feed the build did not pre-render; same builder as the pre-rendered feed
 * (src/feeds/feed-route.ts). Unknown slug or language: the localized 404 page.
 */
import type { APIRoute } from 'astro';
import { feedResponse } from '../feeds/feed-route.ts';
import { withOverrides } from './admin.ts';
import { edgeCacheHeaders } from './cache.ts';
import { HEALTH_PAGE_MAX_AGE_S, shardWithHealth } from './health.ts';
import { edgeNow, findBrand, notFound, pageLanguage, shardSource } from './runtime.ts';
import { brandPageTags } from './tags.ts';

export const prerender = false;

export const GET: APIRoute = async ({ params, url, site: astroSite }) => {
  const lang = pageLanguage(params.lang);
  const found = lang === null ? null : await findBrand(String(params.slug ?? ''), url);
  if (lang === null || !found || found.moved) return notFound(params.lang, url);
  const now = edgeNow();
  // The operator's overrides from D1 (issue 40); a blocked brand has no feed.
  const ruled = await withOverrides(found.shard, now);
  if (!ruled.brands.some((b) => b.id === found.id)) return notFound(params.lang, url);
  // Counted health from D1 (issue 40): a code no longer offered leaves the feed.
  const source = shardSource(await shardWithHealth(ruled, found.id, now), lang, now, found.id);
  const res = await feedResponse('brand', lang, found.id, source, now, astroSite);
  const coupons = await source.brands.coupons(found.id);
  const deals = await source.brands.deals(found.id);
  const ends = [...coupons.items, ...deals.items].map((o) => o.expiresAt);
  const tags = await brandPageTags(source, found.id);
  for (const [name, value] of Object.entries(
    edgeCacheHeaders(found.version, ends, now.getTime(), tags, HEALTH_PAGE_MAX_AGE_S),
  ))
    res.headers.set(name, value);
  return res;
};
