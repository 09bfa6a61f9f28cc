/**
 * Search: the header search box (debounced, cached suggestions) and the search page (query, tab,
 * page and the cached results). Rules from SPEC §4 "Search box", §5 "Search", §9 "Listings and
 * search". The search page's state follows its URL (read once its island subscribes, written on
 * every change, read again on back/forward); data comes from the browser's catalog source.
 */
import { atom, computed, type ReadableAtom } from 'nanostores';
import { trackAction } from '../analytics/analytics.ts';
import { SEARCH_TYPES } from '../catalog/constants.ts';
import { liveOnly, type Timed } from '../catalog/offer-time.ts';
import type { SearchResult, SearchSuggestion, SearchType } from '../catalog/search-schemas.ts';
import { SUGGESTIONS_LIMIT } from '../catalog/source.ts';
import { localizePath } from '../i18n/paths.ts';
import { normalizeQuery, QUERY_MAX_LENGTH } from '../page-chrome/search-query.ts';
import { LISTING_PAGE_SIZE } from './listing.ts';
import { followUrl, toQueryString } from './listing-url.ts';
import { CACHE_TIME, createCachedStore } from './query.ts';
import { browserSource } from './source.ts';
import { records } from './tracking.ts';
import { currentSearch, pushSearch } from './url.ts';

/** SPEC §9: suggestions after 300 ms without typing, for 2 characters or more, 5 at most; close 200 ms after blur. */
export const SUGGESTION_DEBOUNCE_MS = 300;
export const SUGGESTION_MIN_CHARS = 2;
export const BLUR_CLOSE_MS = 200;
export { SUGGESTIONS_LIMIT };
/** The search page asks for 8 trending terms (SPEC §7). */
export const SEARCH_PAGE_TRENDING_LIMIT = 8;
export { normalizeQuery, QUERY_MAX_LENGTH };

export const SEARCH_TABS = ['all', ...SEARCH_TYPES] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];

export type SearchPageState = { q: string; tab: SearchTab; page: number };

const isTab = (v: string): v is SearchTab => (SEARCH_TABS as readonly string[]).includes(v);

/** q, tab and page of a search page URL, validated: bad values fall back to "", "all" and 1. */
export function parseSearchParams(search: string | URLSearchParams): SearchPageState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const rawTab = params.get('tab') ?? 'all';
  const rawPage = (params.get('page') ?? '1').trim();
  const page = /^\d+$/.test(rawPage) ? Number(rawPage) : Number.NaN;
  const state: SearchPageState = {
    q: normalizeQuery(params.get('q') ?? ''),
    tab: isTab(rawTab) ? rawTab : 'all',
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
  // Only the paginated tabs have pages.
  if (state.tab !== 'coupons' && state.tab !== 'deals') state.page = 1;
  return state;
}

/** "?q=…&tab=…&page=…" with defaults left out ("" when there is nothing). */
export function searchQueryString(state: Partial<SearchPageState>): string {
  const params = new URLSearchParams();
  const q = normalizeQuery(state.q);
  if (q) params.set('q', q);
  if (state.tab && state.tab !== 'all') params.set('tab', state.tab);
  if (state.page && state.page > 1) params.set('page', String(state.page));
  return toQueryString(params);
}

/**
 * The plain search form (before the search-box island has loaded, or without JavaScript) sends
 * this field with the query: the island records its searches itself (SPEC §4 "Submitting records
 * the search"), so the search page records only the ones that arrive with it. The search page
 * drops it from the address once read.
 */
export const FORM_SUBMIT_FIELD = { name: 'from', value: 'form' } as const;

/** The query to record for a search page address: its q when the plain form sent it, else null. */
export function unrecordedQuery(search: string | URLSearchParams): string | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  if (params.get(FORM_SUBMIT_FIELD.name) !== FORM_SUBMIT_FIELD.value) return null;
  return normalizeQuery(params.get('q') ?? '') || null;
}

/**
 * Records each query at most once for the life of this recorder (one page view): `record` is
 * called for a new non-blank query, never twice for the same one. Returns whether it recorded.
 */
