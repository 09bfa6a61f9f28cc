/**
 * All coupons or all deals of one brand or category, with the shared cards (code modal / deal
 * modal) and Show More (SPEC §4 "Listings": Show More appends the next page). The first page is
 * pre-rendered; hydration wires the buttons and Show More.
 */
import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import type { Coupon, Deal } from '../../catalog/schemas.ts';
import type { Page } from '../../catalog/source.ts';
import { getBrowserSource } from '../../data/browser-source.ts';
import { createTranslator } from '../../i18n/client.ts';
import type { Messages } from '../../i18n/index.ts';
import { createListingStore } from '../../stores/listing.ts';
import { ErrorBoundary, errorBoundaryTexts } from '../common/ErrorBoundary.tsx';
import { CouponGrid } from '../coupons/CouponGrid.tsx';
import { DealGrid } from '../deals/DealGrid.tsx';

type Owner = 'brand' | 'category';

type Common = {
  lang: string;
  /** getResources(lang, ['brands', 'coupons', 'deals', 'common']) */
  messages: Record<string, Messages>;
  owner: Owner;
  ownerId: number;
  /** Accessible name of the list. */
  label: string;
};

export type OfferListProps =
  | (Common & { kind: 'coupons'; initial: Page<Coupon> })
  | (Common & { kind: 'deals'; initial: Page<Deal> });

function fetcherFor(props: OfferListProps): (page: number) => Promise<Page<Coupon>> | Promise<Page<Deal>> {
  const group = props.owner === 'brand' ? 'brands' : 'categories';
  return (page) => getBrowserSource()[group][props.kind](props.ownerId, { page });
}

function List(props: OfferListProps) {
  const t = createTranslator(props.lang, props.messages);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one listing per island
  const store = useMemo(
    () =>
      createListingStore<Coupon | Deal>(
        fetcherFor(props) as (page: number) => Promise<Page<Coupon | Deal>>,
        props.initial as Page<Coupon | Deal>,
      ),
    [],
  );
  const state = useStore(store.$state);
  const showing = t(props.kind === 'coupons' ? 'brands:offers.showingCoupons' : 'brands:offers.showingDeals', {
    shown: state.items.length,
    count: state.total,
  });
  return (
    <div>
      {props.kind === 'coupons' ? (
        <CouponGrid coupons={state.items as Coupon[]} t={t} lang={props.lang} label={props.label} />
      ) : (
        <DealGrid deals={state.items as Deal[]} t={t} lang={props.lang} label={props.label} />
      )}
      {state.items.length > 0 && (
        <div className="mt-6 flex flex-col items-center gap-3">
          <p className="text-sm text-muted" aria-live="polite">
            {showing}
          </p>
          {state.error && (
            <p role="alert" className="text-sm font-medium text-ink">
              {t('brands:offers.loadError')}
            </p>
          )}
          {state.error ? (
            <button type="button" className="btn-secondary" onClick={() => void store.retry()}>
              {t('brands:offers.retry')}
            </button>
          ) : (
            state.hasMore && (
              <button
                type="button"
                className="btn-secondary min-w-40"
                disabled={state.loadingMore}
                onClick={() => void store.loadMore()}
              >
                {state.loadingMore ? t('brands:offers.loading') : t('brands:offers.showMore')}
              </button>
            )
          )}
        </div>
      )}
    </div>
  );
}

export default function OfferList(props: OfferListProps) {
  const t = createTranslator(props.lang, props.messages);
  return (
    <ErrorBoundary texts={errorBoundaryTexts(t)}>
      <List {...props} />
    </ErrorBoundary>
  );
}
