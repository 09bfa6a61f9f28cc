/**
 * A brand in a grid or list: logo (or initial), name, Featured badge, coupon and deal counts;
 * the whole card links to the brand page. No client state: rendered on the server by .astro
 * pages and inside islands alike.
 */
import type { TFunction } from 'i18next';
import type { BrandSummary } from '../../catalog/schemas.ts';
import { BrandLogo } from '../coupons/BrandLogo.tsx';

export type BrandCardProps = {
  brand: BrandSummary;
  href: string;
  /** Translates the "brands" namespace. */
  t: TFunction;
  view?: 'grid' | 'list';
  /** Category name shown under the brand name (list view). */
  /** The brand's category name, with its `lang` mark when it is a fallback (issue 24). */
  categoryName?: { name: string; lang?: string | undefined } | undefined;
};

export function BrandCard({ brand, href, t, view = 'grid', categoryName }: BrandCardProps) {
  const counts = (
    <span className="text-xs text-muted">
      {t('brands:card.coupons', { count: brand.totalCoupons })} · {t('brands:card.deals', { count: brand.totalDeals })}
    </span>
  );
  if (view === 'list') {
    return (
      <a
        href={href}
        className="card flex items-center gap-4 p-4 transition-shadow hover:border-primary hover:shadow-md focus-visible:border-primary"
      >
        <BrandLogo name={brand.name} logo={brand.logo} size={48} />
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-2">
            <span className="min-w-0 font-semibold text-ink" lang={brand.lang}>
              {brand.name}
            </span>
            {brand.featured && <FeaturedBadge t={t} />}
          </span>
          {categoryName && (
            <span className="block text-sm text-muted" lang={categoryName.lang}>
              {categoryName.name}
            </span>
          )}
        </span>
        {counts}
      </a>
    );
  }
  return (
    <a
      href={href}
      className="card relative flex h-full flex-col items-center gap-3 px-4 pb-5 pt-9 text-center transition-shadow hover:border-primary hover:shadow-md focus-visible:border-primary"
    >
      {brand.featured && (
        <span className="absolute right-2 top-2">
          <FeaturedBadge t={t} />
        </span>
      )}
      <BrandLogo name={brand.name} logo={brand.logo} size={64} />
      <span className="line-clamp-2 max-w-full font-semibold text-ink" lang={brand.lang}>
        {brand.name}
      </span>
      {counts}
    </a>
  );
}

function FeaturedBadge({ t }: { t: TFunction }) {
  return (
    <span className="rounded-full bg-accent px-2 py-0.5 text-[11px] font-semibold uppercase tracking-wide text-white">
      {t('brands:card.featured')}
    </span>
  );
}

/** Same size as a grid card, shown while brands load (no layout shift). */
export function BrandCardSkeleton() {
  return (
    <div aria-hidden="true" className="card flex h-full animate-pulse flex-col items-center gap-3 px-4 pb-5 pt-9">
      <span className="h-16 w-16 rounded-lg bg-line" />
      <span className="h-4 w-24 rounded bg-line" />
      <span className="h-3 w-32 rounded bg-line" />
    </div>
  );
}

export const BRAND_GRID_CLASS = 'grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5';
export const BRAND_LIST_CLASS = 'grid grid-cols-1 gap-3 md:grid-cols-2';
