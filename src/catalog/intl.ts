/**
 * Shared Intl formatters: one per locale and options for the whole build (and page), instead of
 * a new one per price or date — creating them is the costly part (a 10,000-brand build formats
 * hundreds of thousands of prices and dates). Construction errors (an unknown currency or time
 * zone) are thrown by `format`, not cached.
 *
 * Format seeds: in a browser, the first Intl number or date formatter of a page costs 25–45 ms
 * of main thread (the ICU data of the language loads), one long task while the page hydrates.
 * The build therefore records what a page's islands format while they render their first items
 * (`recordFormats`) and hands the texts to the islands (`seedFormats`); a seeded text is used
 * as is, and Intl is only loaded for values the build did not see (a later page of results).
 */
export type FormatSeed = Record<string, Record<string, string>>;

/** What the formatters of this module offer: `format` only (Intl is created on first need). */
export interface Formatter {
  format(value: number | Date): string;
}

const numberFormats = new Map<string, Formatter>();
const dateFormats = new Map<string, Formatter>();
/** Seeded texts, by formatter key then value. */
const seeded = new Map<string, Map<string, string>>();
let recording: FormatSeed | null = null;

function addText(seed: FormatSeed, key: string, value: string, text: string): void {
  const texts = seed[key] ?? {};
  texts[value] = text;
  seed[key] = texts;
}

function formatter(
  cache: Map<string, Formatter>,
  key: string,
  create: () => { format(value: number | Date): string },
): Formatter {
  let f = cache.get(key);
  if (!f) {
    let intl: { format(value: number | Date): string } | undefined;
    f = {
      format(value) {
        const v = String(typeof value === 'number' ? value : value.getTime());
        let text = seeded.get(key)?.get(v);
        if (text === undefined) {
          intl ??= create();
          text = intl.format(value);
        }
        if (recording) addText(recording, key, v, text);
        return text;
      },
    };
    cache.set(key, f);
  }
  return f;
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Formatter {
  const key = `n|${locale}|${JSON.stringify(options)}`;
  return formatter(numberFormats, key, () => new Intl.NumberFormat(locale, options));
}

export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Formatter {
  const key = `d|${locale}|${JSON.stringify(options)}`;
  return formatter(dateFormats, key, () => new Intl.DateTimeFormat(locale, options));
}

/**
 * Runs `fn` and returns every text formatted through this module meanwhile (seeded or not), by
 * formatter and value: the seed of what `fn` renders.
 */
export function recordFormats(fn: () => void): FormatSeed {
  const outer = recording;
  const seed: FormatSeed = {};
  recording = seed;
  try {
    fn();
  } finally {
    recording = outer;
  }
  if (outer)
    for (const [key, texts] of Object.entries(seed))
      for (const [v, text] of Object.entries(texts)) addText(outer, key, v, text);
  return seed;
}

/**
 * Adds the texts of a seed (from the build, through island props). Anything that is not an
 * object of objects of strings is ignored, entry by entry.
 */
export function seedFormats(seed: unknown): void {
  if (!seed || typeof seed !== 'object') return;
  for (const [key, texts] of Object.entries(seed)) {
    if (!texts || typeof texts !== 'object') continue;
    let map = seeded.get(key);
    for (const [value, text] of Object.entries(texts)) {
      if (typeof text !== 'string') continue;
      if (!map) {
        map = new Map();
        seeded.set(key, map);
      }
      map.set(value, text);
    }
  }
}
