/**
 * The All Deals list of the deals page (SPEC §2 "Deals page", §4 "Listings"): the sort select
 * (Newest First, Most Popular, Highest Discount, Expiring Soon), 20 per page with Load More and
 * "Showing X of Y deals"; a sort change goes back to page 1 (page 1 replaces, later pages
 * append); empty and error states. Page 1 newest comes pre-rendered.
 */
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useRef } from 'react';
import type { Deal, Sort } from '../../catalog/schemas.ts';
import { PAGE_SIZE, type Page } from '../../catalog/source.ts';
import { createTranslator } from '../../i18n/client.ts';
import type { Messages } from '../../i18n/index.ts';
import { $dealSort, DEFAULT_DEAL_SORT } from '../../stores/deals.ts';
import { createListingStore } from '../../stores/listing.ts';
import { ErrorBoundary, errorBoundaryTexts } from '../common/ErrorBoundary.tsx';
import { DealGrid } from './DealGrid.tsx';

/** The deals page's sort options, in the SPEC's order. */
export const DEAL_SORTS: readonly Sort[] = ['newest', 'popular', 'discount', 'expiring'];

export async function browserDealPage(sort: Sort, page: number): Promise<Page<Deal>> {
  const [m, q] = await Promise.all([import('../../data/browser-source.ts'), import('../../stores/query.ts')]);
  // SPEC §9 names no deals-list time: the global 5-minute staleness applies.
  return q.cachedFetch(['deals', sort, page].join(q.KEY_SEPARATOR), q.QUERY_STALE_TIME, () =>
    m.getBrowserSource().deals.list({ page, pageSize: PAGE_SIZE, sort }),
  );
}

export type DealsListingProps = {
  lang: string;
  /** islandMessages(lang, ['deals', 'coupons']) */
  messages: Record<string, Messages>;
  /** Page 1, newest (pre-rendered). */
  initialPage: Page<Deal>;
};

function Listing({ lang, t, initialPage }: DealsListingProps & { t: TFunction }) {
  const listing = useMemo(
    () => createListingStore<Deal>((page) => browserDealPage(DEFAULT_DEAL_SORT, page), initialPage),
    [initialPage],
  );
  const state = useStore(listing.$state);
  const sort = useStore($dealSort);
  const applied = useRef<Sort>(DEFAULT_DEAL_SORT);

  useEffect(() => {
    if (sort === applied.current) return;
    applied.current = sort;
    void listing.reload((page) =>
      sort === DEFAULT_DEAL_SORT && page === 1 ? Promise.resolve(initialPage) : browserDealPage(sort, page),
    );
  }, [sort, listing, initialPage]);

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
            onChange={(e) => $dealSort.set(e.target.value as Sort)}
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
        <div role="alert" className="card px-6 py-12 text-center" data-error="deals">
          <p className="text-lg font-semibold text-ink">{t('deals:error.title')}</p>
          <p className="mt-2 text-sm text-muted">{t('deals:error.text')}</p>
          <button type="button" className="btn-primary mt-5" onClick={() => void listing.retry()}>
            {t('deals:error.retry')}
          </button>
        </div>
      ) : (
        <DealGrid t={t} lang={lang} deals={state.items} loading={state.loading} />
      )}
      {state.error && state.items.length > 0 && (
        <p role="alert" className="mt-4 text-center text-sm font-semibold text-red-800">
          {t('deals:error.title')}
        </p>
      )}
      {!state.loading && state.items.length > 0 && (
        <div className="mt-8 flex flex-col items-center gap-3">
          <p className="text-sm text-muted" data-results-summary="">
            {t('deals:page.showing', { shown: state.items.length, count: state.total })}
          </p>
          {state.hasMore && (
            <button
              type="button"
              className="btn-secondary min-w-40"
              aria-disabled={state.loadingMore}
              onClick={() => void listing.loadMore()}
            >
              {state.loadingMore ? t('deals:page.loadingMore') : t('deals:page.loadMore')}
            </button>
          )}
        </div>
      )}
    </section>
  );
}

export default function DealsListing(props: DealsListingProps) {
  const t = createTranslator(props.lang, props.messages);
  return (
    <ErrorBoundary texts={errorBoundaryTexts(t)}>
      <Listing {...props} t={t} />
    </ErrorBoundary>
  );
}
