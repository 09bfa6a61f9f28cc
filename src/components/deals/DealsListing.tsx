/**
 * The All Deals list of the deals page (SPEC §2 "Deals page", §4 "Listings"): the sort select
 * (Newest First, Most Popular, Highest Discount, Expiring Soon), 20 per page with Load More and
 * "Showing X of Y deals"; a sort change goes back to page 1 (page 1 replaces, later pages
 * append); empty and error states. Page 1 newest comes pre-rendered.
 */
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { seedFormats } from '../../catalog/intl.ts';
import type { Deal, Sort } from '../../catalog/schemas.ts';
import type { Page } from '../../catalog/source.ts';
import { createTranslator } from '../../i18n/client.ts';
import type { FormatsRef, PageRef, StringsRef } from '../../page-data/held.ts';
import { pageFormats, pagePage, pageStrings } from '../../page-data/read.ts';
import { $dealSort, DEAL_SORTS, dealsListing, setDealSort } from '../../stores/deals.ts';
import { ErrorBoundary, errorBoundaryTexts } from '../common/ErrorBoundary.tsx';
import { ListError } from '../common/ListError.tsx';
import { ListFooter } from '../common/ListFooter.tsx';
import { useLive } from '../offers/use-now.ts';
import { DealGrid } from './DealGrid.tsx';

export type DealsListingProps = {
  lang: string;
  /** Page data strings of ['deals', 'coupons', 'offers'] (src/page-data/). */
  messages: StringsRef;
  /** Page 1, newest (pre-rendered). */
  initialPage: PageRef<Deal>;
  /** The build's texts of the first items' prices and dates (../offers/format-seed.ts). */
  formats?: FormatsRef;
};

function Listing({ lang, t, initialPage }: { lang: string; t: TFunction; initialPage: Page<Deal> }) {
  const listing = dealsListing(initialPage);
  const state = useStore(listing.$state);
  const sort = useStore($dealSort);
  // Counts match what is shown: deals ended since the build (visitor's clock) count nowhere.
  const { ended } = useLive(state.items);

  return (
    <section aria-labelledby="all-deals-title" aria-busy={state.loading}>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <h2 id="all-deals-title" className="text-2xl font-bold text-ink">
          {t('deals:page.all')}
        </h2>
        <div className="flex items-center gap-2">
          <label htmlFor="deal-sort" className="text-sm font-semibold text-muted">
            {t('deals:page.sort')}
          </label>
          <select
            id="deal-sort"
            value={sort}
            onChange={(e) => setDealSort(e.target.value as Sort)}
            className="h-10 rounded-lg border border-line bg-surface px-3 text-sm text-ink focus:border-primary focus:outline-none"
          >
            {DEAL_SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`deals:sort.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {state.error && state.items.length === 0 ? (
        <ListError
          name="deals"
          title={t('deals:error.title')}
          text={t('deals:error.text')}
          retry={{ label: t('deals:error.retry'), onRetry: () => void listing.retry() }}
        />
      ) : (
        <DealGrid t={t} lang={lang} deals={state.items} loading={state.loading} />
      )}
      {!state.loading && state.items.length - ended > 0 && (
        <ListFooter
          summary={t('deals:page.showing', {
            shown: state.items.length - ended,
            count: Math.max(0, state.total - ended),
          })}
          hasMore={state.hasMore}
          loadingMore={state.loadingMore}
          onMore={() => void listing.loadMore()}
          moreLabel={t('deals:page.loadMore')}
          loadingLabel={t('deals:page.loadingMore')}
          error={state.error ? t('deals:error.title') : null}
        />
      )}
    </section>
  );
}

export default function DealsListing(props: DealsListingProps) {
  seedFormats(pageFormats(props.formats));
  const t = createTranslator(props.lang, pageStrings(props.messages));
  return (
    <ErrorBoundary texts={errorBoundaryTexts(t)}>
      <Listing lang={props.lang} t={t} initialPage={pagePage(props.initialPage)} />
    </ErrorBoundary>
  );
}
