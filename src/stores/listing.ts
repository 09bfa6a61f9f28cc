/**
 * A paged listing as a store (SPEC §4 "Listings"): page 1 replaces, Show More appends,
 * `reload` (any filter or sort change) starts again from page 1. Stale answers are dropped.
 */
import { atom, type ReadableAtom } from 'nanostores';
import type { Page } from '../catalog/source.ts';
import { applyPage, emptyListing, type ListingState, listingFromPage } from '../lib/listing.ts';

export type PageFetcher<T> = (page: number) => Promise<Page<T>>;

export type ListingStore<T> = {
  $state: ReadableAtom<ListingState<T>>;
  /** Start again from page 1 with a new fetcher (filters/sort changed). */
  reload(fetcher: PageFetcher<T>): Promise<void>;
  /** Fetch the next page and append it. No-op while loading or when there is no more. */
  loadMore(): Promise<void>;
  /** Try the last failed request again. */
  retry(): Promise<void>;
};

export function createListingStore<T extends { id: number }>(
  fetcher: PageFetcher<T>,
  initial: Page<T> | null = null,
  errorText: (error: unknown) => string = (e) => (e instanceof Error ? e.message : String(e)),
): ListingStore<T> {
  const $state = atom<ListingState<T>>(listingFromPage(initial));
  let current = fetcher;
  let token = 0;
  let lastFailed: 'reload' | 'more' = 'reload';

  async function reload(next: PageFetcher<T>): Promise<void> {
    current = next;
    const mine = ++token;
    $state.set({ ...emptyListing<T>(true) });
    try {
      const page = await next(1);
      if (mine !== token) return;
      $state.set(applyPage(emptyListing<T>(), page));
    } catch (error) {
      if (mine !== token) return;
      lastFailed = 'reload';
      $state.set({ ...emptyListing<T>(), error: errorText(error) });
    }
  }

  async function loadMore(): Promise<void> {
    const s = $state.get();
    if (s.loading || s.loadingMore || !s.hasMore) return;
    const mine = ++token;
    $state.set({ ...s, loadingMore: true, error: null });
    try {
      const page = await current(s.page + 1);
      if (mine !== token) return;
      $state.set(applyPage($state.get(), page));
    } catch (error) {
      if (mine !== token) return;
      lastFailed = 'more';
      $state.set({ ...$state.get(), loadingMore: false, error: errorText(error) });
    }
  }

  async function retry(): Promise<void> {
    if (lastFailed === 'more' && $state.get().items.length > 0) {
      $state.set({ ...$state.get(), error: null });
      return loadMore();
    }
    return reload(current);
  }

  return { $state, reload, loadMore, retry };
}
