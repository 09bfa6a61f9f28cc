/**
 * A paged listing as a store (SPEC §4 "Listings"): page 1 replaces, Show More appends,
 * `reload` (any filter or sort change) starts again from page 1. Stale answers are dropped.
 * Every listing of the site pages by `LISTING_PAGE_SIZE` (features.pagination.itemsPerPage) and
 * loads its next page on Show More, or also when its end nears the viewport
 * (features.pagination.type "infinite-scroll", see `INFINITE_SCROLL`).
 */
import { atom, type ReadableAtom } from 'nanostores';
import type { Page } from '../catalog/source.ts';
import { siteRuntime } from '../config/site-runtime.ts';

/** features.pagination.itemsPerPage: the page size of every listing (static export and API calls). */
export const LISTING_PAGE_SIZE: number = siteRuntime.pagination.itemsPerPage;
/** features.pagination.type is "infinite-scroll": the next page loads as the list's end nears the viewport. */
export const INFINITE_SCROLL: boolean = siteRuntime.pagination.type === 'infinite-scroll';

/** What a listing holds (SPEC §4 "Listings"). */
export type ListingState<T> = {
  items: T[];
  /** Last page loaded (0 = nothing yet). */
  page: number;
  total: number;
  hasMore: boolean;
  /** First page loading (skeletons). */
  loading: boolean;
  /** Show More in flight. */
  loadingMore: boolean;
  error: string | null;
};

export function emptyListing<T>(loading = false): ListingState<T> {
  return { items: [], page: 0, total: 0, hasMore: false, loading, loadingMore: false, error: null };
}

/** A listing holding one page: page 1 replaces the items, later pages append (deduplicated by id). */
export function applyPage<T extends { id: number }>(state: ListingState<T>, result: Page<T>): ListingState<T> {
  let items: T[];
  if (result.page <= 1) items = result.items;
  else {
    const seen = new Set(state.items.map((i) => i.id));
    items = [...state.items, ...result.items.filter((i) => !seen.has(i.id))];
  }
  return {
    items,
    page: result.page,
    total: result.total,
    hasMore: result.hasMore,
    loading: false,
    loadingMore: false,
    error: null,
  };
}

/** A listing that starts from a pre-rendered page. */
export function listingFromPage<T extends { id: number }>(page: Page<T> | null): ListingState<T> {
  return page ? applyPage(emptyListing<T>(), page) : emptyListing<T>(true);
}

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
