/**
 * Deals (SPEC §2 "Deals page", §4 "Listings"): the sort of the All Deals list and the list
 * itself with its fetcher. Page 1 newest comes pre-rendered; a sort change starts again from
 * page 1 (a store listener), page 1 replaces and later pages append.
 */
import { atom } from 'nanostores';
import type { Deal, Sort } from '../catalog/schemas.ts';
import type { Page } from '../catalog/source.ts';
import { createListingStore, LISTING_PAGE_SIZE, type ListingStore } from './listing.ts';
import { followFilters, prerenderedFirst } from './listing-url.ts';
import { cachedFetch, KEY_SEPARATOR, QUERY_STALE_TIME } from './query.ts';
import { browserSource } from './source.ts';

/** The deals page's sort options, in the SPEC's order. */
export const DEAL_SORTS: readonly Sort[] = ['newest', 'popular', 'discount', 'expiring'];
export const DEFAULT_DEAL_SORT: Sort = 'newest';
export const $dealSort = atom<Sort>(DEFAULT_DEAL_SORT);

export function setDealSort(sort: Sort): void {
  $dealSort.set(DEAL_SORTS.includes(sort) ? sort : DEFAULT_DEAL_SORT);
}

/** One page of all deals in a sort (SPEC §9 names no deals-list time: the 5-minute staleness applies). */
export function browserDealPage(sort: Sort, page: number): Promise<Page<Deal>> {
  return cachedFetch(['deals', sort, LISTING_PAGE_SIZE, page].join(KEY_SEPARATOR), QUERY_STALE_TIME, async () =>
    (await browserSource()).deals.list({ page, pageSize: LISTING_PAGE_SIZE, sort }),
  );
}

let listing: ListingStore<Deal> | undefined;
/** The pre-rendered page `listing` started from: a build renders every language's page in one process. */
let listingFrom: Page<Deal> | undefined;

/** The All Deals listing, starting from the pre-rendered newest page 1; follows `$dealSort` while subscribed. */
export function dealsListing(initialPage: Page<Deal>): ListingStore<Deal> {
  if (listing && listingFrom === initialPage) return listing;
  listingFrom = initialPage;
  const fetcherFor = prerenderedFirst(initialPage, (sort: Sort) => sort === DEFAULT_DEAL_SORT, browserDealPage);
  const store = createListingStore<Deal>(fetcherFor(DEFAULT_DEAL_SORT), initialPage);
  listing = store;
  followFilters(store, {
    $filters: $dealSort,
    applied: () => $dealSort.get(),
    same: (a, b) => a === b,
    fetcherFor,
  });
  return store;
}
