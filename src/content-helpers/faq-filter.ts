/**
 * The Help Center filter: a category chip and a free-text query, as the visitor types.
 * Matching ignores case and accents ("cupon" finds "cupón") and needs every word of the
 * query somewhere in the question or the answer.
 */

export interface FaqText {
  id: string;
  category: string;
  text: string;
}

export function normalize(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

export function queryWords(query: string): string[] {
  return normalize(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Ids of the entries that match, in their original order. */
export function filterFaq(entries: readonly FaqText[], query: string, category: string): string[] {
  const words = queryWords(query);
  return entries
    .filter((e) => !category || e.category === category)
    .filter((e) => {
      const hay = normalize(e.text);
      return words.every((w) => hay.includes(w));
    })
    .map((e) => e.id);
}
