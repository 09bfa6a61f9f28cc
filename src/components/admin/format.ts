/** Number formats of the admin and test pages, in the page's language (Intl.NumberFormat). */
export interface Formats {
  int: (n: number) => string;
  pct: (n: number) => string;
  money: (n: number) => string;
  ms: (n: number) => string;
  time: (ms: number) => string;
}

export function formats(lang: string, opts: { hourly?: boolean } = {}): Formats {
  const int = new Intl.NumberFormat(lang, { maximumFractionDigits: 0 });
  const pct = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 2 });
  const money = new Intl.NumberFormat(lang, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  });
  const ms = new Intl.NumberFormat(lang, { style: 'unit', unit: 'millisecond', maximumFractionDigits: 0 });
  const time = new Intl.DateTimeFormat(
    lang,
    opts.hourly
      ? { hour: '2-digit', minute: '2-digit', day: 'numeric', month: 'short' }
      : { day: 'numeric', month: 'short' },
  );
  return {
    int: (n) => int.format(n),
    pct: (n) => pct.format(n),
    money: (n) => money.format(n),
    ms: (n) => ms.format(n),
    time: (t) => time.format(new Date(t)),
  };
}
