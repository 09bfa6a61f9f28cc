/**
 * The reusable deal grid (SPEC §2 "Deal card and grid"): 1 to 4 columns (or 3), 8 skeletons
 * while loading, the empty state "No deals found / Check back later for amazing deals!".
 * A card's title or image opens the Deal Offer modal through the modal store (the page's
 * ModalRoot shows it); its Get Deal goes straight to the deal in a new tab.
 *
 * `DealGrid` is for use inside another island (pass `t`); the default export `DealGridIsland`
 * is an island root for .astro pages (pass `lang`, and `messages` and `deals` from the page's data,
 * src/page-data/).
 */
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { seedFormats } from '../../catalog/intl.ts';
import type { Deal } from '../../catalog/schemas.ts';
import { createTranslator } from '../../i18n/client.ts';
import type { FormatsRef, OffersRef, StringsRef } from '../../page-data/held.ts';
import { pageFormats, pageOffers, pageStrings } from '../../page-data/read.ts';
import { GRID_AD_PLATFORMS, preloadAfterIdle } from '../../stores/ad-code.ts';
import { openDealModal } from '../../stores/modal.ts';
import { ErrorBoundary, errorBoundaryTexts } from '../common/ErrorBoundary.tsx';
import { type GridColumns, gridClass, SKELETON_COUNT, skeletonKeys } from '../coupons/CouponGrid.tsx';
import { useLive } from '../offers/use-now.ts';
import { DealCard, DealCardSkeleton } from './DealCard.tsx';

export type DealGridProps = {
  deals: Deal[];
  t: TFunction;
  lang: string;
  loading?: boolean;
  columns?: GridColumns;
  label?: string;
  indexOffset?: number;
  /** Number of skeleton cards while loading (default 8). */
  skeletons?: number;
};

export function DealGrid({
  deals,
  t,
  lang,
  loading = false,
  columns = 4,
  label,
  indexOffset = 0,
  skeletons = SKELETON_COUNT,
}: DealGridProps) {
  useEffect(() => preloadAfterIdle(GRID_AD_PLATFORMS), []);
  // Deals whose end passed since the build (visitor's clock) are never offered.
  const { live } = useLive(deals);
  if (loading) {
    return (
      <div className={gridClass(columns)} role="status" aria-label={t('deals:grid.loading')}>
        {skeletonKeys(skeletons).map((k) => (
          <DealCardSkeleton key={k} />
        ))}
      </div>
    );
  }
  if (live.length === 0) {
    return (
      <div className="card px-6 py-12 text-center" data-empty="deals">
        <p className="text-lg font-semibold text-ink">{t('deals:grid.empty.title')}</p>
        <p className="mt-2 text-sm text-muted">{t('deals:grid.empty.text')}</p>
      </div>
    );
  }
  return (
    <ul className={gridClass(columns)} aria-label={label ?? t('deals:grid.label')}>
      {live.map((deal, i) => (
        <li key={deal.id}>
          <DealCard
            deal={deal}
            t={t}
            lang={lang}
            index={indexOffset + i}
            onOpen={(d, trigger) => openDealModal(d, { trigger })}
          />
        </li>
      ))}
    </ul>
  );
}

export type DealGridIslandProps = Omit<DealGridProps, 't' | 'deals'> & {
  /** Page data strings of ['deals', 'coupons', 'offers']. */
  messages: StringsRef;
  deals: OffersRef<Deal>;
  /** The build's texts of the first items' prices and dates (../offers/format-seed.ts). */
  formats?: FormatsRef;
};

export default function DealGridIsland({ messages, formats, deals, ...props }: DealGridIslandProps) {
  seedFormats(pageFormats(formats));
  const t = createTranslator(props.lang, pageStrings(messages));
  return (
    <ErrorBoundary texts={errorBoundaryTexts(t)}>
      <DealGrid t={t} deals={pageOffers(deals)} {...props} />
    </ErrorBoundary>
  );
}
