/**
 * The Worker's edge cache (issue 42): what it renders on demand (long-tail brand pages and feeds,
 * /data answers) is kept in the data center's cache (the Cache API, `caches.default`) for its
 * `s-maxage`, with its `Cache-Tag` values, and answered from there until it expires or its tags
 * are purged. Responses a Worker makes are not cached by Cloudflare's CDN on their own; entries
 * put through the Cache API are, and a zone's purge by tag (the cycle's purge, scripts/lib/cycle/)
 * empties them by their Cache-Tag.
 *
 * Locally (workerd through `npm run edge`) there is no zone to purge: with EDGE_PURGE_TOKEN set,
 * the Worker takes `POST /_edge/purge` (Bearer token; body {"tags": [...]} or {"everything": true})
 * and stamps each tag with the time of the purge, kept in the same cache; an entry stored before
 * a stamp of one of its tags is a miss. Without the token (a deployed site) there is no such
 * endpoint and no stamp is read.
 */
import { env } from 'cloudflare:workers';
import { parseCacheTag } from './tags.ts';

export const PURGE_PATH = '/_edge/purge';
/** Where the local purge stamps are kept in the cache (never a URL anyone can ask for). */
const STAMPS = 'https://edge-purge.invalid/tag/';
/** The stamp that purges everything. */
const EVERYTHING = '*';
const STORED_AT = 'X-Edge-Stored-At';
/** HIT or MISS: whether the answer came from the edge cache (what the cycle's test looks at). */
export const CACHE_STATUS = 'X-Edge-Cache';

const edgeCache = () => (globalThis.caches as unknown as { default: Cache }).default;
const purgeToken = () => {
  const token = (env as { EDGE_PURGE_TOKEN?: string }).EDGE_PURGE_TOKEN;
  return token && token.length >= 16 ? token : undefined;
};

async function stampOf(cache: Cache, tag: string): Promise<number> {
  const hit = await cache.match(`${STAMPS}${encodeURIComponent(tag)}`);
  return hit ? Number(await hit.text()) || 0 : 0;
}

/** Whether a local purge emptied this entry: a stamp of one of its tags (or of everything) at or after it was stored. */
async function purged(cache: Cache, entry: Response): Promise<boolean> {
  if (!purgeToken()) return false;
  const storedAt = Number(entry.headers.get(STORED_AT)) || 0;
  for (const tag of [EVERYTHING, ...parseCacheTag(entry.headers.get('Cache-Tag'))])
    if ((await stampOf(cache, tag)) >= storedAt) return true;
  return false;
}

/** `POST /_edge/purge` of a local edge (EDGE_PURGE_TOKEN set); null for any other request. */
export async function localPurge(request: Request): Promise<Response | null> {
  const url = new URL(request.url);
  const token = purgeToken();
  if (!token || url.pathname !== PURGE_PATH) return null;
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
    });
  if (request.method !== 'POST') return json(405, { error: 'POST only' });
  if (request.headers.get('Authorization') !== `Bearer ${token}`) return json(401, { error: 'bad token' });
  let body: { tags?: unknown; everything?: unknown };
  try {
    body = (await request.json()) as typeof body;
  } catch {
    return json(400, { error: 'body: expected JSON {"tags": [...]} or {"everything": true}' });
  }
  const tags = body.everything === true ? [EVERYTHING] : body.tags;
  if (
    !Array.isArray(tags) ||
    tags.length === 0 ||
    !tags.every((t) => typeof t === 'string' && /^[\x21-\x7e]{1,1024}$/.test(t))
  )
    return json(400, { error: 'tags: expected a list of Cache-Tag values' });
  const cache = edgeCache();
  // A stamp one millisecond ahead, so an entry stored in this very millisecond is purged too.
  const at = String(Date.now() + 1);
  for (const tag of tags)
    await cache.put(
      `${STAMPS}${encodeURIComponent(tag)}`,
      new Response(at, { headers: { 'Cache-Control': 'public, max-age=31536000' } }),
    );
  return json(200, { purged: tags.length });
}

/** The cache key of a URL: with the overrides' version once there is one. */
async function keyWithOverrides(url: string): Promise<string> {
  const { overridesCacheKey } = await import('./admin.ts');
  const version = await overridesCacheKey();
  if (version === '') return url;
  const keyed = new URL(url);
  keyed.searchParams.set('__overrides', version);
  return keyed.href;
}

/** Whether an answer may be kept at the edge: a 200 with an s-maxage. */
const cacheable = (res: Response) =>
  res.status === 200 && /\bs-maxage=[1-9]/.test(res.headers.get('Cache-Control') ?? '');

/**
 * A GET answered from the edge cache when it holds it (and no purge emptied it since), else
 * rendered, and kept when cacheable.
 */
export async function answerFromEdgeCache(request: Request, render: () => Promise<Response>): Promise<Response> {
  if (request.method !== 'GET' || new URL(request.url).pathname.startsWith('/api/')) return render();
  const cache = edgeCache();
  // Keyed by the operator's overrides too (issue 40, ./admin.ts): a console change shows at once.
  const key = await keyWithOverrides(request.url);
  const hit = await cache.match(key);
  if (hit && !(await purged(cache, hit))) {
    const res = new Response(hit.body, hit);
    res.headers.set(CACHE_STATUS, 'HIT');
    return res;
  }
  const res = await render();
  if (!cacheable(res)) return res;
  const stored = new Response(res.body, res);
  stored.headers.set(STORED_AT, String(Date.now()));
  stored.headers.set(CACHE_STATUS, 'MISS');
  await cache.put(key, stored.clone());
  return stored;
}
