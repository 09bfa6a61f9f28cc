/**
 * All coupons or all deals of one brand or category, with the shared cards (code modal / deal
 * modal) and Show More (SPEC §4 "Listings": Show More appends the next page). The first page is
 * pre-rendered; hydration wires the buttons and Show More.
 */
import { useStore } from '@nanostores/react';
import { seedFormats } from '../../catalog/intl.ts';
import type { Coupon, Deal } from '../../catalog/schemas.ts';
import { createTranslator } from '../../i18n/client.ts';
import type { FormatsRef, PageRef, StringsRef } from '../../page-data/held.ts';
import { pageFormats, pagePage, pageStrings } from '../../page-data/read.ts';
import { type Offer, type OfferOwner, offersListing } from '../../stores/offers.ts';
import { ErrorBoundary, errorBoundaryTexts } from '../common/ErrorBoundary.tsx';
import { ListFooter } from '../common/ListFooter.tsx';
import { CouponGrid } from '../coupons/CouponGrid.tsx';
import { DealGrid } from '../deals/DealGrid.tsx';
import { NoLiveCode } from '../offers/NoLiveCode.tsx';
import { useLive } from '../offers/use-now.ts';

type Common = {
  lang: string;
  /** Page data strings (src/page-data/) of the offer lists (src/page-models/owner-page.ts). */
  messages: StringsRef;
  owner: OfferOwner;
  ownerId: number;
  /** Accessible name of the list. */
  label: string;
  /** The brand's or category's name and feed: the honest empty state when its last code ends. */
  ownerName?: string;
  feedHref?: string;
  /** Whether the page shows live deals below the coupons. */
  hasDeals?: boolean;
  /** The build's texts of the first page's prices and dates (../offers/format-seed.ts). */
  formats?: FormatsRef;
};

export type OfferListProps =
  | (Common & { kind: 'coupons'; initial: PageRef<Coupon> })
  | (Common & { kind: 'deals'; initial: PageRef<Deal> });

function List(props: OfferListProps) {
  const t = createTranslator(props.lang, pageStrings(props.messages));
  const store = offersListing(props.owner, props.ownerId, props.kind, pagePage(props.initial as PageRef<Offer>));
  const state = useStore(store.$state);
  // Counts match what is shown: offers ended since the build (visitor's clock) count nowhere.
  const { ended } = useLive(state.items);
  const showing = t(props.kind === 'coupons' ? 'brands:offers.showingCoupons' : 'brands:offers.showingDeals', {
    shown: state.items.length - ended,
    count: Math.max(0, state.total - ended),
  });
  if (props.kind === 'coupons' && !state.hasMore && state.items.length > 0 && state.items.length === ended) {
    if (props.ownerName && props.feedHref)
      return <NoLiveCode t={t} name={props.ownerName} feedHref={props.feedHref} hasDeals={props.hasDeals ?? false} />;
  }
  return (
    <div>
      {props.kind === 'coupons' ? (
        <CouponGrid coupons={state.items as Coupon[]} t={t} lang={props.lang} label={props.label} />
      ) : (
        <DealGrid deals={state.items as Deal[]} t={t} lang={props.lang} label={props.label} />
      )}
      {state.items.length - ended > 0 && (
        <ListFooter
          className="mt-6"
          summary={showing}
          hasMore={state.hasMore}
          loadingMore={state.loadingMore}
          onMore={() => void store.loadMore()}
          moreLabel={t('brands:offers.showMore')}
          loadingLabel={t('brands:offers.loading')}
          error={state.error ? t('brands:offers.loadError') : null}
          retry={{ label: t('brands:offers.retry'), onRetry: () => void store.retry() }}
        />
      )}
    </div>
  );
}

export default function OfferList(props: OfferListProps) {
  seedFormats(pageFormats(props.formats));
  const t = createTranslator(props.lang, pageStrings(props.messages));
  return (
    <ErrorBoundary texts={errorBoundaryTexts(t)}>
      <List {...props} />
    </ErrorBoundary>
  );
}
