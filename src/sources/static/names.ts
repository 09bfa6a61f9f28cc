/**
 * The static source's brand and category name search: brand name shards (a head of the first
 * rows, the whole list when the head cannot decide), category brand lists and the categories file.
 */
import { byName, categoryWords, matchesTokens, wordsOf } from '../../catalog/query.ts';
import type { BrandSummary, Category } from '../../catalog/schemas.ts';
import { type BrandRow, fromBrandRow, HEAD_SIZE, shardKey } from './format.ts';
import { isObject, type StaticLoader } from './loader.ts';

export function createStaticNames(loader: StaticLoader) {
  const { need, memo, categoriesFile, rows, nameHead, nameRows } = loader;

  /** Indexed words of each brand name and category name, computed once per row. */
  const nameWords = new WeakMap<BrandSummary, string[]>();
  const categoryNameWords = () =>
    memo('category-name-words', async () => new Map((await categoriesFile()).map((c) => [c.id, wordsOf(c.name)])));
  /**
   * Does a brand match every token by a word of its name or of its category's name (`brandWords`)?
   * `nameOnly`: by its own name only (the search box ranks those first, issue 33).
   */
  async function brandMatcher(tokens: readonly string[], nameOnly = false): Promise<(b: BrandSummary) => boolean> {
    const catWords = await categoryNameWords();
    return (b) => {
      let words = nameWords.get(b);
      if (!words) {
        words = wordsOf(b.name);
        nameWords.set(b, words);
      }
      const cw = nameOnly ? [] : (catWords.get(b.categoryId ?? -1) ?? []);
      return tokens.every((t) => words.some((w) => w.startsWith(t)) || cw.some((w) => w.startsWith(t)));
    };
  }

  /**
   * Brands matching every token by name or category name (name order): the name shard of each
   * token, plus every brand of a category whose name matches all tokens.
   */
  async function matchBrands(tokens: readonly string[], nameOnly = false): Promise<BrandSummary[]> {
    if (tokens.length === 0) return [];
    const cats = await categoriesFile();
    const isMatch = await brandMatcher(tokens, nameOnly);
    const viaCategory = nameOnly ? [] : cats.filter((c) => matchesTokens(wordsOf(c.name), tokens));
    const lists = await Promise.all([
      ...[...new Set(tokens.map(shardKey))].map(nameRows),
      ...viaCategory.map((c) => rows(`brands/category/${c.id}.json`)),
    ]);
    const found = new Map<number, BrandSummary>();
    for (const list of lists) {
      for (const b of list) {
        if (!found.has(b.id) && isMatch(b)) found.set(b.id, b);
      }
    }
    return [...found.values()].sort(byName);
  }

  /**
   * The first `limit` brands of `matchBrands(tokens)` from the heads of the lists (the first 16 of
   * each name shard and category); the whole lists only when the heads cannot decide.
   * `nameOnly`: of the brands matching by their own name (no category lists).
   */
  async function suggestBrands(tokens: readonly string[], limit: number, nameOnly = false): Promise<BrandSummary[]> {
    const cats = await categoriesFile();
    const viaCategory = nameOnly ? [] : cats.filter((c) => matchesTokens(wordsOf(c.name), tokens));
    const [names, heads] = await Promise.all([
      Promise.all([...new Set(tokens.map(shardKey))].map(nameHead)),
      viaCategory.length
        ? need<Record<string, BrandRow[]>>('brands/category-heads.json', isObject)
        : Promise.resolve({} as Record<string, BrandRow[]>),
    ]);
    const lists = [
      ...names,
      ...viaCategory.map((c) => {
        const head = (heads[String(c.id)] ?? []).map(fromBrandRow);
        return { rows: head, more: head.length >= HEAD_SIZE };
      }),
    ];
    const isMatch = await brandMatcher(tokens, nameOnly);
    const found = new Map<number, BrandSummary>();
    for (const list of lists) for (const b of list.rows) if (isMatch(b)) found.set(b.id, b);
    const sorted = [...found.values()].sort(byName);
    // Brands after the last row of a cut-off head may be missing: only those before it are sure.
    const cutoffs = lists.filter((l) => l.more).map((l) => l.rows.at(-1)!);
    if (cutoffs.length === 0) return sorted.slice(0, limit);
    const cutoff = cutoffs.sort(byName)[0]!;
    const sure = sorted.filter((b) => byName(b, cutoff) <= 0);
    return sure.length >= limit ? sure.slice(0, limit) : (await matchBrands(tokens, nameOnly)).slice(0, limit);
  }

  async function matchCategories(tokens: readonly string[]): Promise<Category[]> {
    if (tokens.length === 0) return [];
    return (await categoriesFile()).filter((c) => matchesTokens(categoryWords(c), tokens));
  }

  return { matchBrands, suggestBrands, matchCategories };
}
