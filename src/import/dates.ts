/**
 * Network dates → UTC ISO instants. A date with an offset ("2026-11-01T00:00:00-08:00", "…Z") is
 * that instant; a date without one is wall time in the network's zone (IANA name, e.g.
 * "Europe/London" for Awin), converted with the zone's offset at that moment (summer time
 * included). A date-only END means the whole day: it ends at the next midnight. Pure.
 */
import { str } from './offer.ts';

export type DateKind = 'start' | 'end';

/** One formatter per zone (making one costs far more than using it: 100,000 offers a feed). */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC in ms at the UTC instant `utcMs`. */
function offsetAt(zone: string, utcMs: number): number {
  if (zone === 'UTC') return 0;
  // Offsets change on whole hours (the zones used here): one lookup per zone and hour.
  const key = `${zone}@${Math.floor(utcMs / 3_600_000)}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  const offset = computeOffset(zone, utcMs);
  if (offsets.size > 50_000) offsets.clear();
  offsets.set(key, offset);
  return offset;
}
const offsets = new Map<string, number>();

function computeOffset(zone: string, utcMs: number): number {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, format);
  }
  const parts = format.formatToParts(new Date(utcMs));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return asUtc - Math.floor(utcMs / 1000) * 1000;
}

/** Wall time in `zone` → epoch ms (a time skipped by a clock change resolves forward). */
export function zonedToUtc(
  y: number,
  mo: number,
  d: number,
  h: number,
  mi: number,
  s: number,
  zone: string,
): number | null {
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(wall);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  if (h > 23 || mi > 59 || s > 59) return null;
  let utc = wall - offsetAt(zone, wall);
  utc = wall - offsetAt(zone, utc);
  return utc;
}

const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;
const YMD = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;
const DMY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: (\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * A network date as an ISO instant; '' → null (open-ended); unreadable → undefined (the caller
 * reports it). `dayFirst` reads "DD/MM/YYYY HH:MM:SS" (the Awin CSV export).
 */
export function networkDate(raw: string, zone: string, kind: DateKind): string | null | undefined {
  const v = raw.trim();
  if (v === '' || /^(null|n\/a|none|0000-00-00( 00:00:00)?)$/i.test(v)) return null;
  if (ISO_WITH_ZONE.test(v)) {
    const t = Date.parse(v.replace(' ', 'T').replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
    return Number.isFinite(t) ? new Date(t).toISOString() : undefined;
  }
  const m = YMD.exec(v);
  const dm = m ? null : DMY.exec(v);
  const parts = m ? [m[1], m[2], m[3], m[4], m[5], m[6]] : dm ? [dm[3], dm[2], dm[1], dm[4], dm[5], dm[6]] : null;
  if (!parts) return undefined;
  const [y, mo, d, h, mi, s] = parts.map((p) => (p === undefined ? undefined : Number(p)));
  const dateOnly = h === undefined;
  let t = zonedToUtc(y!, mo!, d!, h ?? 0, mi ?? 0, s ?? 0, zone);
  if (t === null) return undefined;
  // A date-only end is the whole of that day: over at the next midnight in the zone.
  if (dateOnly && kind === 'end') {
    const next = new Date(Date.UTC(y!, mo! - 1, d! + 1));
    t = zonedToUtc(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), 0, 0, 0, zone) ?? t + 86_400_000;
  }
  return new Date(t).toISOString();
}

/** Dates of one item; an unreadable one is reported on the offer (`invalid`). */
export function datesOf(start: unknown, end: unknown, zone: string, fields: [string, string]) {
  const startsAt = networkDate(str(start), zone, 'start');
  const endsAt = networkDate(str(end), zone, 'end');
  const invalid =
    startsAt === undefined
      ? `unreadable ${fields[0]} "${str(start).slice(0, 40)}"`
      : endsAt === undefined
        ? `unreadable ${fields[1]} "${str(end).slice(0, 40)}"`
        : null;
  return { startsAt: startsAt ?? null, endsAt: endsAt ?? null, invalid };
}
