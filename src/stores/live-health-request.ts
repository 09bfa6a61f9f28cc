/**
 * The live-request half of live code health (src/stores/live-health.ts, issue 40): the batching,
 * the page scan and the `GET /api/health` itself. Loaded with a dynamic `import()` by
 * `requestHealth` only on sites with live health (an edge site or API mode), after the page's
 * islands have run, so that a static site's pages never fetch it and no page fetches it before
 * the first paint (issue 43 point 2: JavaScript before input).
 */
import { resolveApiBaseUrl } from '../api/base-url.ts';
import { siteRuntime } from '../config/site-runtime.ts';
import { $liveHealth, BATCH_MS, type LiveHealth, MAX_HEALTH_IDS } from './live-health.ts';

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
export function resetRequests(): void {
  asked.clear();
  pending = [];
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  scanned = false;
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

/** See `requestHealth` in ./live-health.ts (which checks that the site has live health). */
export function askHealth(ids: readonly number[]): void {
  const wanted = scanned ? ids : [...idsOnPage(), ...ids];
  scanned = true;
  for (const id of wanted) {
    if (asked.has(id)) continue;
    asked.add(id);
    pending.push(id);
  }
  if (pending.length > 0 && timer === undefined) timer = setTimeout(() => void flush(), BATCH_MS);
}
