/**
 * Code health from real use (issue 22 point 3, ARCHITECTURE "code health"): what shoppers said
 * about a code, as the cards, the modal and the popular sort use it. Pure: the clock is passed in.
 *
 * - `wilsonLowerBound`: the lower bound of the 95 % Wilson score interval of the worked share,
 *   the ranking key of the popular sort and the featured blocks (few votes rank low until more
 *   shoppers agree; codes shoppers report failing sink).
 * - `couponHealth`: what a card says, from the fields the API or catalog sent: the counted
 *   votes ("92% of 37 shoppers say it works"), when it last worked, whether it is "Reported not
 *   working recently", and the catalog's success rate only as a labelled estimate when there are
 *   no votes. Nothing is inferred or padded: a count is shown only as it was counted.
 * Nothing here imports React, touches the DOM or fetches.
 */

/** The window the votes cover (the API counts the last 30 days). */
export const VOTE_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;
/** "Recently" for "Reported not working recently": a failure, and no success, in the last 7 days. */
export const RECENT_MS = 7 * 24 * 60 * 60 * 1000;
/** z for a 95 % two-sided interval. */
export const WILSON_Z = 1.959963984540054;

export type Votes = { worked: number; failed: number };

/**
 * Lower bound of the Wilson score interval for `worked` successes out of `total` votes, in
 * [0, 1]; 0 when there are no votes.
 */
export function wilsonLowerBound(worked: number, total: number, z = WILSON_Z): number {
  if (!(total > 0) || !(worked >= 0)) return 0;
  const n = total;
  const p = Math.min(worked, n) / n;
  const z2 = z * z;
  const centre = p + z2 / (2 * n);
  const margin = z * Math.sqrt((p * (1 - p) + z2 / (4 * n)) / n);
  return Math.max(0, (centre - margin) / (1 + z2 / n));
}

/** The fields of a coupon this module reads. */
export type HealthFields = {
  votes?: Votes | null | undefined;
  lastWorkedAt?: string | null | undefined;
  lastFailedAt?: string | null | undefined;
  successRate?: number | null | undefined;
};

/** The worked share's Wilson lower bound of a coupon (0 without votes). */
export function healthScore(c: HealthFields): number {
  const v = c.votes;
  return v ? wilsonLowerBound(v.worked, v.worked + v.failed) : 0;
}

/**
 * Popular order by code health: Wilson lower bound first (higher first); among equal bounds
 * (no votes, or none that worked) fewer reported failures first, so a code shoppers said fails
 * sinks below one nobody has rated. 0 when health does not decide.
 */
export function compareHealth(a: HealthFields, b: HealthFields): number {
  const d = healthScore(b) - healthScore(a);
  if (d !== 0) return d;
  return (a.votes?.failed ?? 0) - (b.votes?.failed ?? 0);
}

const ms = (iso: string | null | undefined) => (iso ? Date.parse(iso) : Number.NaN);
const within = (t: number, now: number, span: number) => !Number.isNaN(t) && t <= now + 60_000 && now - t <= span;

export type CouponHealth = {
  /** Counted votes of the last 30 days, when there is at least one. */
  votes: { worked: number; total: number; percent: number } | null;
  /** The last time a shopper said it worked (ISO), when known and not in the future. */
  lastWorkedAt: string | null;
  /** A failure reported in the last 7 days and no success in that time. */
  reportedFailing: boolean;
  /** The catalog's success rate (0..100), shown only without votes, labelled as an estimate. */
  estimate: number | null;
};

/** What a card and the code modal say about a code's health at `now` (epoch ms). */
export function couponHealth(c: HealthFields, now: number): CouponHealth {
  const v = c.votes;
  const total = v ? v.worked + v.failed : 0;
  const votes = v && total > 0 ? { worked: v.worked, total, percent: Math.round((v.worked / total) * 100) } : null;
  const worked = ms(c.lastWorkedAt);
  const failed = ms(c.lastFailedAt);
  const lastWorkedAt = !Number.isNaN(worked) && worked <= now + 60_000 ? (c.lastWorkedAt ?? null) : null;
  const reportedFailing = within(failed, now, RECENT_MS) && !within(worked, now, RECENT_MS);
  const estimate = votes === null && typeof c.successRate === 'number' ? Math.round(c.successRate) : null;
  return { votes, lastWorkedAt, reportedFailing, estimate };
}

export type RelativeUnit = 'minute' | 'hour' | 'day' | 'month' | 'year';

