import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';
import { useSyncExternalStore } from 'react';

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
 */
export function useStoreAfterHydration<T>(store: ReadableAtom<T>, whileHydrating: T): T {
  const live = useStore(store);
  return useHydrated() ? live : whileHydrating;
}
