/** The strings each island of this folder can render, "ns:key" (see src/i18n/island-keys.ts). */
import { DEAL_SORTS } from '../../stores/deals.ts';
import { DEAL_CARD_KEYS, ERROR_BOUNDARY_KEYS } from '../offers/card-keys.ts';

/** A grid of deals (DealGrid), e.g. the trending deals. */
export const DEAL_GRID_KEYS: readonly string[] = [
  ...DEAL_CARD_KEYS,
  ...ERROR_BOUNDARY_KEYS,
  'coupons:card.shownIn',
  'deals:grid.empty.text',
  'deals:grid.empty.title',
  'deals:grid.label',
  'deals:grid.loading',
];

/** The deals listing (DealsListing): its sort, pages and grid. */
export const DEALS_LISTING_KEYS: readonly string[] = [
  ...DEAL_CARD_KEYS,
  ...ERROR_BOUNDARY_KEYS,
  'coupons:card.shownIn',
  'deals:error.retry',
  'deals:error.text',
  'deals:error.title',
  'deals:grid.empty.text',
  'deals:grid.empty.title',
  'deals:grid.label',
  'deals:grid.loading',
  'deals:page.all',
  'deals:page.loadMore',
  'deals:page.loadingMore',
  'deals:page.showing',
  'deals:page.sort',
  ...DEAL_SORTS.map((sort) => `deals:sort.${sort}`),
];
