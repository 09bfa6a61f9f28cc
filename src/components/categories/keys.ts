/** The strings the categories island (CategoriesView) can render; see src/i18n/island-keys.ts. */
export const CATEGORIES_VIEW_KEYS = [
  'categories:card.coupons',
  'categories:card.deals',
  'categories:card.featured',
  'categories:error.details',
  'categories:error.refresh',
  'categories:error.text',
  'categories:error.title',
  'common:errorBoundary.refresh',
  'common:errorBoundary.text',
  'common:errorBoundary.title',
  'common:errorBoundary.tryAgain',
  'notice:stale.retry',
  'notice:stale.retrying',
  'notice:stale.text',
] as const;
