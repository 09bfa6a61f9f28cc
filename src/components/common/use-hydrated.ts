import type { ReadableAtom } from 'nanostores';
import { useCallback, useSyncExternalStore } from 'react';

const subscribeNothing = () => () => {};

/**
 * False on the server and while React hydrates an island (so the first client render matches
 * the static HTML: no React #418), true right after and on every later render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
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
export function useStoreAfterHydration<T>(store: ReadableAtom<T>, whileHydrating: T): T {
  const subscribe = useCallback((onChange: () => void) => store.listen(onChange), [store]);
  const get = useCallback(() => store.get(), [store]);
  return useSyncExternalStore(subscribe, get, () => whileHydrating);
}
