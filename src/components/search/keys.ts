/** The strings each island of this folder can render, "ns:key" (see src/i18n/island-keys.ts). */
import { SUGGESTION_TYPES } from '../../catalog/search-schemas.ts';
import { SEARCH_TABS } from '../../stores/search.ts';
import { COUPON_CARD_KEYS, DEAL_CARD_OWN_KEYS, ERROR_BOUNDARY_KEYS } from '../offers/card-keys.ts';

/** The search page results (SearchResults): tabs, sections, pagination. */
export const SEARCH_RESULTS_KEYS: readonly string[] = [
  ...COUPON_CARD_KEYS,
  ...DEAL_CARD_OWN_KEYS,
  ...ERROR_BOUNDARY_KEYS,
  'brands:card.coupons',
  'brands:card.deals',
  'brands:card.featured',
  'categories:card.coupons',
  'categories:card.deals',
  'categories:card.featured',
  'coupons:grid.empty.text',
  'coupons:grid.empty.title',
  'coupons:grid.label',
  'coupons:grid.loading',
  'deals:grid.empty.text',
  'deals:grid.empty.title',
  'deals:grid.label',
  'deals:grid.loading',
  'search:empty.browse',
  'search:empty.hint',
  'search:empty.title',
  'search:error.retry',
  'search:error.text',
  'search:error.title',
  'search:page.prompt.text',
  'search:page.prompt.title',
  'search:page.results',
  'search:page.searching',
  'search:page.trending',
  'search:pagination.label',
  'search:pagination.next',
  'search:pagination.pageOf',
  'search:pagination.previous',
  'search:section.viewAll',
  'search:tabs.label',
  ...SEARCH_TABS.map((tab) => `search:tabs.${tab}`),
];

/** The header search box (SearchBox, mounted by mount-search-box.tsx): suggestions by type. */
export const SEARCH_BOX_KEYS: readonly string[] = [
  'common:header.searchLabel',
  'common:header.searchPlaceholder',
  'common:header.searchSubmit',
  'search:box.loading',
  'search:box.none',
  'search:box.status',
  'search:box.suggestions',
  ...SUGGESTION_TYPES.map((type) => `search:box.type.${type}`),
  ...SUGGESTION_TYPES.map((type) => `search:box.group.${type}`),
];
