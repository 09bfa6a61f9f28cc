import { atom } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CACHE_TIME,
  createCachedStore,
  createFetcherStore,
  QUERY_RETRY_DELAY_MS,
  QUERY_STALE_TIME,
} from '../../../src/stores/query.ts';

let keyCounter = 0;
const uniqueKey = (name: string) => `${name}-${++keyCounter}`;

/** Subscribes, lets the fetch settle, unsubscribes; returns the last value seen. */
async function visit<T>(store: { listen: (cb: (v: T) => void) => () => void }) {
  let last: T | undefined;
  const unsubscribe = store.listen((value) => {
    last = value;
  });
  await vi.advanceTimersByTimeAsync(0);
  unsubscribe();
  return last;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createCachedStore', () => {
  it('reuses the result within the cache time and refetches after it', async () => {
    const fetcher = vi.fn(async (name: unknown, page: unknown) => `${String(name)}:${String(page)}`);
    const key = uniqueKey('brands');
    const store = createCachedStore([key, 1], fetcher, { dedupeTime: CACHE_TIME.BRAND_LIST });

    expect(await visit(store)).toMatchObject({ data: `${key}:1` });
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(fetcher).toHaveBeenCalledWith(key, 1);

    await vi.advanceTimersByTimeAsync(CACHE_TIME.BRAND_LIST - 5000);
    await visit(store);
    expect(fetcher).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(10_000);
    await visit(store);
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('shares one cache entry between stores (islands) with the same key', async () => {
    const fetcher = vi.fn(async () => 'home');
    const key = uniqueKey('home');
    const a = createCachedStore([key], fetcher, { dedupeTime: CACHE_TIME.HOME });
    const b = createCachedStore([key], fetcher, { dedupeTime: CACHE_TIME.HOME });
    await visit(a);
    expect(await visit(b)).toMatchObject({ data: 'home' });
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('keeps parts apart in the cache key', async () => {
    const fetcher = vi.fn(async (...parts: unknown[]) => parts.join(','));
    const key = uniqueKey('coupons');
    expect(await visit(createCachedStore([key, 12], fetcher, { dedupeTime: 60_000 }))).toMatchObject({
      data: `${key},12`,
    });
    expect(await visit(createCachedStore([`${key}1`, 2], fetcher, { dedupeTime: 60_000 }))).toMatchObject({
      data: `${key}1,2`,
    });
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('follows key stores and pauses while one is empty', async () => {
    const fetcher = vi.fn(async (_name: unknown, q: unknown) => `q=${String(q)}`);
    const $q = atom<string | null>(null);
    const store = createCachedStore([uniqueKey('suggest'), $q], fetcher, { dedupeTime: CACHE_TIME.SUGGESTIONS });
    const seen: unknown[] = [];
    const unsubscribe = store.listen((v) => seen.push(v.data));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetcher).not.toHaveBeenCalled();
    $q.set('ni');
    await vi.advanceTimersByTimeAsync(0);
    expect(store.get().data).toBe('q=ni');
    unsubscribe();
  });
});

describe('query context defaults (SPEC §9)', () => {
  it('treats data as fresh for 5 minutes', async () => {
    const fetcher = vi.fn(async () => 1);
    const store = createFetcherStore<number>([uniqueKey('default')], { fetcher });
    await visit(store);
    await vi.advanceTimersByTimeAsync(QUERY_STALE_TIME - 1000);
    await visit(store);
    expect(fetcher).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2000);
    await visit(store);
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('retries a failed fetch exactly once', async () => {
    const fetcher = vi.fn(async () => {
      throw new Error('down');
    });
    const store = createCachedStore([uniqueKey('fail')], fetcher, { dedupeTime: CACHE_TIME.HOT_DEALS });
    const unsubscribe = store.listen(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(fetcher).toHaveBeenCalledTimes(1);
    // By default the first failure is not shown: the list stays loading through the retry.
    expect(store.get()).toEqual({ loading: true });
    await vi.advanceTimersByTimeAsync(QUERY_RETRY_DELAY_MS);
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(store.get().error).toBeInstanceOf(Error);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(fetcher).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('recovers when the retry succeeds', async () => {
    let calls = 0;
    const fetcher = vi.fn(async () => {
      calls++;
      if (calls === 1) throw new Error('blip');
      return 'ok';
    });
    const store = createCachedStore([uniqueKey('blip')], fetcher, { dedupeTime: CACHE_TIME.HOME });
    const unsubscribe = store.listen(() => {});
    await vi.advanceTimersByTimeAsync(QUERY_RETRY_DELAY_MS);
    expect(store.get()).toMatchObject({ data: 'ok', loading: false });
    unsubscribe();
  });
});

describe('errorAfterRetry (every list by default; the search page since issue 33)', () => {
  it('with errorAfterRetry: false, the first failure shows while the retry runs', async () => {
    const fetcher = vi.fn(async () => {
      throw new Error('down');
    });
    const store = createCachedStore([uniqueKey('eager-fail')], fetcher, {
      dedupeTime: CACHE_TIME.HOT_DEALS,
      errorAfterRetry: false,
    });
    const unsubscribe = store.listen(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(store.get().error).toBeInstanceOf(Error);
    await vi.advanceTimersByTimeAsync(QUERY_RETRY_DELAY_MS);
    expect(fetcher).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('stays loading through the automatic retry and shows the error once, after the retry failed', async () => {
    const fetcher = vi.fn(async () => {
      throw new Error('down');
    });
    const store = createCachedStore([uniqueKey('search-fail')], fetcher, {
      dedupeTime: CACHE_TIME.COUPON_OTHER,
      errorAfterRetry: true,
    });
    const seen: { loading: boolean; error: boolean }[] = [];
    const unsubscribe = store.listen((v) => seen.push({ loading: v.loading, error: v.error !== undefined }));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(store.get()).toEqual({ loading: true });
    await vi.advanceTimersByTimeAsync(QUERY_RETRY_DELAY_MS);
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(store.get().error).toBeInstanceOf(Error);
    expect(store.get().loading).toBe(false);
    // One change to an error, at the end: nothing on screen flips between error and loading.
    expect(seen.filter((v) => v.error)).toEqual([{ loading: false, error: true }]);
    expect(seen.at(-1)).toEqual({ loading: false, error: true });
    unsubscribe();
  });

  it('never shows an error when the retry succeeds', async () => {
    let calls = 0;
    const fetcher = vi.fn(async () => {
      calls++;
      if (calls === 1) throw new Error('blip');
      return 'results';
    });
    const store = createCachedStore([uniqueKey('search-blip')], fetcher, {
      dedupeTime: CACHE_TIME.COUPON_OTHER,
      errorAfterRetry: true,
    });
    const errors: unknown[] = [];
    const unsubscribe = store.listen((v) => {
      if (v.error !== undefined) errors.push(v.error);
    });
    await vi.advanceTimersByTimeAsync(QUERY_RETRY_DELAY_MS);
    expect(store.get()).toEqual({ data: 'results', loading: false });
    expect(errors).toEqual([]);
    unsubscribe();
  });
});

describe('cachedFetch (one-off fetches share the SPEC §9 cache)', () => {
  it('reuses a result within its time, refetches after, and never caches a failure', async () => {
    const { cachedFetch, clearCachedFetches, CACHE_TIME } = await import('../../../src/stores/query.ts');
    clearCachedFetches();
    let clock = 0;
    const now = () => clock;
    let calls = 0;
    const fetcher = async () => ++calls;
    expect(await cachedFetch('k', CACHE_TIME.COUPON_OTHER, fetcher, now)).toBe(1);
    clock = CACHE_TIME.COUPON_OTHER - 1;
    expect(await cachedFetch('k', CACHE_TIME.COUPON_OTHER, fetcher, now)).toBe(1);
    clock = CACHE_TIME.COUPON_OTHER;
    expect(await cachedFetch('k', CACHE_TIME.COUPON_OTHER, fetcher, now)).toBe(2);

    let fail = true;
    const flaky = async () => {
      if (fail) throw new Error('down');
      return 'up';
    };
    await expect(cachedFetch('f', CACHE_TIME.HOME, flaky, now)).rejects.toThrow('down');
    fail = false;
    expect(await cachedFetch('f', CACHE_TIME.HOME, flaky, now)).toBe('up');
  });
});
