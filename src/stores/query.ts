/**
 * Cached fetching shared across islands (SPEC §9 "Networking and caching").
 *
 * Every island imports the same context from here, so two islands asking for the same key share
 * one request and one cache entry.
 */
import { atom, onMount, type ReadableAtom } from 'nanostores';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** SPEC §9 cache times, in ms: pass one as `dedupeTime` to `createCachedStore`. */
export const CACHE_TIME = {
  HOME: 5 * MINUTE,
  CATEGORY: 5 * MINUTE,
  BRAND_LIST: 1 * MINUTE,
  /** Coupons page 1 with no search, category or brand filter and sort newest or unset. */
  COUPON_PAGE1_UNFILTERED: 5 * MINUTE,
  /** Every other coupons list request. */
  COUPON_OTHER: 1 * MINUTE,
  SUGGESTIONS: 60 * SECOND,
  HOT_DEALS: 5 * MINUTE,
} as const;

/** SPEC §9 global query defaults: 5-minute staleness, 1 retry, no refetch on window focus. */
export const QUERY_STALE_TIME = 5 * MINUTE;
export const QUERY_RETRY_COUNT = 1;
/** Wait before the single retry of a failed fetch. */
export const QUERY_RETRY_DELAY_MS = 1 * SECOND;

export type FetcherValue<T> = { data?: T; error?: unknown; loading: boolean };

/** A store of one cached fetch: its value follows its key; `invalidate()` forgets and refetches. */
export type FetcherStore<T> = ReadableAtom<FetcherValue<T>> & { invalidate(): void };

type KeyValue = string | number | true;
type KeyInput = readonly (KeyValue | ReadableAtom<KeyValue | null | undefined | false>)[];

interface Entry {
  data?: unknown;
  /** When the data arrived (ms). */
  at: number;
  pending?: Promise<unknown>;
}
/** One cache for every store on the page: islands asking for the same key share it. */
const cache = new Map<string, Entry>();

/**
 * A fetcher store:
 * `keys` are constants or stores (a store holding null, undefined or false pauses fetching);
 * the cache key is their values joined. While subscribed, the store fetches for the current key
 * unless the cache has data younger than `dedupeTime`; concurrent stores with the same key share
 * one request; a failure is never cached and is retried once after `QUERY_RETRY_DELAY_MS`.
 */
export function createFetcherStore<T>(
  keys: KeyInput,
  options: {
    fetcher: (...parts: KeyValue[]) => Promise<T>;
    dedupeTime?: number;
    /**
     * Keep the loading state through the automatic retry, so the error shows only once it failed
     * too (default). `false` shows the first failure while the retry runs.
     */
    errorAfterRetry?: boolean;
  },
): FetcherStore<T> {
  const dedupeTime = options.dedupeTime ?? QUERY_STALE_TIME;
  const errorAfterRetry = options.errorAfterRetry ?? true;
  const value = atom<FetcherValue<T>>({ loading: false });
  const store = value as typeof value & { invalidate(): void };
  let current: { key: string; parts: KeyValue[] } | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const read = (): { key: string; parts: KeyValue[] } | null => {
    const parts: KeyValue[] = [];
    for (const k of keys) {
      const v = typeof k === 'object' ? k.get() : k;
      if (v === null || v === undefined || v === false) return null;
      parts.push(v);
    }
    return { key: parts.join(''), parts };
  };

  /** `lastError`: the automatic retry keeps the failure on show while it runs (no flicker). */
  const run = (attempt: number, lastError?: unknown) => {
    clearTimeout(retryTimer);
    const target = current;
    if (!target) {
      store.set({ loading: false });
      return;
    }
    const hit = cache.get(target.key);
    if (hit && 'data' in hit && Date.now() - hit.at < dedupeTime) {
      store.set({ data: hit.data as T, loading: false });
      return;
    }
    store.set(lastError === undefined ? { loading: true } : { loading: true, error: lastError });
    let pending = hit?.pending;
    if (!pending) {
      pending = options.fetcher(...target.parts);
      const entry: Entry = { ...(hit ?? { at: 0 }), pending };
      cache.set(target.key, entry);
      pending.then(
        (data) => cache.set(target.key, { data, at: Date.now() }),
        () => {
          if (cache.get(target.key) === entry) cache.delete(target.key);
        },
      );
    }
    pending.then(
      (data) => {
        if (current === target) store.set({ data: data as T, loading: false });
      },
      (error: unknown) => {
        if (current !== target) return;
        const retries = attempt < QUERY_RETRY_COUNT;
        // With errorAfterRetry the loading state stays on show until the retry has failed too.
        if (!(retries && errorAfterRetry)) store.set({ error, loading: false });
        if (retries) {
          const shown = errorAfterRetry ? undefined : error;
          retryTimer = setTimeout(() => current === target && run(attempt + 1, shown), QUERY_RETRY_DELAY_MS);
        }
      },
    );
  };

  const refresh = () => {
    const next = read();
    if (next?.key === current?.key && current !== null) return;
    current = next;
    run(0);
  };

  onMount(store, () => {
    const stops = keys.flatMap((k) => (typeof k === 'object' ? [k.listen(refresh)] : []));
    current = read();
    // After the subscriber that mounted the store is registered, so it sees the value.
    const target = current;
    queueMicrotask(() => {
      if (current === target) run(0);
    });
    return () => {
      for (const stop of stops) stop();
      clearTimeout(retryTimer);
      current = null;
    };
  });

  store.invalidate = () => {
    const target = current ?? read();
    if (target) cache.delete(target.key);
    if (current) run(0);
  };
  return store;
}

