/** The strings each island of this folder can render, "ns:key" (see src/i18n/island-keys.ts). */
import { COUPON_CARD_KEYS, ERROR_BOUNDARY_KEYS } from '../offers/card-keys.ts';

/** The home page island (HomeContent): stats, featured coupons, popular categories. */
export const HOME_CONTENT_KEYS: readonly string[] = [
  ...COUPON_CARD_KEYS,
  ...ERROR_BOUNDARY_KEYS,
  'coupons:grid.empty.text',
  'coupons:grid.empty.title',
  'coupons:grid.label',
  'coupons:grid.loading',
  'home:categories.offers',
  'home:categories.subtitle',
  'home:categories.title',
  'home:categories.viewAll',
  'home:categories.viewAllLabel',
  'home:error.text',
  'home:error.title',
  'home:featured.subtitle',
  'home:featured.title',
  'home:featured.viewAll',
  'home:featured.viewAllLabel',
  'home:stats.brands',
  'home:stats.coupons',
  'home:stats.deals',
  'home:stats.label',
  'home:stats.savings',
  'notice:stale.retry',
  'notice:stale.retrying',
  'notice:stale.text',
];
