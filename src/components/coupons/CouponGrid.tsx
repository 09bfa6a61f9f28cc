/**
 * The reusable coupon grid (SPEC §2 "Coupon grid"): 1 to 4 columns by width, 8 skeletons
 * while loading, the empty state, the copied state for 3 s, Get Code opens the code modal
 * (through the modal store; the page's ModalRoot island shows it), and the ad-script preload
 * seam (cards alternate adsense/adsterra, preload near the viewport and after 2 s idle).
 *
 * `CouponGrid` is for use inside another island (pass `t`); the default export
 * `CouponGridIsland` is an island root for .astro pages (pass `lang` and `messages`).
 */
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import type { Coupon } from '../../catalog/schemas.ts';
import { createTranslator } from '../../i18n/client.ts';
import type { Messages } from '../../i18n/index.ts';
import { GRID_AD_PLATFORMS, preloadAfterIdle } from '../../stores/ad-code.ts';
import { $copiedCoupons } from '../../stores/copied.ts';
import { $liveHealth, requestHealth, withLiveHealth } from '../../stores/live-health.ts';
import { openCouponModal } from '../../stores/modal.ts';
import { ErrorBoundary, errorBoundaryTexts } from '../common/ErrorBoundary.tsx';
import { useLive } from '../offers/use-now.ts';
import { CouponCard, CouponCardSkeleton } from './CouponCard.tsx';

export const SKELETON_COUNT = 8;

/** Stable keys for n skeleton cards. */
export function skeletonKeys(n: number): string[] {
  return Array.from({ length: n }, (_, i) => `skeleton-${i}`);
}

export type GridColumns = 3 | 4;

export function gridClass(columns: GridColumns = 4, view: 'grid' | 'list' = 'grid'): string {
  // *:min-w-0: each item may shrink below its content's width (long titles truncate, not overflow).
  if (view === 'list') return 'grid grid-cols-1 gap-4 *:min-w-0';
  return columns === 3
    ? 'grid grid-cols-1 gap-4 *:min-w-0 sm:grid-cols-2 lg:grid-cols-3'
    : 'grid grid-cols-1 gap-4 *:min-w-0 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';
}

export type CouponGridProps = {
  coupons: Coupon[];
  t: TFunction;
  lang: string;
  /** Show 8 skeleton cards instead of the coupons. */
  loading?: boolean;
  view?: 'grid' | 'list';
  columns?: GridColumns;
  /** Also show the toast "Coupon code copied!" after a copy (the coupons list does). */
  toastOnCopy?: boolean;
  /** Accessible name of the list; defaults to "Coupons". */
  label?: string;
  /** Index of the first card in a longer listing (keeps the ad platform alternation stable). */
  indexOffset?: number;
};

export function CouponGrid({
  coupons,
  t,
  lang,
  loading = false,
  view = 'grid',
  columns = 4,
  toastOnCopy = false,
  label,
  indexOffset = 0,
}: CouponGridProps) {
  const copied = useStore($copiedCoupons);
  useEffect(() => preloadAfterIdle(GRID_AD_PLATFORMS), []);
  // Live counted health after hydration (issue 40): one batched request per page.
  const liveHealth = useStore($liveHealth);
  const ids = coupons.map((c) => c.id).join(',');
  useEffect(() => {
    if (ids) requestHealth(ids.split(',').map(Number));
  }, [ids]);
  // Coupons whose end passed since the build (visitor's clock) are never offered.
  const { live } = useLive(withLiveHealth(coupons, liveHealth));
  if (loading) {
    return (
      <div className={gridClass(columns, view)} role="status" aria-label={t('coupons:grid.loading')}>
        {skeletonKeys(SKELETON_COUNT).map((k) => (
          <CouponCardSkeleton key={k} />
        ))}
      </div>
    );
  }
  if (live.length === 0) {
    return (
      <div className="card px-6 py-12 text-center" data-empty="coupons">
        <p className="text-lg font-semibold text-ink">{t('coupons:grid.empty.title')}</p>
        <p className="mt-2 text-sm text-muted">{t('coupons:grid.empty.text')}</p>
      </div>
    );
  }
  return (
    <ul className={gridClass(columns, view)} aria-label={label ?? t('coupons:grid.label')}>
      {live.map((coupon, i) => (
        <li key={coupon.id}>
          <CouponCard
            coupon={coupon}
            t={t}
            lang={lang}
            index={indexOffset + i}
            view={view}
            copied={copied.has(coupon.id)}
            onGetCode={(c, button) => openCouponModal(c, { trigger: button, toastOnCopy })}
          />
        </li>
      ))}
    </ul>
  );
}

export type CouponGridIslandProps = Omit<CouponGridProps, 't'> & {
  /** `getResources(lang, ['coupons', 'common'])`. */
  messages: Record<string, Messages>;
};

export default function CouponGridIsland({ messages, ...props }: CouponGridIslandProps) {
  const t = createTranslator(props.lang, messages);
  return (
    <ErrorBoundary texts={errorBoundaryTexts(t)}>
      <CouponGrid t={t} {...props} />
    </ErrorBoundary>
  );
}
