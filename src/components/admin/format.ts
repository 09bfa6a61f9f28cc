/**
 * Number formats of the admin and test pages, in the page's language (Intl.NumberFormat).
 * Stored figures are not trusted to be small (issue 23): a count of a million and more is shown
 * in compact notation ("1.2M", "1,2 Mio."), anything from 10^15 on (Infinity included, e.g. a sum
 * that overflowed) as "> 1000T", and a value that is not a number as "—"; never "∞", "NaN" or
 * a 300-digit number.
 */
export interface Formats {
  int: (n: number) => string;
  pct: (n: number) => string;
  money: (n: number) => string;
  ms: (n: number) => string;
  time: (ms: number) => string;
}

/** From here on figures are shown compact. */
export const COMPACT_FROM = 1_000_000;
/** From here on figures are capped ("> 1000T"). */
export const CAP = 1e15;
/** Percentages (ratios) from here on are capped ("> 10,000%"). */
export const PCT_CAP = 100;
/** What a value that is not a number shows. */
export const NOT_A_NUMBER = '—';

type Plain = (n: number) => string;

/** Guards one format: NaN shows "—", |n| ≥ cap "> cap" (or "< -cap"), |n| ≥ compactFrom compact. */
function guarded(plain: Plain, compact: Plain, cap: number, compactFrom: number): Plain {
  return (n) => {
    if (typeof n !== 'number' || Number.isNaN(n)) return NOT_A_NUMBER;
    if (n >= cap) return `> ${compact(cap)}`;
    if (n <= -cap) return `< ${compact(-cap)}`;
    return Math.abs(n) >= compactFrom ? compact(n) : plain(n);
  };
}

export function formats(lang: string, opts: { hourly?: boolean } = {}): Formats {
  const nf = (o: Intl.NumberFormatOptions) => new Intl.NumberFormat(lang, o);
  const fmt = (f: Intl.NumberFormat) => (n: number) => f.format(n);
  const compact: Intl.NumberFormatOptions = { notation: 'compact', maximumFractionDigits: 1 };
  const currency: Intl.NumberFormatOptions = { style: 'currency', currency: 'USD' };
  const percent: Intl.NumberFormatOptions = { style: 'percent', maximumFractionDigits: 2 };
  const millis: Intl.NumberFormatOptions = { style: 'unit', unit: 'millisecond', maximumFractionDigits: 0 };
  const time = new Intl.DateTimeFormat(
    lang,
    opts.hourly
      ? { hour: '2-digit', minute: '2-digit', day: 'numeric', month: 'short' }
      : { day: 'numeric', month: 'short' },
  );
  return {
    int: guarded(fmt(nf({ maximumFractionDigits: 0 })), fmt(nf(compact)), CAP, COMPACT_FROM),
    pct: guarded(fmt(nf(percent)), fmt(nf({ ...percent, maximumFractionDigits: 0 })), PCT_CAP, PCT_CAP),
    money: guarded(
      fmt(nf({ ...currency, minimumFractionDigits: 2, maximumFractionDigits: 4 })),
      fmt(nf({ ...currency, ...compact })),
      CAP,
      COMPACT_FROM,
    ),
    ms: guarded(fmt(nf(millis)), fmt(nf({ ...millis, ...compact })), CAP, COMPACT_FROM),
    time: (t) => {
      const d = new Date(t);
      return Number.isNaN(d.getTime()) ? NOT_A_NUMBER : time.format(d);
    },
  };
}
