/**
 * The language an imported offer is written in (issue 39 part 3): the feed's own language field
 * where it has one of the catalog's languages, otherwise detected from the text with `tinyld`
 * (its "light" model: 69 kB, offline, MIT) restricted to the catalog's languages. Below the
 * confidence floor, or when the best guess does not clearly lead the next, the site's default
 * language is assumed, and the caller logs a note saying so.
 * Pure (the detector is a pure function of the text).
 */
import { detectAll } from 'tinyld/light';
import { CATALOG_LANGUAGES, type CatalogLanguage, isCatalogLanguage } from '../catalog/localized.ts';

/** tinyld's accuracy below which a guess is not trusted (short "20% off" texts score ~0.06). */
export const LANGUAGE_FLOOR = 0.1;
/**
 * How far the best guess must lead the next one (a ratio): short texts are close calls —
 * "Shop Kohl's.com today!" scores es 0.111, en 0.099 in a real Rakuten reply.
 */
export const LANGUAGE_MARGIN = 1.5;

export type LanguageVerdict = {
  lang: CatalogLanguage;
  /** How it was decided: the feed said so, detected, or assumed (the default language). */
  how: 'feed' | 'detected' | 'assumed';
  /** For "assumed": why (no guess, or the best guess and its score). */
  note?: string;
};

/** "en", "EN", "en-GB", "en_US" → "en"; anything else → null. */
export function catalogLanguageOf(raw: string | null): CatalogLanguage | null {
  const code = (raw ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return isCatalogLanguage(code) ? code : null;
}

/**
 * Detections by text, digits folded ("20% off order 7" and "…order 8" are one text to a language
 * detector): feeds repeat their templates, and detection is the import's costliest step per offer.
 * Bounded: cleared when full.
 */
type Guess = { lang: string; accuracy: number; next: number };
const cache = new Map<string, Guess | null>();
const CACHE_SIZE = 20_000;
/** The detector reads at most this much of a text (title first): enough to tell the language. */
const SAMPLE = 240;

function detect(text: string): Guess | null {
  const key = text.slice(0, SAMPLE).replace(/\d+/g, '0');
  let best = cache.get(key);
  if (best === undefined) {
    const all = key.trim() ? detectAll(key, { only: [...CATALOG_LANGUAGES] }) : [];
    best = all[0] ? { ...all[0], next: all[1]?.accuracy ?? 0 } : null;
    if (cache.size >= CACHE_SIZE) cache.clear();
    cache.set(key, best);
  }
  return best;
}

export function languageOfText(
  feedLanguage: string | null,
  text: string,
  defaultLanguage: CatalogLanguage,
): LanguageVerdict {
  const given = catalogLanguageOf(feedLanguage);
  if (given) return { lang: given, how: 'feed' };
  const best = detect(text);
  const clear = best !== null && best.accuracy >= best.next * LANGUAGE_MARGIN;
  if (best && best.accuracy >= LANGUAGE_FLOOR && clear && isCatalogLanguage(best.lang))
    return { lang: best.lang, how: 'detected' };
  return {
    lang: defaultLanguage,
    how: 'assumed',
    note: !best
      ? 'no language recognised'
      : best.accuracy < LANGUAGE_FLOOR
        ? `best guess "${best.lang}" scored ${best.accuracy.toFixed(2)}, under the floor ${LANGUAGE_FLOOR}`
        : `best guess "${best.lang}" scored ${best.accuracy.toFixed(2)}, too close to the next (${best.next.toFixed(2)})`,
  };
}
