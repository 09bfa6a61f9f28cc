/**
 * The cycle's purge (issue 42): the Cache-Tag values of what changed since the last deploy
 * (src/edge/tags.ts names them), or everything when more changed than one purge may name, and
 * the requests that empty them: Cloudflare's purge by tag for a deployed site, the local edge's
 * purge endpoint (src/edge/edge-cache.ts) for `--local`.
 *
 * Cloudflare's limits for a purge by tag on the free plan (developers.cloudflare.com/cache/how-to/
 * purge-cache, 2026): 100 tags a request, 5 requests a minute with a bucket of 25. A cycle sends
 * at most `MAX_REQUESTS` requests (within the bucket, and refilled within the hour to the next
 * cycle), so it names at most `MAX_TAGS` tags; beyond that it purges everything, saying why.
 */
import { brandTag, categoryTag, dataFileTag, dataListing, listingTag } from '../../../src/edge/tags.ts';
import { changedKeys, type DeployManifest } from './manifest.ts';

export const TAGS_PER_REQUEST = 100;
export const MAX_REQUESTS = 5;
export const MAX_TAGS = TAGS_PER_REQUEST * MAX_REQUESTS;
/** More changed /data files of one listing than this: its listing tag instead of one tag each. */
export const FILES_PER_LISTING = 20;

export type PurgePlan = { everything: false; tags: string[] } | { everything: true; why: string };

/** What to purge after deploying `after` over `before` (null: nothing deployed before). */
export function purgePlan(before: DeployManifest | null, after: DeployManifest): PurgePlan {
  if (!before) return { everything: true, why: 'first deploy: no manifest of the last one' };
  if (before.worker !== after.worker) {
    const server = (m: DeployManifest) =>
      Object.fromEntries(Object.entries(m.files).filter(([p]) => p.startsWith('server/')));
    const files = changedKeys(server(before), server(after));
    return {
      everything: true,
      why: `the Worker changed (${files.slice(0, 3).join(', ')}${files.length > 3 ? ', …' : ''}): every page it renders may differ`,
    };
  }
  const tags = new Set<string>();
  for (const slug of changedKeys(before.brands, after.brands)) tags.add(brandTag(slug));
  for (const slug of changedKeys(before.categories, after.categories)) tags.add(categoryTag(slug));
  const byListing = new Map<string, string[]>();
  for (const path of changedKeys(before.data, after.data)) {
    const listing = dataListing(path);
    byListing.set(listing, [...(byListing.get(listing) ?? []), path]);
  }
  for (const [listing, paths] of byListing) {
    if (paths.length > FILES_PER_LISTING) tags.add(listingTag(listing));
    else for (const p of paths) tags.add(dataFileTag(p));
  }
  if (tags.size > MAX_TAGS)
    return {
      everything: true,
      why: `${tags.size} tags changed, more than the ${MAX_TAGS} one cycle may name (${MAX_REQUESTS} requests of ${TAGS_PER_REQUEST})`,
    };
  return { everything: false, tags: [...tags].sort(sortTags) };
}

/** brand-… first, then category-…, listing-…, data-… (the order the purge line shows them). */
function sortTags(a: string, b: string): number {
  const rank = (t: string) => ['brand-', 'category-', 'listing-', 'data-'].findIndex((p) => t.startsWith(p));
  return rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** The purge line: `purge: <n> tags: a, b, …` or `purge: everything (<why>)`. */
export function purgeLine(plan: PurgePlan, shown = 12): string {
  if (plan.everything) return `purge: everything (${plan.why})`;
  if (plan.tags.length === 0) return 'purge: 0 tags (nothing changed)';
  const more = plan.tags.length > shown ? `, … ${plan.tags.length - shown} more` : '';
  return `purge: ${plan.tags.length} tags: ${plan.tags.slice(0, shown).join(', ')}${more}`;
}

/** The request bodies of a plan: batches of at most 100 tags, or one purge of everything. */
export function purgeBodies(plan: PurgePlan): string[] {
  if (plan.everything) return [JSON.stringify({ purge_everything: true })];
  const out: string[] = [];
  for (let i = 0; i < plan.tags.length; i += TAGS_PER_REQUEST)
    out.push(JSON.stringify({ tags: plan.tags.slice(i, i + TAGS_PER_REQUEST) }));
  return out;
}

type Fetch = typeof fetch;

/**
 * Cloudflare's purge: one request per batch, at most `MAX_REQUESTS` (the plan never makes more);
 * a 429 waits its Retry-After (at most a minute, the free plan's refill of 5) and tries once more.
 */
export async function purgeCloudflare(
  plan: PurgePlan,
  zone: string,
  token: string,
  io: { fetch?: Fetch; sleep?: (ms: number) => Promise<void>; log: (l: string) => void },
): Promise<boolean> {
  const doFetch = io.fetch ?? fetch;
  const sleep = io.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  const url = `https://api.cloudflare.com/client/v4/zones/${encodeURIComponent(zone)}/purge_cache`;
  for (const body of purgeBodies(plan)) {
    const send = () =>
      doFetch(url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body,
      });
    let res = await send();
    if (res.status === 429) {
      const wait = Math.min(60, Number(res.headers.get('Retry-After')) || 60);
      io.log(`  purge: rate limited by Cloudflare; waiting ${wait} s`);
      await sleep(wait * 1000);
      res = await send();
    }
    if (!res.ok) {
      io.log(`✗ purge failed: HTTP ${res.status} ${(await res.text()).slice(0, 300)}`);
      return false;
    }
  }
  return true;
}

/** The local edge's purge (src/edge/edge-cache.ts) at `url`, with its token. */
export async function purgeLocal(plan: PurgePlan, url: string, token: string): Promise<void> {
  const bodies = plan.everything ? [JSON.stringify({ everything: true })] : purgeBodies(plan);
  if (!plan.everything && plan.tags.length === 0) return;
  for (const body of bodies) {
    const res = await fetch(new URL('/_edge/purge', url), {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body,
    });
    if (!res.ok) throw new Error(`local purge at ${url}: HTTP ${res.status} ${await res.text()}`);
  }
}
