/**
 * The word index of the catalog's text search (query.ts): sorted words with the ascending item
 * positions of each, prefix lookup, and the union and intersection of sorted position lists
 * (also used by the static source over its search postings).
 */

/** Sorted vocabulary with, per word, the positions (ascending) of the items containing it. */
export type WordIndex = { words: string[]; postings: number[][]; size: number };

/** Build a word index; `positions` are whatever the caller numbers items by (e.g. newest rank). */
export function buildWordIndex<T>(items: readonly T[], words: (item: T) => string[]): WordIndex {
  const map = new Map<string, number[]>();
  items.forEach((item, pos) => {
    for (const w of words(item)) {
      const list = map.get(w);
      if (list) list.push(pos);
      else map.set(w, [pos]);
    }
  });
  const sorted = [...map.keys()].sort();
  return { words: sorted, postings: sorted.map((w) => map.get(w)!), size: items.length };
}

function lowerBound(words: readonly string[], key: string): number {
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (words[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Positions (ascending) of items having a word that starts with `prefix`. */
export function lookupPrefix(index: WordIndex, prefix: string): number[] {
  const lists: number[][] = [];
  for (let i = lowerBound(index.words, prefix); i < index.words.length && index.words[i]!.startsWith(prefix); i++) {
    lists.push(index.postings[i]!);
  }
  return unionSorted(lists);
}

/** Union of ascending number lists (non-negative integers), ascending, without duplicates. */
export function unionSorted(lists: readonly (readonly number[])[]): number[] {
  if (lists.length === 0) return [];
  if (lists.length === 1) return [...lists[0]!];
  let size = 0;
  for (const l of lists) size += l.length;
  const all = new Float64Array(size);
  let at = 0;
  for (const l of lists) for (const n of l) all[at++] = n;
  all.sort();
  const out: number[] = [];
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) out.push(all[i]!);
  return out;
}

/** Intersection of ascending number lists, ascending (merging, shortest list first). */
export function intersectSorted(lists: readonly (readonly number[])[]): number[] {
  if (lists.length === 0) return [];
  const ordered = [...lists].sort((a, b) => a.length - b.length);
  let result: number[] = [...ordered[0]!];
  for (const other of ordered.slice(1)) {
    const next: number[] = [];
    let j = 0;
    for (const n of result) {
      while (j < other.length && other[j]! < n) j++;
      if (j < other.length && other[j] === n) next.push(n);
    }
    result = next;
    if (result.length === 0) break;
  }
  return result;
}

/** Positions matching every token (AND of prefix matches), ascending. Linear in the postings read. */
export function searchWordIndex(index: WordIndex, tokens: readonly string[]): number[] {
  if (tokens.length === 0) return [];
  // Count, per position, how many tokens matched it (each token counted once per position).
  const hits = new Uint8Array(index.size);
  const seen = new Uint8Array(index.size);
  tokens.forEach((t, ti) => {
    const mark = ti + 1;
    for (let i = lowerBound(index.words, t); i < index.words.length && index.words[i]!.startsWith(t); i++) {
      for (const pos of index.postings[i]!) {
        if (seen[pos] === mark) continue;
        seen[pos] = mark;
        if (hits[pos] === ti) hits[pos] = ti + 1;
      }
    }
  });
  const out: number[] = [];
  for (let pos = 0; pos < hits.length; pos++) if (hits[pos] === tokens.length) out.push(pos);
  return out;
}
