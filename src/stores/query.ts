/**
 * Cached fetching shared across islands (SPEC §9 "Networking and caching"), on @nanostores/query.
 *
 * Every island imports the same context from here, so two islands asking for the same key share
 * one request and one cache entry.
 */
import { type FetcherStore, type KeyInput, nanoquery, type OnErrorRetry } from '@nanostores/query';
import type { ReadableAtom } from 'nanostores';

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

/**
 * nanoquery retries failed fetches with exponential backoff forever by default; we retry once.
 * `retryCount` is 1 after the first failure and 2 after the retry fails.
 */
export const retryOnce: OnErrorRetry = ({ retryCount }) =>
  retryCount <= QUERY_RETRY_COUNT ? QUERY_RETRY_DELAY_MS : null;

export const [createFetcherStore, createMutatorStore, queryCache] = nanoquery({
  dedupeTime: QUERY_STALE_TIME,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  onErrorRetry: retryOnce,
});

/** Between key parts, so `['coupons', 12]` and `['coupons1', 2]` never share a cache key. */
export const KEY_SEPARATOR = '|';

type KeyPart = string | number | true;
type KeyPartInput = KeyPart | ReadableAtom<KeyPart | null | undefined | false>;

export interface CachedStoreOptions {
  /** How long a result is reused before the next subscription refetches: one of `CACHE_TIME`. */
  dedupeTime: number;
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
  return createFetcherStore<T>(keys as KeyInput, {
    dedupeTime: options.dedupeTime,
    fetcher: (...parts) => fetcher(...(parts.filter((_, index) => index % 2 === 0) as KeyPart[])),
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
