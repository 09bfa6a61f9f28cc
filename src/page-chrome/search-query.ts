/**
 * The search query as the search page reads it from its address, and the search boxes that show
 * it: on the search page the header's box and the page's box hold the query whose results are
 * on screen (on load, and when a trending term or back/forward changes it). Small and free of
 * stores: the page chrome (src/page-chrome/page-chrome.ts) uses it before any island has loaded.
 */

/** Longer queries are cut (a URL is not a place for essays). */
export const QUERY_MAX_LENGTH = 100;

/** Trims, collapses whitespace and caps the length; anything that is not a string is "". */
export function normalizeQuery(raw: unknown): string {
  if (typeof raw !== 'string') return '';
  return raw.replace(/\s+/g, ' ').trim().slice(0, QUERY_MAX_LENGTH).trim();
}

/** The q of an address's query string, normalized ("" when there is none). */
export function queryOfSearch(search: string): string {
  return normalizeQuery(new URLSearchParams(search).get('q') ?? '');
}

/** Marks the search page (src/pages/[...lang]/search.astro): its boxes show its query. */
export const SEARCH_PAGE_ATTRIBUTE = 'data-search-page';
/** Sent to a search box whose island has taken over (SearchBox.tsx): `detail` is the query. */
export const SEARCH_BOX_FILL_EVENT = 'search-box:fill';

/**
 * Puts `q` into every search box of the page, except one the visitor is typing in (focused, or
 * holding text that is neither empty nor a query put there before).
 */
export function showQueryInSearchBoxes(doc: Document, q: string): void {
  for (const host of doc.querySelectorAll<HTMLElement>('[data-search-box]')) {
    if (host.dataset.mounted) {
      host.dispatchEvent(new CustomEvent(SEARCH_BOX_FILL_EVENT, { detail: q }));
      continue;
    }
    const input = host.querySelector<HTMLInputElement>('input[name="q"]');
    if (!input || input === doc.activeElement) continue;
    if (input.value !== '' && input.value !== input.dataset.shownQuery) continue;
    input.value = q;
    input.dataset.shownQuery = q;
  }
}
