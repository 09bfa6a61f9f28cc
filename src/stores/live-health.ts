/**
 * Live code health on pre-rendered pages (issue 40 part 1, docs/code-health.md "Live health"):
 * once the page's islands have run, ONE batched request per page, `GET /api/health?ids=…`, for
 * every coupon the page's grids show (cached at the edge for 30 s); its counted health then
 * replaces the build's in the cards, which apply the verdict (src/catalog/health.ts `isOffered`).
 *
 * - Only where an API receives the answers: an edge site (its Worker) or API mode.
 * - Nothing before the first paint: grids ask after they hydrate, and the ids they ask for in the
 *   same moment (BATCH_MS) leave in one request. Ids asked later (a next page of results) make
 *   one more request then; an id is never asked twice per page view.
 * - A failure is only logged: the build's figures stay.
 */
import { atom } from 'nanostores';
import { resolveApiBaseUrl } from '../api/base-url.ts';
import { siteRuntime } from '../config/site-runtime.ts';

export type LiveHealth = {
  votes: { worked: number; failed: number };
  lastWorkedAt: string | null;
  lastFailedAt: string | null;
};

/** Counted health by coupon id, as the last request answered (ids nobody answered for: `null`). */
export const $liveHealth = atom<ReadonlyMap<number, LiveHealth | null>>(new Map());

/** Ids asked for within this time after the first leave together. */
export const BATCH_MS = 50;

const enabled = () => !siteRuntime.staticData || siteRuntime.edgeApi;
const asked = new Set<number>();
let pending: number[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

function healthUrl(ids: readonly number[]): string {
  const base = resolveApiBaseUrl({
    override: import.meta.env.PUBLIC_API_BASE_URL,
    hostname: typeof location === 'undefined' || siteRuntime.edgeApi ? undefined : location.hostname,
    configBaseUrl: siteRuntime.apiBaseUrl,
  });
  return `${base}/api/health?ids=${[...ids].sort((a, b) => a - b).join(',')}`;
}

function readRow(value: unknown): LiveHealth | null {
  if (value === null || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const votes = v.votes as Record<string, unknown> | null | undefined;
  const whole = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n >= 0;
  if (!votes || !whole(votes.worked) || !whole(votes.failed)) return null;
  const date = (d: unknown) => (typeof d === 'string' && !Number.isNaN(Date.parse(d)) ? d : null);
  return {
    votes: { worked: votes.worked as number, failed: votes.failed as number },
    lastWorkedAt: date(v.lastWorkedAt),
    lastFailedAt: date(v.lastFailedAt),
  };
}

async function flush(): Promise<void> {
  timer = undefined;
  const ids = pending;
  pending = [];
  if (ids.length === 0) return;
  try {
    const res = await fetch(healthUrl(ids), { headers: { Accept: 'application/json' }, credentials: 'omit' });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const body = (await res.json()) as { data?: Record<string, unknown> };
    const next = new Map($liveHealth.get());
    for (const id of ids) next.set(id, readRow(body.data?.[String(id)]));
    $liveHealth.set(next);
  } catch (error) {
    console.warn('[health] live code health not read:', error);
  }
}

/** Asks for the counted health of these coupons (once per id per page view, batched). */
export function requestHealth(ids: readonly number[]): void {
  if (!enabled() || typeof window === 'undefined') return;
  for (const id of ids) {
    if (asked.has(id)) continue;
    asked.add(id);
    pending.push(id);
  }
  if (pending.length > 0 && timer === undefined) timer = setTimeout(() => void flush(), BATCH_MS);
}

/**
 * The coupons with the live counted health in place of the build's: an id the request answered
 * gets its votes and dates; an id nobody answered for keeps what the build had.
 */
export function withLiveHealth<
  C extends { id: number; votes?: unknown; lastWorkedAt?: unknown; lastFailedAt?: unknown },
>(coupons: readonly C[], live: ReadonlyMap<number, LiveHealth | null>): C[] {
  if (live.size === 0) return coupons as C[];
  return coupons.map((c) => {
    const row = live.get(c.id);
    return row ? { ...c, votes: row.votes, lastWorkedAt: row.lastWorkedAt, lastFailedAt: row.lastFailedAt } : c;
  });
}
