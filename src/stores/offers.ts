/**
 * The coupons or deals of one brand or category (brand and category pages, SPEC §4 "Listings":
 * Show More appends the next page). One listing per list on the page, starting from the
 * pre-rendered page 1; later pages come from the browser's catalog source.
 */
import type { Coupon, Deal } from '../catalog/schemas.ts';
import type { Page } from '../catalog/source.ts';
import { createListingStore, LISTING_PAGE_SIZE, type ListingStore } from './listing.ts';
import { browserSource } from './source.ts';

export type OfferOwner = 'brand' | 'category';
export type OfferKind = 'coupons' | 'deals';
export type Offer = Coupon | Deal;

/** One page of a brand's or category's coupons or deals. */
export async function browserOfferPage(
  owner: OfferOwner,
  ownerId: number,
  kind: OfferKind,
  page: number,
): Promise<Page<Offer>> {
  const group = (await browserSource())[owner === 'brand' ? 'brands' : 'categories'];
  const options = { page, pageSize: LISTING_PAGE_SIZE };
  return kind === 'coupons' ? group.coupons(ownerId, options) : group.deals(ownerId, options);
}

/** Per owner and kind, with the pre-rendered page it started from (a build renders every language's page in one process). */
const listings = new Map<string, { store: ListingStore<Offer>; from: Page<Offer> }>();

/** The listing of one owner's coupons or deals, starting from its pre-rendered first page. */
export function offersListing(
  owner: OfferOwner,
  ownerId: number,
  kind: OfferKind,
  initial: Page<Offer>,
): ListingStore<Offer> {
  const key = `${owner}:${ownerId}:${kind}`;
  const known = listings.get(key);
  if (known && known.from === initial) return known.store;
  const store = createListingStore<Offer>((page) => browserOfferPage(owner, ownerId, kind, page), initial);
  listings.set(key, { store, from: initial });
  return store;
}