export function createSearchRecorder(record: (q: string) => void) {
  const done = new Set<string>();
  return (q: string | null): boolean => {
    const query = normalizeQuery(q ?? '');
    if (!query || done.has(query)) return false;
    done.add(query);
    record(query);
    return true;
  };
}

/** The localized search page address for a query. */
export function searchHref(q: string, lang: string, defaultLang: string): string {
  return `${localizePath('/search', lang, defaultLang)}${searchQueryString({ q })}`;
}

/**
 * Where choosing a suggestion goes: a brand to its brand page, a category to its category page
 * (by slug, or by numeric id when the suggestion has none: the id page forwards to the slug page);
 * a coupon or deal runs a search for its title (null here).
 */
export function suggestionHref(s: SearchSuggestion, lang: string, defaultLang: string): string | null {
  if (s.type !== 'brand' && s.type !== 'category') return null;
  const segment = encodeURIComponent(s.slug || String(s.id));
  return localizePath(`/${s.type === 'brand' ? 'brands' : 'categories'}/${segment}`, lang, defaultLang);
}

/** The suggestions key for a text: null (no fetch) below the minimum length. */
export function suggestionKey(text: string, minChars = SUGGESTION_MIN_CHARS): string | null {
  const q = normalizeQuery(text);
  return q.length >= minChars ? q.toLowerCase() : null;
}

export type FetchSuggestions = (q: string, limit: number) => Promise<SearchSuggestion[]>;

export interface SearchBoxStoreOptions {
  fetchSuggestions: FetchSuggestions;
  debounceMs?: number;
  minChars?: number;
  limit?: number;
}

/**
 * One search box: `$text` is what is typed; `$query` follows it after the debounce and is null
 * below the minimum length; `$suggestions` fetches for `$query` (shared cache, 60 s).
 */
export function createSearchBoxStore(options: SearchBoxStoreOptions) {
  const { fetchSuggestions, debounceMs = SUGGESTION_DEBOUNCE_MS, minChars = SUGGESTION_MIN_CHARS } = options;
  const limit = options.limit ?? SUGGESTIONS_LIMIT;
  const $text = atom('');
  const $query = atom<string | null>(null);
  let timer: ReturnType<typeof setTimeout> | undefined;

  const $suggestions = createCachedStore<SearchSuggestion[]>(
    ['suggestions', limit, $query as ReadableAtom<string | null>],
    (_name, _limit, q) => fetchSuggestions(String(q), limit),
    { dedupeTime: CACHE_TIME.SUGGESTIONS },
  );

  function setText(text: string): void {
    $text.set(text);
    clearTimeout(timer);
    const key = suggestionKey(text, minChars);
    if (key === null) {
      // Below the minimum: nothing to show, at once.
      $query.set(null);
      return;
    }
    timer = setTimeout(() => $query.set(key), debounceMs);
  }

  function clear(): void {
    clearTimeout(timer);
    $text.set('');
    $query.set(null);
  }

  return { $text, $query, $suggestions, setText, clear };
}
export type SearchBoxStore = ReturnType<typeof createSearchBoxStore>;

// ---------------------------------------------------------------------------
// Search page
// ---------------------------------------------------------------------------

export const $searchQuery = atom('');
export const $searchTab = atom<SearchTab>('all');
export const $searchPage = atom(1);

/** Load a page state (from the URL). */
export function setSearchState(state: SearchPageState): void {
  $searchQuery.set(state.q);
  $searchTab.set(state.tab);
  $searchPage.set(state.tab === 'coupons' || state.tab === 'deals' ? state.page : 1);
}

/** A tab change resets the page to 1 (SPEC §4). */
export function setSearchTab(tab: SearchTab): void {
  $searchTab.set(tab);
  $searchPage.set(1);
}

/** A new query resets the page to 1 (SPEC §4). */
export function setSearchQuery(q: string): void {
  $searchQuery.set(normalizeQuery(q));
  $searchPage.set(1);
}

export function setSearchPage(page: number): void {
  $searchPage.set(Math.max(1, Math.floor(page)));
}

export type SearchFn = (
  q: string,
  options: { page: number; pageSize: number; types?: SearchType[] },
) => Promise<SearchResult>;

