/**
 * The coupons page listing (SPEC §2 "Coupons page", §4, §5 "Query params"): search, category,
 * brand and sort selects and the grid/list toggle; filters kept in the URL (replaceState) and
 * in $couponFilters; the Expiring Soon banner (3 + "+N more"); the featured block of 8 only
 * without filters; results summary; Show More (20 at a time); any filter change resets to page
 * 1; empty and error states; the toast after a copy. Page 1 unfiltered comes pre-rendered.
 */
import type { TFunction } from 'i18next';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { SORTS } from '../../catalog/constants.ts';
import { isExpiringWithin } from '../../catalog/display.ts';
import { seedFormats } from '../../catalog/intl.ts';
import type { Coupon } from '../../catalog/schemas.ts';
import { EXPIRING_DAYS, type Page } from '../../catalog/source.ts';
import { createTranslator } from '../../i18n/client.ts';
import type { FormatsRef, OffersRef, PageRef, StringsRef, ValueRef } from '../../page-data/held.ts';
import { pageFormats, pageOffers, pagePage, pageStrings, pageValue } from '../../page-data/read.ts';
import {
  $couponFilters,
  $couponText,
  $couponView,
  adoptCouponControls,
  browserCouponPage,
  type CouponFilters,
  clearCouponFilters,
  couponFiltersToSearch,
  couponsListing,
  EMPTY_COUPON_FILTERS,
  hasCouponFilters,
  setCouponFilters,
  setCouponText,
  submitCouponText,
} from '../../stores/coupons.ts';
import { listingFromPage } from '../../stores/listing.ts';
import { openCouponModal } from '../../stores/modal.ts';
import { ErrorBoundary, errorBoundaryTexts } from '../common/ErrorBoundary.tsx';
import { ListError } from '../common/ListError.tsx';
import { ListFooter } from '../common/ListFooter.tsx';
import { useAdoptFields } from '../common/use-adopt-fields.ts';
import { useStoreAfterHydration } from '../common/use-hydrated.ts';
import { EndsLabel, endsAttr } from '../offers/EndsLabel.tsx';
import { useLive, useNow } from '../offers/use-now.ts';
import { CouponGrid } from './CouponGrid.tsx';

export const EXPIRING_BANNER_COUNT = 3;

/** A category or brand of a filter select; `lang` marks a name shown as a fallback (issue 24). */
type Option = { id: number; name: string; lang?: string | undefined };

/** The island's props: references to the page's data (src/page-data/held.ts). */
export type CouponsListingProps = {
  lang: string;
  /** page data strings of ['coupons', 'offers', 'health'] */
  messages: StringsRef;
  /** Page 1, unfiltered, newest (pre-rendered). */
  initialPage: PageRef<Coupon>;
  featured: OffersRef<Coupon>;
  expiring: OffersRef<Coupon>;
  categories: ValueRef<Option[]>;
  /** Up to 100 brands (SPEC §9). */
  brands: ValueRef<Option[]>;
  /** The build's texts of the first items' prices and dates (../offers/format-seed.ts). */
  formats?: FormatsRef;
};

/**
 * The Expiring Soon banner (docs/offer-truth.md): coupons ending within EXPIRING_DAYS by the
 * visitor's clock (never one already over), among the active filters (category, brand, text);
 * "+N more" is a real link to the listing sorted by expiry with those filters.
 */
