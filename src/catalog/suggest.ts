/**
 * The order of the search box's brand and category suggestions (issue 33): a suggestion whose own
 * name matches what was typed comes before one found through a related field (a brand through its
 * category's name, a category through its description), so typing a category's name suggests the
 * category itself and not only five of its brands. Accent- and case-insensitive (`foldText`) in
 * every language. The result is grouped by type (the search box shows each type under its own
 * heading, as the search page's tabs do): the group holding the best match first.
 */
// Not query.ts: the search box imports this module for its groups, and stays small.
import { foldText } from './localized.ts';
import type { SearchSuggestion } from './search-schemas.ts';
import { MIN_TOKEN_LENGTH } from './source.ts';

/** Folded words of a text, as query.ts's `tokenize` splits them. */
const tokenize = (text: string) =>
  foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** How a name matches a query, best first. */
export const NAME_MATCH = {
  /** The whole name is what was typed ("Electrónica" for "electronica"). */
  exact: 0,
  /** The name starts with what was typed ("Electrónica y hogar" for "electron"). */
  prefix: 1,
  /** Every word typed starts a word of the name ("Home & Garden" for "garden"). */
  words: 2,
  /** Matched only through a related field (a brand's category, a category's description). */
  related: 3,
} as const;
export type NameMatch = (typeof NAME_MATCH)[keyof typeof NAME_MATCH];

/** Folded words joined by single spaces: "  Électronique & Hi-Fi " → "electronique hi fi". */
function folded(text: string): string {
  return tokenize(text).join(' ');
}

/** How `name` matches the query `q` (see NAME_MATCH). */
export function nameMatch(name: string, q: string): NameMatch {
  const n = folded(name);
  const query = folded(q);
  if (!query) return NAME_MATCH.related;
  if (n === query) return NAME_MATCH.exact;
  if (n.startsWith(query)) return NAME_MATCH.prefix;
  const words = tokenize(name);
  const tokens = tokenize(q).filter((t) => t.length >= MIN_TOKEN_LENGTH);
  if (tokens.length > 0 && tokens.every((t) => words.some((w) => w.startsWith(t)))) return NAME_MATCH.words;
  return NAME_MATCH.related;
}

/** Between equally good matches: categories first (fewer, and each leads to many brands). */
const TYPE_ORDER: Record<SearchSuggestion['type'], number> = { category: 0, brand: 1, coupon: 2, deal: 3 };

/**
 * The best `limit` of `candidates` (brand and category suggestions, each list in its source's
 * order) for `q`, by how their titles match, grouped by type: the type of the best match first.
 */
export function rankNameSuggestions<T extends Pick<SearchSuggestion, 'type' | 'title'>>(
  candidates: readonly T[],
  q: string,
  limit: number,
): T[] {
  const ranked = candidates
    .map((s, i) => ({ s, i, match: nameMatch(s.title, q) }))
    .sort((a, b) => a.match - b.match || TYPE_ORDER[a.s.type] - TYPE_ORDER[b.s.type] || a.i - b.i)
    .slice(0, Math.max(0, limit));
  const groupOrder: SearchSuggestion['type'][] = [];
  for (const r of ranked) if (!groupOrder.includes(r.s.type)) groupOrder.push(r.s.type);
  return groupOrder.flatMap((type) => ranked.filter((r) => r.s.type === type).map((r) => r.s));
}

/**
 * Suggestions by type, each type once, in the order its first suggestion came: the search box shows
 * each group under its own heading, and its keyboard order is the groups' order (`flat`).
 */
export function groupSuggestions<T extends Pick<SearchSuggestion, 'type'>>(
  suggestions: readonly T[],
): { groups: { type: T['type']; items: { item: T; index: number }[] }[]; flat: T[] } {
  const byType = new Map<T['type'], T[]>();
  for (const s of suggestions) {
    const list = byType.get(s.type);
    if (list) list.push(s);
    else byType.set(s.type, [s]);
  }
  let index = 0;
  const groups = [...byType].map(([type, items]) => ({ type, items: items.map((item) => ({ item, index: index++ })) }));
  return { groups, flat: groups.flatMap((g) => g.items.map((i) => i.item)) };
}
