/**
 * Live code health on pre-rendered pages (issue 40 part 1, docs/code-health.md "Live health"):
 * once the page's islands have run, ONE batched request per page, `GET /api/health?ids=…`, for
 * every coupon the page's grids show (cached at the edge for 30 s); its counted health then
 * replaces the build's in the cards, which apply the verdict (src/catalog/health.ts `isOffered`).
 *
 * - Only where an API receives the answers: an edge site (its Worker) or API mode.
 * - Nothing before the first paint: grids ask after they hydrate.
 * - One request per page BY CONSTRUCTION: the first call also collects the id of every coupon card
 *   the page's HTML shows (`[data-coupon-id]`: every grid's pre-rendered cards, hydrated or not),
 *   so that request asks for all of them; a grid hydrating later asks for ids already asked and
 *   shares that answer (the $liveHealth store), whenever it hydrates. Only ids no card of the
 *   first paint showed (a next page of results) make one more request; an id is never asked twice
 *   per page view. Calls of the same moment (BATCH_MS) still leave together. More than
 *   MAX_HEALTH_IDS ids (the API's limit) leave in parts.
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
/** Ids one `GET /api/health` may name (src/server/live-health.ts parseHealthIds). */
export const MAX_HEALTH_IDS = 200;

const enabled = () => !siteRuntime.staticData || siteRuntime.edgeApi;
const asked = new Set<number>();
let pending: number[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let scanned = false;

/** The ids of the coupon cards in the page (every grid's pre-rendered cards, hydrated or not). */
function idsOnPage(): number[] {
  if (typeof document === 'undefined') return [];
  const out: number[] = [];
  for (const el of document.querySelectorAll('[data-coupon-id]')) {
    const id = Number(el.getAttribute('data-coupon-id'));
    if (Number.isSafeInteger(id) && id >= 0) out.push(id);
  }
  return out;
}

/** Forgets what this page view asked (tests). */
export function resetLiveHealthForTests(): void {
  asked.clear();
  pending = [];
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  scanned = false;
  $liveHealth.set(new Map());
}

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

async function ask(ids: readonly number[]): Promise<void> {
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

async function flush(): Promise<void> {
  timer = undefined;
  const ids = pending;
  pending = [];
  const parts: number[][] = [];
  for (let i = 0; i < ids.length; i += MAX_HEALTH_IDS) parts.push(ids.slice(i, i + MAX_HEALTH_IDS));
  await Promise.all(parts.map(ask));
}

/**
 * Asks for the counted health of these coupons (once per id per page view, batched); the first
 * call asks for every coupon card of the page as well.
 */
export function requestHealth(ids: readonly number[]): void {
  if (!enabled() || typeof window === 'undefined') return;
  const wanted = scanned ? ids : [...idsOnPage(), ...ids];
  scanned = true;
  for (const id of wanted) {
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
