/**
 * The static source's files (src/sources/static/source.ts): each file fetched once and kept in
 * memory, values derived from files computed once, and the small shared readers (meta, key
 * lists, number lists, brand rows). A failure is not cached: the next call asks again.
 */
import type { Category } from '../../catalog/schemas.ts';
import { type BrandRowsFile, decodeDeltas, fromBrandRow, type ShardKeys, type StaticMeta } from './format.ts';

export type StaticSourceOptions = {
  /** Where the files are served, e.g. "/data" (default) or "https://cdn.example/data". */
  baseUrl?: string;
  /** The fetch to use (default: globalThis.fetch). */
  fetch?: (url: string) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>;
  /** The clock for "expiring soon" (default: the real clock). */
  now?: () => Date;
};

/** A static data file could not be loaded (network error, a non-404 HTTP error, or the wrong shape). */
export class StaticDataError extends Error {
  readonly path: string;
  readonly status: number | null;
  constructor(path: string, status: number | null, cause?: unknown, what = 'Failed to load catalog data') {
    super(`${what} ${path}${status === null ? '' : ` (HTTP ${status})`}`, { cause });
    this.name = 'StaticDataError';
    this.path = path;
    this.status = status;
  }
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The loaders one static source shares between its parts (items.ts, names.ts, source.ts). */
export function createStaticLoader(options: StaticSourceOptions = {}) {
  const base = (options.baseUrl ?? '/data').replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((url: string) => globalThis.fetch(url));
  const now = options.now ?? (() => new Date());
  const cache = new Map<string, Promise<unknown>>();
  const decoded = new Map<string, Promise<unknown>>();

  /** Fetch a file once; a missing file (404) is null. Failures are not cached. */
  function load<T>(path: string, valid: (v: unknown) => boolean): Promise<T | null> {
    let p = cache.get(path);
    if (!p) {
      p = (async () => {
        let res: Awaited<ReturnType<typeof doFetch>>;
        try {
          res = await doFetch(`${base}/${path}`);
        } catch (e) {
          throw new StaticDataError(path, null, e);
        }
        if (res.status === 404) return null;
        if (!res.ok) throw new StaticDataError(path, res.status);
        const body: unknown = await res.json();
        if (!valid(body)) throw new StaticDataError(path, null, undefined, 'Unexpected catalog data in');
        return body;
      })();
      p.catch(() => cache.delete(path));
      cache.set(path, p);
    }
    return p as Promise<T | null>;
  }
  async function need<T>(path: string, valid: (v: unknown) => boolean): Promise<T> {
    const v = await load<T>(path, valid);
    if (v === null) throw new StaticDataError(path, 404);
    return v;
  }
  /** A value derived from files, computed once (dropped again when it fails). */
  function memo<T>(key: string, make: () => Promise<T>): Promise<T> {
    let p = decoded.get(key);
    if (!p) {
      p = make();
      p.catch(() => decoded.delete(key));
      decoded.set(key, p);
    }
    return p as Promise<T>;
  }

  const meta = () =>
    memo('meta', async (): Promise<StaticMeta> => {
      const m = await need<StaticMeta>('meta.json', (v) => isObject(v) && Array.isArray(v.brandShards));
      return {
        ...m,
        brandShards: decodeDeltas(m.brandShards),
        idShards: { coupons: decodeDeltas(m.idShards.coupons), deals: decodeDeltas(m.idShards.deals) },
      };
    });
  /**
   * Whether a name or search shard exists for a key: the export lists them (meta.keys), so a
   * prefix nothing starts with is not requested (no 404). An export without the list: ask.
   */
  const shardKeys = (kind: keyof ShardKeys) =>
    memo(`keys/${kind}`, async (): Promise<Set<string> | null> => {
      const list: unknown = (await meta()).keys?.[kind];
      return Array.isArray(list) && list.every((k) => typeof k === 'string') ? new Set(list) : null;
    });
  const hasShard = async (kind: keyof ShardKeys, key: string) => (await shardKeys(kind))?.has(key) ?? true;
  const categoriesFile = () => need<Category[]>('categories.json', Array.isArray);
  const numbers = (path: string) =>
    memo(path, async () => decodeDeltas((await load<number[]>(path, Array.isArray)) ?? []));
  const rowsFile = (path: string) =>
    memo(path, async () => {
      const file = await load<BrandRowsFile>(path, (v) => isObject(v) && Array.isArray(v.rows));
      return { rows: file ? file.rows.map(fromBrandRow) : [], more: file?.more === true };
    });
  const rows = async (path: string) => (await rowsFile(path)).rows;
  /** Every brand with a name word starting with the key's two characters. */
  const nameHead = async (key: string) =>
    (await hasShard('names', key)) ? rowsFile(`brands/names/${key}.json`) : { rows: [], more: false };
  const nameRows = async (key: string) => {
    const head = await nameHead(key);
    return head.more ? rows(`brands/names/${key}-all.json`) : head.rows;
  };
  const brandIndex = () => rows('brands/index.json');
  return { now, load, need, memo, meta, hasShard, categoriesFile, numbers, rows, nameHead, nameRows, brandIndex };
}

export type StaticLoader = ReturnType<typeof createStaticLoader>;
