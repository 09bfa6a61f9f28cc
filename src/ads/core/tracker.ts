/**
 * The local ad-performance tracker (SPEC §3 "Ad metrics", §9 "Decision engine"): per platform
 * impressions, clicks, lastClick and ctr, stored as JSON keyed by platform under `ad_metrics`,
 * each with a bounded history of hourly buckets so the dashboard's hourly / daily / weekly /
 * monthly ranges show real figures.
 *
 *   { "adsense": { "impressions": 12, "clicks": 1, "lastClick": 1767225600000, "ctr": 0.0833,
 *                  "hourly": [[490896, 10, 1], [490897, 2, 0]] } }
 *   hourly bucket = [hours since the epoch (UTC), impressions, clicks] or, once the hour saw ad
 *   requests, [hour, impressions, clicks, requests] (the dashboard's fill rate); only hours with activity.
 *
 * A corrupt, foreign or oversized stored value is reset (never thrown). Nothing is written
 * while `canPersist()` is false (no consent): figures are then kept in memory only.
 * No DOM: storage, clock and consent are injected.
 */
import type { PlatformMetrics } from './decision.ts';
import { isKnownPlatform, type KnownPlatform } from './platforms.ts';

export const AD_METRICS_KEY = 'ad_metrics';
const HOUR_MS = 3_600_000;
/** Hourly buckets older than this are pruned (31 days: the monthly range). */
export const HISTORY_HOURS = 31 * 24;
/** A stored value larger than this (characters) is reset; our own writes stay far below (31 days x 24 buckets x 6 platforms ≈ 70 KB at most). */
export const MAX_STORED_CHARS = 128 * 1024;
/** Sync stub period (SPEC §9). */
export const SYNC_INTERVAL_MS = 30_000;

export type HourBucket = [hour: number, impressions: number, clicks: number, requests?: number];
export interface PlatformRecord extends PlatformMetrics {
  hourly: HourBucket[];
}
export type MetricsState = Partial<Record<KnownPlatform, PlatformRecord>>;

export interface KeyValueStore {
  get(key: string): string | null;
  /** Returns false when the write was refused (no consent) or failed. */
  set(key: string, value: string): boolean;
  remove(key: string): void;
}

export type ParseResult = { state: MetricsState; problem: string | null };

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** Validates a stored value; anything wrong resets it to empty, with the reason. */
export function parseMetrics(raw: string | null): ParseResult {
  if (raw === null || raw === '') return { state: {}, problem: null };
  if (raw.length > MAX_STORED_CHARS) return { state: {}, problem: `oversized (${raw.length} characters)` };
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { state: {}, problem: 'not JSON' };
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return { state: {}, problem: 'not an object' };
  const state: MetricsState = {};
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (!isKnownPlatform(key)) return { state: {}, problem: `unknown platform "${key.slice(0, 40)}"` };
    const v = value as Record<string, unknown> | null;
    if (!v || typeof v !== 'object' || Array.isArray(v)) return { state: {}, problem: `${key} is not an object` };
    const { impressions, clicks, lastClick } = v;
    const hourly = v.hourly ?? [];
    if (!isCount(impressions) || !isCount(clicks)) {
      return { state: {}, problem: `${key} has invalid counts` };
    }
    if (lastClick !== null && lastClick !== undefined && !(typeof lastClick === 'number' && lastClick >= 0)) {
      return { state: {}, problem: `${key} has an invalid lastClick` };
    }
    if (
      !Array.isArray(hourly) ||
      !hourly.every((b) => Array.isArray(b) && (b.length === 3 || b.length === 4) && b.every(isCount))
    ) {
      return { state: {}, problem: `${key} has an invalid history` };
    }
    state[key] = {
      impressions,
      clicks,
      lastClick: typeof lastClick === 'number' ? lastClick : null,
      ctr: ctrOf(clicks, impressions),
      hourly: (hourly as HourBucket[]).map(bucket),
    };
  }
  return { state, problem: null };
}

export function ctrOf(clicks: number, impressions: number): number {
  return impressions > 0 ? clicks / impressions : 0;
}

/** A bucket in its stored form: the requests element only when there were requests. */
function bucket(b: HourBucket | number[]): HourBucket {
  const r = b[3] ?? 0;
  return r > 0 ? [b[0] ?? 0, b[1] ?? 0, b[2] ?? 0, r] : [b[0] ?? 0, b[1] ?? 0, b[2] ?? 0];
}

export const hourOf = (ms: number): number => Math.floor(ms / HOUR_MS);

/** Drops hourly buckets older than HISTORY_HOURS before `now`, sorts and merges the rest. */
export function pruneHistory(hourly: readonly HourBucket[], now: number): HourBucket[] {
  const oldest = hourOf(now) - HISTORY_HOURS + 1;
  const byHour = new Map<number, number[]>();
  for (const [h, i, c, r = 0] of hourly) {
    if (h < oldest || h > hourOf(now)) continue;
    const b = byHour.get(h);
    if (b) {
      b[1] = (b[1] ?? 0) + i;
      b[2] = (b[2] ?? 0) + c;
      b[3] = (b[3] ?? 0) + r;
    } else byHour.set(h, [h, i, c, r]);
  }
  return [...byHour.values()].map(bucket).sort((a, b) => a[0] - b[0]);
}

/** A request is a slot asking a platform for an ad (the fill rate's denominator). */
export type TrackedEvent = 'impression' | 'click' | 'request';

