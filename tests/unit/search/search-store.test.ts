import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchResult, SearchSuggestion } from '../../../src/catalog/search-schemas.ts';
import {
  $searchPage,
  $searchQuery,
  $searchTab,
  createSearchBoxStore,
  createSearchResultsStores,
  normalizeQuery,
  parseSearchParams,
  QUERY_MAX_LENGTH,
  SUGGESTION_DEBOUNCE_MS,
  searchCounts,
  searchHref,
  searchQueryString,
  setSearchPage,
  setSearchQuery,
  setSearchState,
  setSearchTab,
  suggestionHref,
  suggestionKey,
} from '../../../src/stores/search.ts';

const suggestion = (over: Partial<SearchSuggestion>): SearchSuggestion => ({
  id: 12,
  type: 'brand',
  title: 'Acme',
  subtitle: '',
  image: null,
  slug: 'acme',
  ...over,
});

const emptyResult = (): SearchResult => ({
  coupons: { items: [], totalItems: 0, page: 1, totalPages: 0 },
  deals: { items: [], totalItems: 0, page: 1, totalPages: 0 },
  brands: [],
  categories: [],
});

describe('query and URL helpers', () => {
  it('normalizes whitespace, caps the length and rejects non-strings', () => {
    expect(normalizeQuery('  free   shipping \n')).toBe('free shipping');
    expect(normalizeQuery('x'.repeat(300))).toHaveLength(QUERY_MAX_LENGTH);
    expect(normalizeQuery(undefined)).toBe('');
    expect(normalizeQuery(['a'])).toBe('');
  });

  it('parses q, tab and page, falling back on bad values', () => {
    expect(parseSearchParams('?q=%20shoes%20&tab=coupons&page=3')).toEqual({ q: 'shoes', tab: 'coupons', page: 3 });
    expect(parseSearchParams('?q=a&tab=bogus&page=-1')).toEqual({ q: 'a', tab: 'all', page: 1 });
    expect(parseSearchParams('?tab=deals&page=2.5')).toEqual({ q: '', tab: 'deals', page: 1 });
    // Only Coupons and Deals have pages.
    expect(parseSearchParams('?q=a&tab=brands&page=4')).toEqual({ q: 'a', tab: 'brands', page: 1 });
    expect(parseSearchParams('')).toEqual({ q: '', tab: 'all', page: 1 });
  });

  it('writes the query string without defaults, and localized search addresses', () => {
    expect(searchQueryString({ q: 'a b', tab: 'all', page: 1 })).toBe('?q=a+b');
    expect(searchQueryString({ q: 'x', tab: 'deals', page: 2 })).toBe('?q=x&tab=deals&page=2');
    expect(searchQueryString({ q: '  ' })).toBe('');
    expect(searchHref('café & co', 'es', 'en')).toBe('/es/search?q=caf%C3%A9+%26+co');
    expect(searchHref('tv', 'en', 'en')).toBe('/search?q=tv');
  });

  it('sends brands and categories to their pages, by slug or else by id; others search', () => {
    expect(suggestionHref(suggestion({}), 'en', 'en')).toBe('/brands/acme');
    expect(suggestionHref(suggestion({ slug: null }), 'fr', 'en')).toBe('/fr/brands/12');
    expect(suggestionHref(suggestion({ type: 'category', id: 3, slug: 'travel' }), 'de', 'en')).toBe(
      '/de/categories/travel',
    );
    expect(suggestionHref(suggestion({ type: 'coupon', slug: null }), 'en', 'en')).toBeNull();
    expect(suggestionHref(suggestion({ type: 'deal', slug: null }), 'en', 'en')).toBeNull();
  });

  it('asks for suggestions only from the minimum length', () => {
    expect(suggestionKey('a')).toBeNull();
    expect(suggestionKey(' a ')).toBeNull();
    expect(suggestionKey('Ab')).toBe('ab');
    expect(suggestionKey('abc', 4)).toBeNull();
  });
});

