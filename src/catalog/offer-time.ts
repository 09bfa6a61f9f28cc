/**
 * Offers over time (ARCHITECTURE "offers over time", docs/offer-truth.md): the ONE rule that
 * says whether an offer (coupon or deal) is still live, and how its end is told to a shopper.
 * Pure: the clock is always passed in (`now`), never read here, so the build (its BUILD_TIME),
 * the browser (the visitor's clock) and the tests (a fixed instant) share the same rule.
 *
 * - An offer is LIVE when its status is a live one (`active` in any case, or none: null, empty)
 *   and its end (`expiresAt`), if any, is still in the future: `now < end`. At the exact end
 *   instant the offer is over.
 * - Any other status (`expired`, `inactive`, `paused`, `draft`, `deleted`, …) is over, whatever
 *   the dates say.
 * - An end that cannot be read as a date counts as no end (the wire schemas already turn an
 *   unreadable date into null, see schemas.ts `toIsoDate`); a start date does not hide an offer.
 * - Ends are instants (ISO 8601 with a zone; the schemas store them in UTC): time zones and
 *   daylight-saving changes only affect how an end is SHOWN (`endLabel` in the site's zone),
 *   never whether it has passed.
 */
import { dateFormat } from './intl.ts';

/** The statuses of a live offer (compared trimmed and case-insensitively); none also counts. */
export const LIVE_STATUSES: readonly string[] = ['active'];

/** Under this, a card counts the time left ("Ends in 5 h") instead of naming the day. */
export const RELATIVE_WINDOW_MS = 48 * 3_600_000;

/** The fields of an offer the rule reads. */
export type Timed = { status?: string | null; expiresAt?: string | null };

export type Clock = Date | number;

const ms = (now: Clock): number => (typeof now === 'number' ? now : now.getTime());

/** The offer's end as epoch milliseconds, or null when it has none (or it cannot be read). */
export function endTime(offer: Pick<Timed, 'expiresAt'>): number | null {
  const v = offer.expiresAt;
  if (typeof v !== 'string' || v.trim() === '') return null;
  const t = Date.parse(v);
  return Number.isFinite(t) ? t : null;
}

/** Whether the status is a live one: `active` (any case, trimmed) or none. */
export function hasLiveStatus(offer: Pick<Timed, 'status'>): boolean {
  const s = offer.status;
  if (s === undefined || s === null) return true;
  const v = String(s).trim().toLowerCase();
  return v === '' || LIVE_STATUSES.includes(v);
}

/** Why an offer is over at `now`: its status, or its end has passed; null when it is live. */
export function overReason(offer: Timed, now: Clock): 'status' | 'ended' | null {
  if (!hasLiveStatus(offer)) return 'status';
  const end = endTime(offer);
  return end !== null && end <= ms(now) ? 'ended' : null;
}

/** THE rule: live status and no end at or before `now`. */
export function isLive(offer: Timed, now: Clock): boolean {
  return overReason(offer, now) === null;
}

/** Milliseconds left before the end (≤ 0 once ended), or null without an end. */
export function msLeft(offer: Pick<Timed, 'expiresAt'>, now: Clock): number | null {
  const end = endTime(offer);
  return end === null ? null : end - ms(now);
}

/**
 * How a card tells the end, at `now`:
 * - `none`: no end date (nothing is shown);
 * - `ended`: the end has passed;
 * - `minutes` / `hours`: under 48 h left, the time left rounded down (at least 1);
 * - `date`: 48 h or more left, shown as the day in the site's time zone.
 */
export type EndsIn =
  | { kind: 'none' }
  | { kind: 'ended' }
  | { kind: 'minutes'; count: number }
  | { kind: 'hours'; count: number }
  | { kind: 'date'; at: number };

export function endsIn(offer: Pick<Timed, 'expiresAt'>, now: Clock): EndsIn {
  const end = endTime(offer);
  if (end === null) return { kind: 'none' };
  const left = end - ms(now);
  if (left <= 0) return { kind: 'ended' };
  if (left < 3_600_000) return { kind: 'minutes', count: Math.max(1, Math.floor(left / 60_000)) };
  if (left < RELATIVE_WINDOW_MS) return { kind: 'hours', count: Math.floor(left / 3_600_000) };
  return { kind: 'date', at: end };
}

/** Widest offset of a time zone from UTC, both ways (UTC−12 to UTC+14), with a margin. */
const MAX_ZONE_OFFSET_MS = 15 * 3_600_000;

/**
 * The year of an instant in a time zone ("2026"). Every zone is within 15 hours of UTC, so away
 * from New Year the UTC calendar already tells; only near it is Intl asked (which, in a browser,
 * would load the language's date data while the page hydrates).
 */
function yearIn(t: number, timeZone?: string): string {
  const before = new Date(t - MAX_ZONE_OFFSET_MS).getUTCFullYear();
  if (before === new Date(t + MAX_ZONE_OFFSET_MS).getUTCFullYear()) return String(before);
  try {
    return dateFormat('en', { year: 'numeric', ...(timeZone ? { timeZone } : {}) }).format(t);
  } catch {
    return dateFormat('en', { year: 'numeric' }).format(t);
  }
}

/** The day of an instant in a time zone, e.g. "Nov 27" (with the year when it is not `now`'s). */
export function endDayOptions(at: number, now: Clock, timeZone?: string): Intl.DateTimeFormatOptions {
  const sameYear = yearIn(at, timeZone) === yearIn(ms(now), timeZone);
  return {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
    ...(timeZone ? { timeZone } : {}),
  };
}

/** Over offers of a list split by reason, for the build log and counts. */
export type OverCount = { ended: number; status: number };

/** The live items of `items` at `now`, and how many were left out (and why). */
export function splitLive<T extends Timed>(items: readonly T[], now: Clock): { live: T[]; over: OverCount } {
  const live: T[] = [];
  const over: OverCount = { ended: 0, status: 0 };
  for (const item of items) {
    const why = overReason(item, now);
    if (why === null) live.push(item);
    else over[why]++;
  }
  return { live, over };
}

/** The live items of `items` at `now` (same order). */
export function liveOnly<T extends Timed>(items: readonly T[], now: Clock): T[] {
  return items.filter((item) => isLive(item, now));
}
