import type { ReadableAtom } from 'nanostores';
import { startTransition, useCallback, useEffect, useState, useSyncExternalStore } from 'react';

/**
 * False on the server and while React hydrates an island (so the first client render matches
 * the static HTML: no React #418), true right after and on every later render. The switch to
 * true arrives as a transition: React re-renders in short slices after hydration has committed,
 * not in one long task with every component of the island (Lighthouse TBT).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}

/**
 * A store's value for rendering, `whileHydrating` until the island has hydrated. Reading a
 * nanostore mounts it, and stores that follow the URL read it when they mount; the server had no
 * URL, so the first client render must use what the server rendered with (no React #418).
 *
 * Right after hydration React compares the store's value with `whileHydrating` (`Object.is`) and
 * renders again only when they differ: an island whose stores still hold what it was built with
 * (no filters in the URL) is not rendered a second time in one long task. Pass the store's own
 * initial value (`store.init`) or a constant so that "unchanged" is the same value.
 */
/**
 * A store's value, every change of it rendered as a transition: React renders in slices of a
 * few milliseconds and can interrupt, instead of the synchronous re-render it gives a store read
 * through `useSyncExternalStore` (`useStore`) whenever the value changes, including right after
 * hydration when the store reads the address. For islands whose whole content follows their
 * stores (the search results). The first render uses the store's current value.
 */
export function useStoreAsTransition<T>(store: ReadableAtom<T>): T {
  const [value, setValue] = useState(() => store.get());
  useEffect(
    // `subscribe` mounts the store and calls back at once with its value (a same value renders nothing).
    () => store.subscribe((next) => startTransition(() => setValue(() => next))),
    [store],
  );
  return value;
}

export function useStoreAfterHydration<T>(store: ReadableAtom<T>, whileHydrating: T): T {
  const subscribe = useCallback((onChange: () => void) => store.listen(onChange), [store]);
  const get = useCallback(() => store.get(), [store]);
  return useSyncExternalStore(subscribe, get, () => whileHydrating);
}
