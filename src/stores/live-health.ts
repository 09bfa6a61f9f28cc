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
 * - The request code (./live-health-request.ts) is loaded with a dynamic `import()` on the first
 *   call, only where live health runs: no page fetches it before input (issue 43 point 2).
 */
import { atom } from 'nanostores';
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
let request: Promise<typeof import('./live-health-request.ts')> | undefined;
const requestCode = () => {
  request ??= import('./live-health-request.ts');
  return request;
};

/** Forgets what this page view asked (tests); resolves once the request code forgot it too. */
export async function resetLiveHealthForTests(): Promise<void> {
  $liveHealth.set(new Map());
  (await requestCode()).resetRequests();
}

/**
 * Asks for the counted health of these coupons (once per id per page view, batched); the first
 * call asks for every coupon card of the page as well.
 */
export function requestHealth(ids: readonly number[]): void {
  if (!enabled() || typeof window === 'undefined') return;
  void requestCode().then((code) => code.askHealth(ids));
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