/**
 * How long ago `iso` was at `now`, in the largest unit that fits, for Intl.RelativeTimeFormat:
 * { value: -2, unit: 'hour' } for two hours ago; under a minute is { value: 0, unit: 'minute' }
 * ("now"). A time in the future (clock skew) counts as now. null for an unreadable date.
 */
export function timeAgo(iso: string | null | undefined, now: number): { value: number; unit: RelativeUnit } | null {
  const t = ms(iso);
  if (Number.isNaN(t)) return null;
  const seconds = Math.max(0, (now - t) / 1000);
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return { value: minutes === 0 ? 0 : -minutes, unit: 'minute' };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { value: -hours, unit: 'hour' };
  const days = Math.floor(hours / 24);
  if (days < 31) return { value: -days, unit: 'day' };
  const months = Math.floor(days / 30.4375);
  if (months < 12) return { value: -months, unit: 'month' };
  return { value: -Math.floor(days / 365.25), unit: 'year' };
}

/** The verdict's thresholds (site config `health`, src/config/schema-health.ts). */
export type VerdictThresholds = { hideAfter: number; windowHours: number };

/** The fields the verdict reads: the counted health and the operator's confirmation. */
export type VerdictFields = HealthFields & { verifiedAt?: string | null | undefined };

/**
 * The verdict (issue 40 part 2, docs/code-health.md "The verdict"): whether a code is still
 * offered at `now` (epoch ms). It is not when shoppers said at least `hideAfter` times that it
 * did not work (the counted answers of the last 30 days), the last of them within `windowHours`,
 * and nothing says it worked within `windowHours`: neither a shopper's "it worked"
 * (`lastWorkedAt`) nor the operator's confirmation (`verifiedAt`). So one "it worked" or a
 * confirmation lifts it at once, and a code nobody reported for `windowHours` is offered again
 * (the next failure hides it again while the count stays at `hideAfter`). The one place the rule
 * is written: the Worker, the reference API, the build and the islands all call it.
 */
export function isOffered(c: VerdictFields, now: number, t: VerdictThresholds): boolean {
  const failed = c.votes?.failed ?? 0;
  if (!(failed >= t.hideAfter)) return true;
  const span = t.windowHours * 60 * 60 * 1000;
  if (!within(ms(c.lastFailedAt), now, span)) return true;
  return within(ms(c.lastWorkedAt), now, span) || within(ms(c.verifiedAt), now, span);
}

/** Shoppers' counted answers to one coupon (the last 30 days), as the API's storage counts them. */
export type CountedHealth = {
  lastWorkedAt: string | null;
  lastFailedAt: string | null;
  votes: { worked: number; failed: number };
};

/** The wire form of counted health: `{ "<id>": {votes, lastWorkedAt, lastFailedAt} }`. */
export type HealthExport = Record<string, CountedHealth>;

export type HealthCarrier = {
  id: number;
  votes?: unknown;
  lastWorkedAt?: string | null | undefined;
  lastFailedAt?: string | null | undefined;
};

/**
 * A coupon with counted health in place of whatever its catalog said (a row replaces the
 * catalog's `votes`, `lastWorkedAt`, `lastFailedAt`; without a row they are kept: a build with
 * `--health-from` baked them in from the same storage).
 */
export function withCountedHealth<C extends HealthCarrier>(coupon: C, row: CountedHealth | undefined): C {
  if (!row) return coupon;
  return { ...coupon, votes: row.votes, lastWorkedAt: row.lastWorkedAt, lastFailedAt: row.lastFailedAt };
}

/**
 * The first instant after `from` (epoch ms) at which what a card says about a code's health can
 * change by the clock alone: "Reported not working recently" appearing or going, "Last worked"
 * appearing (a date no longer in the future), or the verdict (`isOffered`) turning. null when
 * nothing can change. A page built at `from` is true until then without its island
 * (src/astro/interaction-directive.ts hydrates the island at that moment).
 */
export function healthChangesAt(c: VerdictFields, from: number, t: VerdictThresholds): number | null {
  const span = t.windowHours * 60 * 60 * 1000;
  let next = Number.POSITIVE_INFINITY;
  for (const iso of [c.lastWorkedAt, c.lastFailedAt, c.verifiedAt]) {
    const at = ms(iso);
    if (Number.isNaN(at)) continue;
    // `within` turns true at at - 1 min and false after at + span (or RECENT_MS).
    for (const edge of [at - 60_000, at + span + 1, at + RECENT_MS + 1]) if (edge > from && edge < next) next = edge;
  }
  return next === Number.POSITIVE_INFINITY ? null : next;
}
