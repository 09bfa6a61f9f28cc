/**
 * The browser's /data export on an edge site (issue 32), within a file budget at any catalog
 * size. Of the files src/sources/static/format.ts describes, a few per language do not grow with
 * the catalog (`KEPT`: meta, home, the first newest page of each kind, the short lists, the
 * brand indexes): the build writes them as on a static site. Every other one (newest pages after
 * the first, order blocks, id shards, brand shards, category sets, name and search shards) goes
 * into chunks under /_edge/data/ and is answered by the Worker (./data-ondemand.ts), the same
 * bytes at the same URL.
 *
 * Chunks: the chunked files sorted by `chunkKey` (numbers zero-padded, so neighbours such as
 * pages 2, 3, 4 or brand shards 17, 17-2, 18 share a chunk), cut into runs of about
 * `CHUNK_TARGET` characters. So their number follows the bytes of the export (one file per
 * 2 MiB of it, where a static site writes one per brand shard, page, block or word prefix), not
 * the number of brands or offers; a file larger than the target is a chunk on its own
 * (Cloudflare's 25 MiB a file holds either way, checked by the build).
 *
 *   /_edge/data/index.json   { version, first: string[] }: the catalog version (./shards.ts, the
 *                            edge cache key) and the chunkKey of each chunk's first file
 *   /_edge/data/<n>.txt      line 1: { [path]: [start, end] } (offsets into the rest, in UTF-16
 *                            code units), then "\n", then the files' JSON texts back to back
 *
 * The Worker finds a file's chunk by binary search over `first`, reads the chunk's directory and
 * answers `body.slice(start, end)`: exactly the text the static route writes (JSON.stringify of
 * the same value). A path in no chunk's directory is a 404.
 */

/** /_edge/data/index.json: where each chunk starts, and the catalog version (so a /data answer needs no catalog index). */
import { versionOf } from './shards.ts';

export const DATA_INDEX = 'data/index.json';
/** Characters a chunk aims at (its files' texts; a larger file alone is one chunk). */
export const CHUNK_TARGET = 2 * 1024 * 1024;

export type DataIndex = { version: string; first: string[] };

/** The files an edge build still writes under /data/: per language, a fixed set. */
const KEPT =
  /^(?:[a-z]{2}\/)?(?:meta|home|trending|categories|(?:coupons|deals)\/newest\/1|(?:coupons|deals)\/lists\/[a-z]+|coupons\/sets\/[a-z]+\/featured|brands\/(?:index|featured|popular|category-heads))\.json$/;

/** Whether an edge site serves this /data file from a chunk (else it is a static file). */
export function isChunked(path: string): boolean {
  return path.endsWith('.json') && !KEPT.test(path);
}

/**
 * The sort key of a path: without ".json" and its numbers zero-padded, so "newest/10" sorts
 * after "newest/9" and "shard/9" before its part "shard/9-2".
 */
export function chunkKey(path: string): string {
  return path.replace(/\.json$/, '').replace(/\d+/g, (n) => n.padStart(12, '0'));
}

/** Of the keys past half a chunk's target, about one in this many ends the chunk. */
const CUT_EVERY = 4;

/** The chunk file (under /_edge/) of chunk `n`. */
export const chunkFile = (first: string) => `data/${versionOf(first)}${versionOf(`${first}\n`)}.txt`;

export type ChunkPlan = { index: Pick<DataIndex, 'first'>; chunks: string[][] };

/**
 * Which chunk holds which file: `sizes` gives the length of each file's text (JSON.stringify),
 * files that are not chunked are left out.
 */
export function planChunks(sizes: Iterable<[string, number]>, target = CHUNK_TARGET): ChunkPlan {
  const list = [...sizes]
    .filter(([path]) => isChunked(path))
    .map(([path, size]) => ({ path, size, key: chunkKey(path) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const chunks: string[][] = [];
  const first: string[] = [];
  let current: string[] = [];
  let chars = 0;
  for (const f of list) {
    // A chunk ends before a file that would take it over the target, or, once it holds half the
    // target, before a file whose key hashes to a cut (one in CUT_EVERY): so a file that grows
    // moves at most the cuts of its own chunk, and the next chunks keep their files and bytes
    // (issue 42: a deploy uploads, and a purge empties, only what changed).
    const cut = chars >= target / 2 && Number.parseInt(versionOf(f.key), 16) % CUT_EVERY === 0;
    if (current.length > 0 && (chars + f.size > target || cut)) {
      chunks.push(current);
      current = [];
      chars = 0;
    }
    if (current.length === 0) first.push(f.key);
    current.push(f.path);
    chars += f.size;
  }
  if (current.length > 0) chunks.push(current);
  return { index: { first }, chunks };
}

/** The text of a chunk: its directory line, then the files' texts. */
export function chunkText(files: readonly [string, string][]): string {
  const dir: Record<string, [number, number]> = {};
  let at = 0;
  for (const [path, text] of files) {
    dir[path] = [at, at + text.length];
    at += text.length;
  }
  return `${JSON.stringify(dir)}\n${files.map(([, text]) => text).join('')}`;
}

/** The chunk that would hold `path` (-1 when it sorts before every chunk). */
export function chunkOf(index: Pick<DataIndex, 'first'>, path: string): number {
  const key = chunkKey(path);
  let lo = 0;
  let hi = index.first.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (index.first[mid]! <= key) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

export type Chunk = { dir: Record<string, [number, number]>; body: string };

/** A chunk's directory and body from its text. */
export function parseChunk(text: string): Chunk {
  const nl = text.indexOf('\n');
  if (nl < 0) throw new Error('Edge data chunk without a directory line');
  return { dir: JSON.parse(text.slice(0, nl)) as Chunk['dir'], body: text.slice(nl + 1) };
}

/** A file's text from its chunk; undefined when the chunk does not hold it. */
export function fileOf(chunk: Chunk, path: string): string | undefined {
  const at = Object.hasOwn(chunk.dir, path) ? chunk.dir[path] : undefined;
  return at ? chunk.body.slice(at[0], at[1]) : undefined;
}

/**
 * The chunks an isolate keeps in memory: at most `cap` characters of chunk text in all (twice as
 * many bytes at most), the least recently used dropped first; the chunk just read is always kept.
 * Only chunks already read are shared between requests: a read under way is not (in workerd a
 * request may not wait on another request's I/O: "Cannot perform I/O on behalf of a different
 * request", measured at 100,000 brands), so requests that miss the same chunk at once each read it.
 */
export class ChunkCache {
  private readonly entries = new Map<number, { chunk: Chunk; chars: number }>();
  private total = 0;
  readonly cap: number;

  constructor(cap: number) {
    this.cap = cap;
  }

  /** Characters of the chunks kept now. */
  get chars(): number {
    return this.total;
  }

  /** The numbers of the chunks kept, least recently used first. */
  kept(): number[] {
    return [...this.entries.keys()];
  }

  async get(n: number, load: () => Promise<string>): Promise<Chunk> {
    const hit = this.entries.get(n);
    if (hit) {
      this.entries.delete(n);
      this.entries.set(n, hit);
      return hit.chunk;
    }
    const text = await load();
    const chunk = parseChunk(text);
    if (!this.entries.has(n)) {
      this.entries.set(n, { chunk, chars: text.length });
      this.total += text.length;
      this.trim(n);
    }
    return chunk;
  }

  private trim(keep: number): void {
    for (const [n, e] of this.entries) {
      if (this.total <= this.cap) break;
      if (n === keep) continue;
      this.total -= e.chars;
      this.entries.delete(n);
    }
  }
}
