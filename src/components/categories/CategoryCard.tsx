/**
 * A category card (SPEC §2 "Categories page"): icon, name, Featured badge, description, coupon
 * count and deal count, linking to the category page. No client state.
 *
 * Compact (a category page's "Other categories"): icon, name and badge only. No counts there
 * (issue 42): every category page lists the same first categories, so their counts on it would
 * change every category page of the site whenever one of those categories gains an offer. The
 * counts stay on the categories page, the home page and each category's own page.
 */
import type { TFunction } from 'i18next';
import { cssColor } from '../../catalog/colors.ts';
import type { Category } from '../../catalog/schemas.ts';

export type CategoryCardProps = {
  category: Category;
  href: string;
  /** Translates the "categories" namespace. */
  t: TFunction;
  /** Heading level of the name inside the card. */
  headingLevel?: 2 | 3;
  compact?: boolean;
};

export function CategoryCard({ category, href, t, headingLevel = 2, compact = false }: CategoryCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <a
      href={href}
      className="card group relative flex h-full flex-col gap-3 p-5 transition-shadow hover:border-primary hover:shadow-md focus-visible:border-primary"
    >
      <span className="flex items-start justify-between gap-3">
        <span
          aria-hidden="true"
          className="flex h-12 w-12 shrink-0 items-center justify-center overflow-hidden rounded-xl text-2xl"
          style={{
            backgroundColor: `color-mix(in srgb, ${cssColor(category.color, 'var(--site-primary)')} 15%, transparent)`,
          }}
        >
          {category.icon || '🏷️'}
        </span>
        {category.featured && (
          <span className="rounded-full bg-accent px-2 py-0.5 text-[11px] font-semibold uppercase tracking-wide text-white">
            {t('categories:card.featured')}
          </span>
        )}
      </span>
      <Heading className="text-lg font-bold text-ink group-hover:text-primary" lang={category.lang}>
        {category.name}
      </Heading>
      {!compact && category.description && (
        <p className="line-clamp-2 text-sm text-muted" lang={category.lang}>
          {category.description}
        </p>
      )}
      {!compact && (
        <span className="mt-auto flex flex-wrap gap-x-3 gap-y-1 text-sm font-medium text-ink">
          <span>{t('categories:card.coupons', { count: category.totalCoupons })}</span>
          <span aria-hidden="true" className="text-muted">
            ·
          </span>
          <span>{t('categories:card.deals', { count: category.totalDeals })}</span>
        </span>
      )}
    </a>
  );
}

export const CATEGORY_GRID_CLASS = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';
