/** The strings each island of this folder can render, "ns:key" (see src/i18n/island-keys.ts). */
import { SORTS } from '../../catalog/constants.ts';
import { COUPON_CARD_KEYS, ERROR_BOUNDARY_KEYS } from '../offers/card-keys.ts';

/** The coupons listing (CouponsListing): filters, sorts, the grid, the expiring and featured rows. */
export const COUPONS_LISTING_KEYS: readonly string[] = [
  ...COUPON_CARD_KEYS,
  ...ERROR_BOUNDARY_KEYS,
  'coupons:all.title',
  'coupons:empty.text',
  'coupons:empty.title',
  'coupons:error.retry',
  'coupons:error.text',
  'coupons:error.title',
  'coupons:expiring.more',
  'coupons:expiring.title',
  'coupons:featured.title',
  'coupons:filters.allBrands',
  'coupons:filters.allCategories',
  'coupons:filters.brand',
  'coupons:filters.category',
  'coupons:filters.clear',
  'coupons:filters.grid',
  'coupons:filters.label',
  'coupons:filters.list',
  'coupons:filters.search',
  'coupons:filters.searchPlaceholder',
  'coupons:filters.sort',
  'coupons:filters.view',
  'coupons:grid.empty.text',
  'coupons:grid.empty.title',
  'coupons:grid.label',
  'coupons:grid.loading',
  'coupons:results.loadingMore',
  'coupons:results.showMore',
  'coupons:results.summary',
  'offers:expiring.seeAll',
  ...SORTS.map((sort) => `coupons:sort.${sort}`),
];
