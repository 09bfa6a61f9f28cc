/**
 * Key groups that several islands render through the same components (see src/i18n/island-keys.ts):
 * each island's list in its folder's keys.ts spreads the groups its component tree contains.
 */

/** The discount badge and the end label, on coupon and deal cards alike. */
const DISCOUNT_AND_ENDS_KEYS = [
  'coupons:discount.amount',
  'coupons:discount.bogo',
  'coupons:discount.freeShipping',
  'coupons:discount.percent',
  'offers:ends.date',
  'offers:ends.ended',
  'offers:ends.hours',
  'offers:ends.minutes',
] as const;

/** A coupon card (CouponCard with its code health). */
export const COUPON_CARD_KEYS: readonly string[] = [
  'coupons:card.copied',
  'coupons:card.exclusive',
  'coupons:card.featured',
  'coupons:card.getCode',
  'coupons:card.getDeal',
  'coupons:card.newTab',
  'coupons:card.noCode',
  'coupons:card.shownIn',
  'coupons:card.verified',
  'health:card.estimate',
  'health:card.failing',
  'health:card.justNow',
  'health:card.lastWorked',
  'health:card.notOffered',
  'health:card.verifiedOn',
  'health:card.votes',
  'health:card.votesHint',
  ...DISCOUNT_AND_ENDS_KEYS,
];

/** A deal card's own keys, for a list that also spreads COUPON_CARD_KEYS (no key declared twice). */
export const DEAL_CARD_OWN_KEYS: readonly string[] = [
  'deals:card.exclusive',
  'deals:card.featured',
  'deals:card.getDeal',
  'deals:card.hot',
  'deals:card.limited',
  'deals:card.newTab',
  'deals:card.onlyLeft',
  'deals:card.originalPrice',
  'deals:card.salePrice',
  'deals:card.save',
];

/** A deal card (DealCard). */
export const DEAL_CARD_KEYS: readonly string[] = [...DEAL_CARD_OWN_KEYS, ...DISCOUNT_AND_ENDS_KEYS];

/** The island error boundary (common namespace). */
export const ERROR_BOUNDARY_KEYS: readonly string[] = [
  'common:errorBoundary.refresh',
  'common:errorBoundary.text',
  'common:errorBoundary.title',
  'common:errorBoundary.tryAgain',
];