/** Pure: the state after one impression or click on `platform` at `now`. */
export function recordEvent(
  state: MetricsState,
  platform: KnownPlatform,
  kind: TrackedEvent,
  now: number,
): MetricsState {
  const prev = state[platform] ?? { impressions: 0, clicks: 0, lastClick: null, ctr: 0, hourly: [] };
  const impressions = prev.impressions + (kind === 'impression' ? 1 : 0);
  const clicks = prev.clicks + (kind === 'click' ? 1 : 0);
  const hourly = pruneHistory(
    [
      ...prev.hourly,
      [hourOf(now), kind === 'impression' ? 1 : 0, kind === 'click' ? 1 : 0, kind === 'request' ? 1 : 0],
    ],
    now,
  );
  return {
    ...state,
    [platform]: {
      impressions,
      clicks,
      lastClick: kind === 'click' ? now : prev.lastClick,
      ctr: ctrOf(clicks, impressions),
      hourly,
    },
  };
}

export interface HistoryPoint {
  /** Start of the bucket (ms). */
  start: number;
  impressions: number;
  clicks: number;
  /** Ad requests (fill rate = impressions / requests). */
  requests: number;
}

/**
 * Totals per bucket of `bucketHours` hours over the last `buckets` buckets ending with the
 * current one, optionally for one platform. Oldest first. For the dashboard's ranges, e.g.
 * hourly = (1, 24), daily = (24, 7), weekly = (168, 4), monthly = (24, 31).
 * Buckets are aligned to UTC hours; a day bucket is 24 hours back from the current hour.
 */
export function historySeries(
  state: MetricsState,
  opts: { now: number; bucketHours: number; buckets: number; platform?: KnownPlatform },
): HistoryPoint[] {
  const size = Math.max(1, Math.floor(opts.bucketHours));
  const count = Math.max(1, Math.floor(opts.buckets));
  const endHour = hourOf(opts.now) + 1; // exclusive
  const startHour = endHour - size * count;
  const points: HistoryPoint[] = Array.from({ length: count }, (_, i) => ({
    start: (startHour + i * size) * HOUR_MS,
    impressions: 0,
    clicks: 0,
    requests: 0,
  }));
  const platforms = opts.platform ? [opts.platform] : (Object.keys(state) as KnownPlatform[]);
  for (const p of platforms) {
    for (const [h, i, c, r = 0] of state[p]?.hourly ?? []) {
      if (h < startHour || h >= endHour) continue;
      const point = points[Math.floor((h - startHour) / size)] as HistoryPoint;
      point.impressions += i;
      point.clicks += c;
      point.requests += r;
    }
  }
  return points;
}

export interface TrackerOptions {
  storage: KeyValueStore;
  now?: () => number;
  /** True once the visitor has consented to ad storage. */
  canPersist: () => boolean;
  /** Told about a reset stored value (default console.warn). */
  warn?: (message: string) => void;
  onChange?: (state: MetricsState) => void;
}

export interface Tracker {
  /** Per-platform figures for the decision engine and the dashboard. */
  metrics(): Record<string, PlatformMetrics>;
  /** The full state including hourly history. */
  state(): MetricsState;
  record(platform: string, kind: TrackedEvent): void;
  history(opts: { bucketHours: number; buckets: number; platform?: KnownPlatform }): HistoryPoint[];
  /** True when no impression was ever recorded (the decision engine's new user). */
  isNewUser(): boolean;
  /** Writes the in-memory figures if consent allows (called when consent arrives). */
  persist(): void;
  /** Forgets everything, in memory and in storage (consent withdrawn). */
  clear(): void;
  /** The SPEC §9 sync stub: logs a summary, makes no request. */
  sync(log?: (message: string, data: unknown) => void): void;
}

export function createTracker(opts: TrackerOptions): Tracker {
  const now = opts.now ?? (() => Date.now());
  const warn = opts.warn ?? ((m: string) => console.warn(m));
  let state: MetricsState = {};
  let loaded = false;
  const load = () => {
    if (loaded) return;
    loaded = true;
    let raw: string | null = null;
    try {
      raw = opts.storage.get(AD_METRICS_KEY);
    } catch {
      raw = null;
    }
    const parsed = parseMetrics(raw);
    if (parsed.problem) {
      warn(`Stored ad metrics reset (${parsed.problem})`);
      if (opts.canPersist()) opts.storage.remove(AD_METRICS_KEY);
    }
    state = {};
    for (const [p, r] of Object.entries(parsed.state) as [KnownPlatform, PlatformRecord][]) {
      state[p] = { ...r, hourly: pruneHistory(r.hourly, now()) };
    }
  };
  const persist = () => {
    if (!opts.canPersist()) return;
    opts.storage.set(AD_METRICS_KEY, JSON.stringify(state));
  };
  return {
    metrics() {
      load();
      const out: Record<string, PlatformMetrics> = {};
      for (const [p, r] of Object.entries(state)) {
        if (r) out[p] = { impressions: r.impressions, clicks: r.clicks, lastClick: r.lastClick, ctr: r.ctr };
      }
      return out;
    },
    state() {
      load();
      return state;
    },
    record(platform, kind) {
      load();
      if (!isKnownPlatform(platform)) return;
      state = recordEvent(state, platform, kind, now());
      persist();
      opts.onChange?.(state);
    },
    history(h) {
      load();
      return historySeries(state, { ...h, now: now() });
    },
    isNewUser() {
      load();
      return Object.values(state).every((r) => !r || r.impressions === 0);
    },
    persist() {
      load();
      if (Object.keys(state).length > 0) persist();
    },
    clear() {
      loaded = true;
      state = {};
      opts.storage.remove(AD_METRICS_KEY);
      opts.onChange?.(state);
    },
    sync(log = (m, d) => console.debug(m, d)) {
      load();
      log('[ads] metrics sync (stub, no request made)', this.metrics());
    },
  };
}