/**
 * The search page's data: `$summary` is page 1 of every section (counts for the tab badges and
 * the All tab); `$tabPage` is page N > 1 of the Coupons or Deals tab. No q → no request.
 */
export function createSearchResultsStores(search: SearchFn) {
  const $q = computed($searchQuery, (q) => (q ? q : null));
  const $pagedType = computed([$searchTab, $searchPage], (tab, page) =>
    (tab === 'coupons' || tab === 'deals') && page > 1 ? tab : null,
  );
  const $pageKey = computed([$pagedType, $searchPage], (type, page) => (type ? page : null));
  const $summary = createCachedStore<SearchResult>(
    ['search', $q],
    (_name, q) => search(String(q), { page: 1, pageSize: LISTING_PAGE_SIZE }),
    // "Search Error" only once the automatic retry failed too: no error flashing before results.
    { dedupeTime: CACHE_TIME.COUPON_OTHER, errorAfterRetry: true },
  );
  const $tabPage = createCachedStore<SearchResult>(
    ['search-page', $q, $pagedType, $pageKey],
    (_name, q, type, page) =>
      search(String(q), { page: Number(page), pageSize: LISTING_PAGE_SIZE, types: [type as SearchType] }),
    { dedupeTime: CACHE_TIME.COUPON_OTHER, errorAfterRetry: true },
  );
  return { $summary, $tabPage };
}

/** Tab badge counts from a page-1 result. */
export function searchCounts(result: SearchResult, now: number | null = null): Record<SearchTab, number> {
  // Offers of this page that ended since the build (by `now`, the visitor's clock) are not counted.
  const ended = (items: readonly Timed[]) => (now === null ? 0 : items.length - liveOnly(items, now).length);
  const coupons = Math.max(0, result.coupons.totalItems - ended(result.coupons.items));
  const deals = Math.max(0, result.deals.totalItems - ended(result.deals.items));
  const brands = result.brands.length;
  const categories = result.categories.length;
  return { all: coupons + deals + brands + categories, coupons, deals, brands, categories };
}

// ---------------------------------------------------------------------------
// In the browser
// ---------------------------------------------------------------------------

/** A search box whose suggestions come from the browser's catalog source. */
export function browserSearchBox(minChars = SUGGESTION_MIN_CHARS): SearchBoxStore {
  return createSearchBoxStore({
    fetchSuggestions: async (q, limit) => (await browserSource()).suggestions(q, limit),
    minChars,
  });
}

/** Record a submitted search (POST /search/record; nothing in static-data mode). */
export function recordSearchQuery(q: string): Promise<void> {
  return records.search(q);
}

/**
 * Loads the search recorder (API mode) once the box is in use, so a submitted search's record
 * leaves at once instead of after loading code while the page is already changing.
 */
export function prepareSearchRecord(): Promise<void> {
  return records.prepare();
}

let resultStores: ReturnType<typeof createSearchResultsStores> | undefined;

/** The search page's data, from the browser's catalog source. */
export function searchResultsStores(): ReturnType<typeof createSearchResultsStores> {
  resultStores ??= createSearchResultsStores(async (q, options) => (await browserSource()).search(q, options));
  return resultStores;
}

/**
 * Records the plain form's searches (sent before the search box's island took over): on the API,
 * and as the GA4 "search" event the island would have sent. One recorder per page view.
 */
const recordFormSearch = createSearchRecorder((q) => {
  trackAction('search', { search_term: q });
  void recordSearchQuery(q);
});

/**
 * True once the search page's URL has been read (the first client render matches the
 * server's prompt). While subscribed: q, tab and page follow the URL and back/forward.
 */
export const $searchReady = atom(false);
followUrl($searchReady, {
  start: () => recordFormSearch(unrecordedQuery(currentSearch())),
  read: () => setSearchState(parseSearchParams(currentSearch())),
  search: () =>
    computed([$searchQuery, $searchTab, $searchPage], (q, tab, page) => searchQueryString({ q, tab, page })),
  writeNow: true,
  popState: true,
});

/** A trending term was chosen: a new history entry, the All tab of its results. */
export function searchFor(term: string): void {
  pushSearch(searchQueryString({ q: term }));
  setSearchQuery(term);
  setSearchTab('all');
}
