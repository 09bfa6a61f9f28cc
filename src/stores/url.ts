/**
 * The address bar as stores see it: stores read their filters from the query string and keep
 * it in step (replaceState: no history entry per keystroke), so a listing's URL can be shared.
 * No-ops outside a browser.
 */

/** The current query string ("?q=…" or ""). */
export function currentSearch(): string {
  return typeof window === 'undefined' ? '' : window.location.search;
}

/** Replace the query string (keeping path, hash and history state) when it differs. */
export function replaceSearch(search: string): void {
  if (typeof window === 'undefined') return;
  const { pathname, hash } = window.location;
  if (search === window.location.search) return;
  window.history.replaceState(window.history.state, '', `${pathname}${search}${hash}`);
}

/** Push a new query string (a new history entry, e.g. a search for a trending term). */
export function pushSearch(search: string): void {
  if (typeof window === 'undefined') return;
  window.history.pushState(null, '', `${window.location.pathname}${search}`);
}

/** Calls `read` on back/forward; returns the unsubscribe. */
export function onPopState(read: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  window.addEventListener('popstate', read);
  return () => window.removeEventListener('popstate', read);
}