function ExpiringBanner({
  coupons,
  filters,
  t,
  lang,
}: {
  coupons: Coupon[];
  filters: CouponFilters;
  t: TFunction;
  lang: string;
}) {
  const now = useNow();
  const filtered = hasCouponFilters(filters);
  const [fetched, setFetched] = useState<{ key: string; items: Coupon[] } | null>(null);
  const key = `${filters.q.trim()}|${filters.category ?? ''}|${filters.brand ?? ''}`;
  useEffect(() => {
    if (!filtered) return;
    let alive = true;
    browserCouponPage({ ...filters, sort: 'expiring' }, 1).then(
      (page) => alive && setFetched({ key, items: page.items }),
      () => alive && setFetched({ key, items: [] }),
    );
    return () => {
      alive = false;
    };
  }, [filtered, key, filters]);
  // Unfiltered: the build's candidates; filtered: the first page of the filtered expiring sort.
  const pool = !filtered ? coupons : fetched?.key === key ? fetched.items : [];
  const { live } = useLive(pool);
  const soon = now === null ? live : live.filter((c) => isExpiringWithin(c.expiresAt, EXPIRING_DAYS, now));
  if (soon.length === 0) return null;
  const shown = soon.slice(0, EXPIRING_BANNER_COUNT);
  const more = soon.length - shown.length;
  const moreHref = couponFiltersToSearch({ ...filters, sort: 'expiring' }) || '?sort=expiring';
  return (
    <section
      aria-labelledby="expiring-title"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4"
      data-expiring=""
    >
      <h2 id="expiring-title" className="flex items-center gap-2 font-bold text-amber-900">
        <span aria-hidden="true">⏰</span>
        {t('coupons:expiring.title')}
      </h2>
      <ul className="mt-3 flex flex-wrap items-center gap-2">
        {shown.map((c) => (
          <li key={c.id} data-ends-at={endsAttr(c)}>
            <button
              type="button"
              aria-haspopup="dialog"
              onClick={(e) => openCouponModal(c, { trigger: e.currentTarget, toastOnCopy: true })}
              className="rounded-lg border border-amber-300 bg-white px-3 py-2 text-left text-sm hover:border-amber-500"
            >
              <span className="font-semibold text-ink" lang={c.brand ? c.brand.lang : c.lang}>
                {c.brand?.name ?? c.name}
              </span>
              <span className="text-muted">
                {' · '}
                <span lang={c.lang}>{c.name}</span>
              </span>
              <EndsLabel offer={c} t={t} lang={lang} tone="banner" />
            </button>
          </li>
        ))}
        {more > 0 && (
          <li>
            <a
              href={moreHref}
              className="inline-block rounded-full bg-amber-200 px-3 py-1 text-sm font-semibold text-amber-900 underline-offset-2 hover:underline"
              data-expiring-more=""
              onClick={(e) => {
                if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
                e.preventDefault();
                setCouponFilters({ sort: 'expiring' });
                document.getElementById('all-coupons-title')?.scrollIntoView({ block: 'start' });
              }}
            >
              {t('coupons:expiring.more', { count: more })}
              <span className="sr-only">: {t('offers:expiring.seeAll')}</span>
            </a>
          </li>
        )}
      </ul>
    </section>
  );
}

