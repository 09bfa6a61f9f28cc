/** The categories list (categories page in API mode): cached 5 minutes (SPEC §9). */
import type { Category } from '../catalog/schemas.ts';
import { CACHE_TIME, createCachedStore } from './query.ts';
import { browserSource } from './source.ts';

let store: ReturnType<typeof createCachedStore<Category[]>> | undefined;

/** Every category from the browser's catalog source. */
export function categoriesStore(): ReturnType<typeof createCachedStore<Category[]>> {
  store ??= createCachedStore<Category[]>(['categories'], async () => (await browserSource()).categories.list(), {
    dedupeTime: CACHE_TIME.CATEGORY,
  });
  return store;
}