/** Between key parts, so `['coupons', 12]` and `['coupons1', 2]` never share a cache key. */
export const KEY_SEPARATOR = '|';

type KeyPart = string | number | true;
type KeyPartInput = KeyPart | ReadableAtom<KeyPart | null | undefined | false>;

export interface CachedStoreOptions {
  /** How long a result is reused before the next subscription refetches: one of `CACHE_TIME`. */
  dedupeTime: number;
  /**
   * The error shows only after the automatic retry failed too (the loading state stays on show
   * meanwhile, so a screen reader hears the error once and a list that recovers never flashes an
   * error). Default true; `false` shows the first failure during the retry.
   */
  errorAfterRetry?: boolean;
}

/**
 * A cached fetcher store. `keyParts` are constants or stores (a store holding null, undefined or
 * false pauses fetching); the fetcher gets their current values, in order, and must reject on
 * failure (see `unwrapResult` in src/api/errors.ts). The cache key is the parts joined by `|`.
 */
export function createCachedStore<T>(
  keyParts: readonly KeyPartInput[],
  fetcher: (...parts: KeyPart[]) => Promise<T>,
  options: CachedStoreOptions,
): FetcherStore<T> {
  const keys: KeyPartInput[] = [];
  keyParts.forEach((part, index) => {
    if (index > 0) keys.push(KEY_SEPARATOR);
    keys.push(part);
  });
  return createFetcherStore<T>(keys, {
    dedupeTime: options.dedupeTime,
    errorAfterRetry: options.errorAfterRetry ?? true,
    fetcher: (...parts) => fetcher(...parts.filter((_, index) => index % 2 === 0)),
  });
}

interface CacheEntry {
  at: number;
  value: Promise<unknown>;
}
const imperativeCache = new Map<string, CacheEntry>();

/**
 * The same cache rules for one-off fetches (a listing's Show More, the home refresh): a result
 * is reused for `ttl` ms by every island on the page asking for the same key; concurrent calls
 * share one request; a failure is never cached, so Try Again really asks again.
 */
export function cachedFetch<T>(key: string, ttl: number, fetcher: () => Promise<T>, now = Date.now): Promise<T> {
  const hit = imperativeCache.get(key);
  if (hit && now() - hit.at < ttl) return hit.value as Promise<T>;
  const value = fetcher();
  imperativeCache.set(key, { at: now(), value });
  value.catch(() => {
    if (imperativeCache.get(key)?.value === value) imperativeCache.delete(key);
  });
  return value;
}

/** Forget every one-off fetch (tests). */
export function clearCachedFetches(): void {
  imperativeCache.clear();
}