/** A labelled select of the filter bar. */
function FilterSelect(props: {
  id: string;
  name: string;
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  options: { value: string | number; label: string; lang?: string | undefined }[];
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={props.id} className="filter-label">
        {props.label}
      </label>
      <select
        id={props.id}
        name={props.name}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        className={SELECT_CLASS}
      >
        {props.options.map((o) => (
          <option key={o.value} value={o.value} lang={o.lang}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

const SELECT_CLASS = 'filter-field';

type ListingProps = Omit<
  CouponsListingProps,
  'messages' | 'initialPage' | 'featured' | 'expiring' | 'formats' | 'categories' | 'brands'
> & {
  t: TFunction;
  categories: Option[];
  brands: Option[];
  initialPage: Page<Coupon>;
  featured: Coupon[];
  expiring: Coupon[];
};

function Listing({ lang, t, initialPage, featured, expiring, categories, brands }: ListingProps) {
  const listing = couponsListing(initialPage);
  // Until hydrated, the state the page was built with (the URL's filters apply right after).
  // The list follows a filter change as a transition: the control answers at once, the cards
  // re-render in slices right after (a short first-interaction delay on a slow phone).
  const state = useDeferredValue(
    useStoreAfterHydration(listing.$state, listing.$state.init ?? listingFromPage(initialPage)),
  );
  const filters = useStoreAfterHydration($couponFilters, EMPTY_COUPON_FILTERS);
  const text = useStoreAfterHydration($couponText, '');
  const view = useStoreAfterHydration($couponView, 'grid');

  const formRef = useRef<HTMLFormElement>(null);
  // What the fields hold when the listing takes over applies (nothing typed before it is lost).
  useAdoptFields(formRef, (changed) => adoptCouponControls(listing, changed));

  const filtered = hasCouponFilters(filters);
  // Counts match what is shown: offers ended since the build (visitor's clock) count nowhere.
  const { ended } = useLive(state.items);

  return (
    <div className="space-y-8">
      <form
        ref={formRef}
        aria-label={t('coupons:filters.label')}
        className="card grid grid-cols-2 gap-3 p-4 lg:grid-cols-[2fr_1fr_1fr_1fr_auto]"
        onSubmit={(e) => {
          e.preventDefault();
          submitCouponText();
        }}
      >
        <div className="col-span-2 flex flex-col gap-1 lg:col-span-1">
          <label htmlFor="coupon-filter-search" className="filter-label">
            {t('coupons:filters.search')}
          </label>
          <input
            id="coupon-filter-search"
            type="search"
            name="q"
            value={text}
            onChange={(e) => setCouponText(e.target.value)}
            placeholder={t('coupons:filters.searchPlaceholder')}
            className={SELECT_CLASS}
          />
        </div>
        <FilterSelect
          id="coupon-filter-category"
          name="category"
          label={t('coupons:filters.category')}
          value={filters.category ?? ''}
          onChange={(v) => setCouponFilters({ category: v ? Number(v) : null })}
          options={[
            { value: '', label: t('coupons:filters.allCategories') },
            ...categories.map((c) => ({ value: c.id, label: c.name, lang: c.lang })),
          ]}
        />
        <FilterSelect
          id="coupon-filter-brand"
          name="brand"
          label={t('coupons:filters.brand')}
          value={filters.brand ?? ''}
          onChange={(v) => setCouponFilters({ brand: v ? Number(v) : null })}
          options={[
            { value: '', label: t('coupons:filters.allBrands') },
            ...brands.map((b) => ({ value: b.id, label: b.name })),
          ]}
        />
        <FilterSelect
          id="coupon-filter-sort"
          name="sort"
          label={t('coupons:filters.sort')}
          value={filters.sort ?? 'newest'}
          onChange={(v) => setCouponFilters({ sort: v as CouponFilters['sort'] })}
          options={SORTS.map((v) => ({ value: v, label: t(`coupons:sort.${v}`) }))}
        />
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-xs font-semibold text-muted">{t('coupons:filters.view')}</legend>
          <div className="flex h-10 w-fit overflow-hidden rounded-lg border border-line">
            {(['grid', 'list'] as const).map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={view === v}
                title={t(`coupons:filters.${v}`)}
                onClick={() => $couponView.set(v)}
                className={`flex w-10 items-center justify-center ${view === v ? 'bg-primary text-white' : 'bg-surface text-muted hover:text-ink'}`}
              >
                <span className="sr-only">{t(`coupons:filters.${v}`)}</span>
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  width="18"
                  height="18"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                >
                  {v === 'grid' ? (
                    <path d="M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z" />
                  ) : (
                    <path d="M4 6h16M4 12h16M4 18h16" />
                  )}
                </svg>
              </button>
            ))}
          </div>
        </fieldset>
      </form>

      <ExpiringBanner coupons={expiring} filters={filters} t={t} lang={lang} />

      {!filtered && featured.length > 0 && (
        <section aria-labelledby="featured-coupons-title" data-featured-block="">
          <h2 id="featured-coupons-title" className="mb-4 text-2xl font-bold text-ink">
            {t('coupons:featured.title')}
          </h2>
          <CouponGrid t={t} lang={lang} coupons={featured} toastOnCopy label={t('coupons:featured.title')} />
        </section>
      )}

      <section aria-labelledby="all-coupons-title" aria-busy={state.loading}>
        <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="all-coupons-title" className="text-2xl font-bold text-ink">
            {t('coupons:all.title')}
          </h2>
        </div>
        {state.error && state.items.length === 0 ? (
          <ListError
            name="coupons"
            title={t('coupons:error.title')}
            text={t('coupons:error.text')}
            retry={{ label: t('coupons:error.retry'), onRetry: () => void listing.retry() }}
          />
        ) : !state.loading && state.items.length === 0 ? (
          <div className="card px-6 py-12 text-center" data-empty="coupons-page">
            <p className="text-lg font-semibold text-ink">{t('coupons:empty.title')}</p>
            <p className="mt-2 text-sm text-muted">{t('coupons:empty.text')}</p>
            {filtered && (
              <button type="button" className="btn-secondary mt-5" onClick={clearCouponFilters}>
                {t('coupons:filters.clear')}
              </button>
            )}
          </div>
        ) : (
          <CouponGrid t={t} lang={lang} coupons={state.items} loading={state.loading} view={view} toastOnCopy />
        )}
        {!state.loading && state.items.length > 0 && (
          <ListFooter
            summary={t('coupons:results.summary', {
              shown: state.items.length - ended,
              count: Math.max(0, state.total - ended),
            })}
            hasMore={state.hasMore}
            loadingMore={state.loadingMore}
            onMore={() => void listing.loadMore()}
            moreLabel={t('coupons:results.showMore')}
            loadingLabel={t('coupons:results.loadingMore')}
            error={state.error ? t('coupons:error.title') : null}
          />
        )}
      </section>
    </div>
  );
}

export default function CouponsListing(props: CouponsListingProps) {
  seedFormats(pageFormats(props.formats));
  const t = createTranslator(props.lang, pageStrings(props.messages));
  return (
    <ErrorBoundary texts={errorBoundaryTexts(t)}>
      <Listing
        {...props}
        t={t}
        initialPage={pagePage(props.initialPage)}
        featured={pageOffers(props.featured)}
        expiring={pageOffers(props.expiring)}
        categories={pageValue(props.categories)}
        brands={pageValue(props.brands)}
      />
    </ErrorBoundary>
  );
}