describe('search box store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fetches after the 300 ms debounce, only for 2+ characters, 5 at most, and caches for 60 s', async () => {
    const fetchSuggestions = vi.fn(async (q: string, limit: number) => [suggestion({ title: `${q}:${limit}` })]);
    const box = createSearchBoxStore({ fetchSuggestions });
    const seen: unknown[] = [];
    const stop = box.$suggestions.listen((v) => seen.push(v.data));

    box.setText('a');
    await vi.advanceTimersByTimeAsync(SUGGESTION_DEBOUNCE_MS + 50);
    expect(fetchSuggestions).not.toHaveBeenCalled();
    expect(box.$query.get()).toBeNull();

    box.setText('ac');
    await vi.advanceTimersByTimeAsync(SUGGESTION_DEBOUNCE_MS - 50);
    expect(fetchSuggestions).not.toHaveBeenCalled();
    box.setText('acm'); // typing restarts the wait
    await vi.advanceTimersByTimeAsync(SUGGESTION_DEBOUNCE_MS - 50);
    expect(fetchSuggestions).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(fetchSuggestions).toHaveBeenCalledTimes(1);
    expect(fetchSuggestions).toHaveBeenCalledWith('acm', 5);
    expect(box.$suggestions.get().data).toEqual([suggestion({ title: 'acm:5' })]);

    // Back to the same text within 60 s: served from the cache.
    box.setText('ac');
    await vi.advanceTimersByTimeAsync(SUGGESTION_DEBOUNCE_MS + 10);
    box.setText('acm');
    await vi.advanceTimersByTimeAsync(SUGGESTION_DEBOUNCE_MS + 10);
    expect(fetchSuggestions.mock.calls.map((c) => c[0])).toEqual(['acm', 'ac']);
    stop();
  });

  it('drops below the minimum at once and clears', async () => {
    const box = createSearchBoxStore({ fetchSuggestions: async () => [] });
    box.setText('shoes');
    await vi.advanceTimersByTimeAsync(SUGGESTION_DEBOUNCE_MS);
    expect(box.$query.get()).toBe('shoes');
    box.setText('s');
    expect(box.$query.get()).toBeNull();
    box.setText('shoes');
    box.clear();
    await vi.advanceTimersByTimeAsync(SUGGESTION_DEBOUNCE_MS * 2);
    expect(box.$text.get()).toBe('');
    expect(box.$query.get()).toBeNull();
  });
});

describe('search page state', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a tab change and a new query reset the page to 1', () => {
    setSearchState({ q: 'tv', tab: 'coupons', page: 3 });
    expect($searchPage.get()).toBe(3);
    setSearchTab('deals');
    expect([$searchTab.get(), $searchPage.get()]).toEqual(['deals', 1]);
    setSearchPage(2);
    setSearchQuery('  radio ');
    expect([$searchQuery.get(), $searchPage.get()]).toEqual(['radio', 1]);
    setSearchState({ q: 'tv', tab: 'brands', page: 3 });
    expect($searchPage.get()).toBe(1);
  });

  it('fetches page 1 of everything, and later Coupons/Deals pages of that type only; nothing without q', async () => {
    setSearchState({ q: '', tab: 'all', page: 1 });
    const search = vi.fn(async () => emptyResult());
    const { $summary, $tabPage } = createSearchResultsStores(search);
    const stops = [$summary.listen(() => {}), $tabPage.listen(() => {})];
    await vi.advanceTimersByTimeAsync(0);
    expect(search).not.toHaveBeenCalled();

    setSearchState({ q: 'unit-test-q', tab: 'coupons', page: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(search.mock.calls).toEqual([['unit-test-q', { page: 1, pageSize: 20 }]]);
    setSearchPage(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(search.mock.calls[1]).toEqual(['unit-test-q', { page: 2, pageSize: 20, types: ['coupons'] }]);
    for (const stop of stops) stop();
  });

  it('counts each tab', () => {
    const r = emptyResult();
    r.coupons.totalItems = 75;
    r.deals.totalItems = 48;
    expect(searchCounts(r)).toEqual({ all: 123, coupons: 75, deals: 48, brands: 0, categories: 0 });
  });
});
