/**
 * The brands page (SPEC §2 "Brands page", §7 "Brands"): search text and category filter (query
 * params q and category, read from the URL once the page's island subscribes and kept in it),
 * the whole filtered list fetched once and shown a page at a time by slicing, and the grid/list
 * layout.
 */
import { atom, computed } from 'nanostores';
import type { BrandSummary } from '../catalog/schemas.ts';
import { type BrandListOptions, FEATURED_BRANDS_LIMIT } from '../catalog/source.ts';
import { readPreference, writePreference } from '../preferences/preferences.ts';
import { LISTING_PAGE_SIZE } from './listing.ts';
import { createDebouncedText, followUrl, toQueryString } from './listing-url.ts';
import { CACHE_TIME, createCachedStore } from './query.ts';
import { normalizeQuery, SUGGESTION_DEBOUNCE_MS } from './search.ts';
import { browserSource } from './source.ts';
import { currentSearch } from './url.ts';

/** Brands shown per step (features.pagination.itemsPerPage). */
export const BRANDS_PAGE_SIZE = LISTING_PAGE_SIZE;
export { FEATURED_BRANDS_LIMIT };

export type BrandFilters = { q: string; categoryId: number | null };

/** q and category from the brands page URL; category must be a whole number (SPEC §5), else ignored. */
export function parseBrandParams(search: string | URLSearchParams): BrandFilters {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const raw = params.get('category');
  const category = raw !== null && /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : null;
  return {
    q: normalizeQuery(params.get('q') ?? ''),
    categoryId: category !== null && Number.isSafeInteger(category) ? category : null,
  };
}

/** "?category=3&q=ac" (empty when there is no filter). */
export function brandQueryString(filters: BrandFilters): string {
  const params = new URLSearchParams();
  if (filters.categoryId !== null) params.set('category', String(filters.categoryId));
  const q = normalizeQuery(filters.q);
  if (q) params.set('q', q);
  return toQueryString(params);
}

/** Featured brands show only with no search and no category (SPEC §2). */
export function showsFeatured(filters: BrandFilters): boolean {
  return filters.q === '' && filters.categoryId === null;
}

export const $brandQuery = atom('');
export const $brandCategory = atom<number | null>(null);
/** How many brands of the filtered list are shown. */
export const $brandShown = atom(BRANDS_PAGE_SIZE);

export const $brandFilters = computed(
  [$brandQuery, $brandCategory],
  (q, categoryId): BrandFilters => ({ q, categoryId }),
);

export function setBrandFilters(filters: BrandFilters): void {
  $brandQuery.set(normalizeQuery(filters.q));
  $brandCategory.set(filters.categoryId);
  $brandShown.set(BRANDS_PAGE_SIZE);
}

/** The search field's text; it becomes the query 300 ms after the last keystroke. */
const brandText = createDebouncedText(SUGGESTION_DEBOUNCE_MS, (text) => setBrandQuery(text));
export const $brandText = brandText.$text;

export function setBrandText(text: string): void {
  brandText.set(text);
}

/** The search form was submitted: apply the text at once. */
export function submitBrandText(): void {
  setBrandQuery(brandText.flush());
}

/** "Clear filters" of the empty state. */
export function clearBrandFilters(): void {
  brandText.clear();
  setBrandFilters({ q: '', categoryId: null });
}

/**
 * True once the page's URL has been read: the first client render matches the server's (no
 * filters), then the URL's filters apply. While subscribed, every filter change is written back
 * to the URL.
 */
export const $brandsReady = atom(false);
followUrl($brandsReady, {
  read: () => {
    const filters = parseBrandParams(currentSearch());
    setBrandFilters(filters);
    $brandText.set(filters.q);
    loadBrandView();
  },
  search: () => computed($brandFilters, brandQueryString),
  stop: () => brandText.flush(),
});

/**
 * The island's fields held something else than the build's values when it hydrated (a category
 * chosen by assistive technology, text typed early, fields the browser restored on Back): what
 * they show wins over the address, validated like it. Field name → value (`changedControls`).
 */
export function adoptBrandControls(changed: Readonly<Record<string, string>>): void {
  const hasQ = typeof changed.q === 'string';
  const hasCategory = typeof changed.category === 'string';
  if (!hasQ && !hasCategory) return;
  $brandsReady.get(); // the address first (mounts the page state), then the fields over it
  const fields = parseBrandParams(new URLSearchParams({ q: changed.q ?? '', category: changed.category ?? '' }));
  setBrandFilters({
    q: hasQ ? fields.q : $brandQuery.get(),
    categoryId: hasCategory ? fields.categoryId : $brandCategory.get(),
  });
  if (hasQ) $brandText.set(changed.q ?? '');
}

/** Changing the search resets to the first 20. */
export function setBrandQuery(q: string): void {
  setBrandFilters({ q, categoryId: $brandCategory.get() });
}

/** Changing the category resets to the first 20. */
export function setBrandCategory(categoryId: number | null): void {
  setBrandFilters({ q: $brandQuery.get(), categoryId });
}

/** Show More: 20 more (SPEC §4 listings). */
export function showMoreBrands(): void {
  $brandShown.set($brandShown.get() + BRANDS_PAGE_SIZE);
}

/** The first `shown` brands and whether more remain. */
export function sliceBrands<T>(all: readonly T[], shown: number): { items: T[]; hasMore: boolean } {
  const n = Math.max(0, Math.floor(shown));
  return { items: all.slice(0, n), hasMore: all.length > n };
}

// ---------------------------------------------------------------------------
// Layout preference
// ---------------------------------------------------------------------------

export const BRAND_VIEWS = ['grid', 'list'] as const;
export type BrandView = (typeof BRAND_VIEWS)[number];
export const BRAND_VIEW_KEY = 'brands_view';
const isBrandView = (v: string): v is BrandView => (BRAND_VIEWS as readonly string[]).includes(v);

export const $brandView = atom<BrandView>('grid');

/** Restore the remembered layout (call once in the browser). */
export function loadBrandView(): void {
  $brandView.set(readPreference(BRAND_VIEW_KEY, isBrandView) ?? 'grid');
}

export function setBrandView(view: BrandView): void {
  $brandView.set(view);
  writePreference(BRAND_VIEW_KEY, view);
}

// ---------------------------------------------------------------------------
// Data
// ---------------------------------------------------------------------------

export type ListBrands = (options: BrandListOptions) => Promise<BrandSummary[]>;

/** The whole filtered brand list (cached 1 min, SPEC §9), refetched when a filter changes. */
export function createBrandListStore(listBrands: ListBrands) {
  const $categoryKey = computed($brandCategory, (id) => (id === null ? 'all' : id));
  const $qKey = computed($brandQuery, (q) => `q:${q}`);
  return createCachedStore<BrandSummary[]>(
    ['brands', $categoryKey, $qKey],
    (_name, category, q) =>
      listBrands({
        categoryId: category === 'all' ? null : Number(category),
        q: String(q).slice(2) || null,
      }),
    { dedupeTime: CACHE_TIME.BRAND_LIST },
  );
}

let listStore: ReturnType<typeof createBrandListStore> | undefined;

/** The brands page's list, from the browser's catalog source. */
export function brandListStore(): ReturnType<typeof createBrandListStore> {
  listStore ??= createBrandListStore(async (options) => (await browserSource()).brands.list(options));
  return listStore;
}
