/**
 * The wiring the listing stores share (coupons, deals, brands, search): a query string from
 * params, a search field's debounced text, a listing that starts again from page 1 when its
 * filters change, and page state that follows the address while an island is subscribed.
 */
import { atom, onMount, type ReadableAtom, type WritableAtom } from 'nanostores';
import type { Page } from '../catalog/source.ts';
import type { ListingStore, PageFetcher } from './listing.ts';
import { onPopState, replaceSearch } from './url.ts';

/** "?a=1&b=2" from params, or "" when there are none. */
export function toQueryString(params: URLSearchParams): string {
  const s = params.toString();
  return s ? `?${s}` : '';
}

export type DebouncedText = {
  /** What the field shows. */
  $text: WritableAtom<string>;
  /** The field changed: `apply(text)` runs `ms` after the last change. */
  set(text: string): void;
  /** Cancel a pending apply and return the text (a submit applies it at once). */
  flush(): string;
  /** Cancel a pending apply and empty the field. */
  clear(): void;
};

/** A search field whose text applies `ms` after the last keystroke. */
export function createDebouncedText(ms: number, apply: (text: string) => void): DebouncedText {
  const $text = atom('');
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    $text,
    set(text) {
      $text.set(text);
      clearTimeout(timer);
      timer = setTimeout(() => apply(text), ms);
    },
    flush() {
      clearTimeout(timer);
      return $text.get();
    },
    clear() {
      clearTimeout(timer);
      $text.set('');
    },
  };
}

/** Fetchers for filters that answer page 1 of the build's own query with the pre-rendered page. */
export function prerenderedFirst<T, F>(
  initialPage: Page<T>,
  isInitial: (filters: F) => boolean,
  fetchPage: (filters: F, page: number) => Promise<Page<T>>,
): (filters: F) => PageFetcher<T> {
  return (filters) => (page) =>
    isInitial(filters) && page === 1 ? Promise.resolve(initialPage) : fetchPage(filters, page);
}

export type FollowFilters<T, F> = {
  $filters: ReadableAtom<F>;
  /** The filters the listing shows before any change (read when an island subscribes). */
  applied: () => F;
  same: (a: F, b: F) => boolean;
  fetcherFor: (filters: F) => PageFetcher<T>;
  /** Runs for each change before the reload (e.g. writes the URL). */
  onChange?: (filters: F) => void;
  /** Runs once the listener is attached (e.g. reads the URL into the filters). */
  start?: () => void;
};

/** While an island subscribes to `store.$state`, each change of the filters starts the listing again from page 1. */
export function followFilters<T, F>(store: ListingStore<T>, o: FollowFilters<T, F>): void {
  onMount(store.$state, () => {
    let applied = o.applied();
    const unlisten = o.$filters.listen((filters) => {
      if (o.same(filters, applied)) return;
      applied = filters;
      o.onChange?.(filters);
      void store.reload(o.fetcherFor(filters));
    });
    o.start?.();
    return unlisten;
  });
}

export type FollowUrl = {
  /** Runs once when an island subscribes, before the first read. */
  start?: () => void;
  /** Loads the page state from the address (once, and on back/forward with `popState`). */
  read: () => void;
  /** The query string of the page state, kept in the address on every change. */
  search: () => ReadableAtom<string>;
  /** Write the address at once after the first read (it drops what the state does not hold). */
  writeNow?: boolean;
  popState?: boolean;
  /** Runs on unmount. */
  stop?: () => void;
};

/** While `$ready` is subscribed, the page state follows the address; `$ready` is true once read. */
export function followUrl($ready: WritableAtom<boolean>, o: FollowUrl): void {
  onMount($ready, () => {
    o.start?.();
    o.read();
    $ready.set(true);
    const $search = o.search();
    const unlisten = $search.listen(replaceSearch);
    if (o.writeNow) replaceSearch($search.get());
    const unpop = o.popState ? onPopState(o.read) : () => {};
    return () => {
      unlisten();
      unpop();
      o.stop?.();
    };
  });
}
