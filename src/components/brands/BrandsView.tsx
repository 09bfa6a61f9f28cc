/**
 * The brands page body (SPEC §2 "Brands page"): brand search, category filter and grid/list
 * toggle; Featured Brands (8) only with no search and no category; "Showing X of Y brands" and
 * Show More (20 more, by slicing the whole filtered list); query params q and category;
 * "No brands found"; "Failed to load brands" with Try Again (reloads) when there is nothing to
 * show. When the live list fails but the pre-rendered brands apply (no search, no category),
 * they stay with a small notice and a retry.
 *
 * Server-rendered with the first 20 brands and the featured ones (readable without JavaScript);
 * the URL is read after hydration so the first client render matches the server's, and then a
 * category or search its fields hold when the island takes over (../common/use-adopt-fields.ts).
 */
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { useDeferredValue, useId, useMemo, useRef } from 'react';
import type { BrandSummary } from '../../catalog/schemas.ts';
import { createTranslator } from '../../i18n/client.ts';
import type { Messages } from '../../i18n/index.ts';
import { localizePath } from '../../i18n/paths.ts';
import { whatToShow } from '../../page-chrome/stale.ts';
import {
  $brandCategory,
  $brandQuery,
  $brandShown,
  $brandsReady,
  $brandText,
  $brandView,
  adoptBrandControls,
  BRANDS_PAGE_SIZE,
  type BrandView,
  brandListStore,
  brandQueryString,
  clearBrandFilters,
  setBrandCategory,
  setBrandText,
  setBrandView,
  showMoreBrands,
  showsFeatured,
  sliceBrands,
  submitBrandText,
} from '../../stores/brands.ts';
import { ErrorBoundary, errorBoundaryTexts } from '../common/ErrorBoundary.tsx';
import { ListError } from '../common/ListError.tsx';
import { ListFooter } from '../common/ListFooter.tsx';
import { StaleNotice, useFailedFetch } from '../common/StaleNotice.tsx';
import { useAdoptFields } from '../common/use-adopt-fields.ts';
import { useStoreAfterHydration } from '../common/use-hydrated.ts';
import { BRAND_GRID_CLASS, BRAND_LIST_CLASS, BrandCard, BrandCardSkeleton } from './BrandCard.tsx';

export type BrandsViewProps = {
  lang: string;
  defaultLang: string;
  /** pickMessages(lang, BRANDS_VIEW_KEYS) (./keys.ts) */
  messages: Record<string, Messages>;
  /** The first 20 brands of the unfiltered list, pre-rendered. */
  initialBrands: BrandSummary[];
  /** Size of the unfiltered list. */
  initialTotal: number;
  featured: BrandSummary[];
  categories: { id: number; name: string; lang?: string | undefined }[];
};

function ViewToggle({ t, view }: { t: TFunction; view: BrandView }) {
  const button = (value: BrandView, label: string, d: string) => (
    <button
      type="button"
      aria-pressed={view === value}
      aria-label={label}
      title={label}
      onClick={() => setBrandView(value)}
      className={`inline-flex h-10 w-10 items-center justify-center rounded-lg ${view === value ? 'bg-primary text-white' : 'text-ink hover:bg-page'}`}
    >
      <svg
        xmlns="http://www.w3.org/2000/svg"
        viewBox="0 0 24 24"
        width="20"
        height="20"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        aria-hidden="true"
      >
        <path d={d} />
      </svg>
    </button>
  );
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form fieldset
    <div
      role="group"
      aria-label={t('brands:view.label')}
      className="flex gap-1 rounded-xl border border-line bg-surface p-1"
    >
      {button('grid', t('brands:view.grid'), 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z')}
      {button('list', t('brands:view.list'), 'M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01')}
    </div>
  );
}

const NOT_LOADED = { loading: false } as const;

function Brands(props: BrandsViewProps & { t: TFunction }) {
  const { t, lang, defaultLang } = props;
  useStore($brandsReady);
  // Until hydrated, what the page was built with (the URL's search and category apply right after).
  const q = useStoreAfterHydration($brandQuery, '');
  const categoryId = useStoreAfterHydration($brandCategory, null);
  const shown = useStoreAfterHydration($brandShown, BRANDS_PAGE_SIZE);
  const view = useStoreAfterHydration($brandView, 'grid');
  const $list = useMemo(brandListStore, []);
  // The whole list arriving renders as a transition (in slices), not in one long task.
  const list = useDeferredValue(useStoreAfterHydration($list, NOT_LOADED));
  const text = useStoreAfterHydration($brandText, '');
  const searchId = useId();
  const categoryFieldId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // A category or search the fields hold when the island takes over applies (nothing typed is lost).
  useAdoptFields(formRef, adoptBrandControls);

  const filters = { q, categoryId };
  const unfiltered = showsFeatured(filters);
  const { failed, retrying } = useFailedFetch(list, brandQueryString(filters));
  // The pre-rendered brands apply only with no search and no category.
  const shownList = whatToShow({ live: list.data, built: unfiltered ? props.initialBrands : null, failed });
  const all: BrandSummary[] | null = shownList.data;
  /** The live list failed: the pre-rendered brands are on screen. */
  const stale = shownList.notice;
  const total = list.data ? list.data.length : props.initialTotal;
  const { items, hasMore } = all ? sliceBrands(all, shown) : { items: [], hasMore: false };
  const waitingForMore = !list.data && !stale && unfiltered && shown > BRANDS_PAGE_SIZE;
  const categoryName = useMemo(() => new Map(props.categories.map((c) => [c.id, c])), [props.categories]);
  const href = (b: BrandSummary) => localizePath(`/brands/${b.slug}`, lang, defaultLang);

  return (
    <div className="space-y-8">
      <form
        ref={formRef}
        action={localizePath('/brands', lang, defaultLang)}
        method="get"
        aria-label={t('brands:filters.label')}
        className="card flex flex-col gap-3 p-4 md:flex-row md:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          submitBrandText();
        }}
      >
        <div className="flex-1">
          <label htmlFor={searchId} className="mb-1 block text-sm font-medium text-ink">
            {t('brands:filters.search')}
          </label>
          <input
            id={searchId}
            type="search"
            name="q"
            value={text}
            maxLength={100}
            placeholder={t('brands:filters.searchPlaceholder')}
            onChange={(e) => setBrandText(e.target.value)}
            className="h-10 w-full rounded-lg border border-line bg-page px-3 text-sm text-ink placeholder:text-muted focus:border-primary focus:bg-surface"
          />
        </div>
        <div className="md:w-64">
          <label htmlFor={categoryFieldId} className="mb-1 block text-sm font-medium text-ink">
            {t('brands:filters.category')}
          </label>
          <select
            id={categoryFieldId}
            name="category"
            value={categoryId === null ? '' : String(categoryId)}
            onChange={(e) => setBrandCategory(e.target.value === '' ? null : Number(e.target.value))}
            className="h-10 w-full rounded-lg border border-line bg-page px-3 text-sm text-ink focus:border-primary"
          >
            <option value="">{t('brands:filters.allCategories')}</option>
            {props.categories.map((c) => (
              <option key={c.id} value={c.id} lang={c.lang}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-center justify-between gap-3">
          <button type="submit" className="btn-secondary md:hidden">
            {t('brands:filters.apply')}
          </button>
          <ViewToggle t={t} view={view} />
        </div>
      </form>

      {unfiltered && props.featured.length > 0 && (
        <section aria-labelledby="featured-brands">
          <h2 id="featured-brands" className="mb-4 text-2xl font-bold text-ink">
            {t('brands:featured.title')}
          </h2>
          <ul className={BRAND_GRID_CLASS}>
            {props.featured.map((b) => (
              <li key={b.id}>
                <BrandCard brand={b} href={href(b)} t={t} />
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="all-brands">
        <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="all-brands" className="text-2xl font-bold text-ink">
            {t('brands:list.title')}
          </h2>
        </div>

        <StaleNotice t={t} show={stale} retrying={retrying} onRetry={() => $list.invalidate()} className="mb-4" />
        {shownList.errorView ? (
          <ListError
            as="h3"
            title={t('brands:error.title')}
            text={t('brands:error.text')}
            className="card mx-auto max-w-xl p-6 text-center"
            retry={{ label: t('brands:error.retry'), onRetry: () => window.location.reload() }}
          />
        ) : all === null ? (
          <div role="status" aria-label={t('brands:list.loading')} className={BRAND_GRID_CLASS}>
            {Array.from({ length: 10 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
              <BrandCardSkeleton key={i} />
            ))}
          </div>
        ) : all.length === 0 ? (
          <div className="card px-6 py-12 text-center">
            <h3 className="text-lg font-semibold text-ink">{t('brands:empty.title')}</h3>
            <p className="mt-2 text-sm text-muted">{t('brands:empty.text')}</p>
            <button type="button" className="btn-secondary mt-5" onClick={clearBrandFilters}>
              {t('brands:empty.clear')}
            </button>
          </div>
        ) : (
          <>
            <ul className={view === 'list' ? BRAND_LIST_CLASS : BRAND_GRID_CLASS} data-view={view}>
              {items.map((b) => (
                <li key={b.id}>
                  <BrandCard
                    brand={b}
                    href={href(b)}
                    t={t}
                    view={view}
                    categoryName={b.categoryId === null ? undefined : categoryName.get(b.categoryId)}
                  />
                </li>
              ))}
            </ul>
            <ListFooter
              summary={t('brands:list.showing', { shown: items.length, count: total })}
              hasMore={hasMore || waitingForMore || (!list.data && !stale && total > items.length)}
              waiting={waitingForMore}
              loadingMore={false}
              onMore={showMoreBrands}
              moreLabel={t('brands:list.showMore')}
              loadingLabel={t('brands:list.loading')}
            />
          </>
        )}
      </section>
    </div>
  );
}

export default function BrandsView(props: BrandsViewProps) {
  const t = createTranslator(props.lang, props.messages);
  return (
    <ErrorBoundary texts={errorBoundaryTexts(t)}>
      <Brands {...props} t={t} />
    </ErrorBoundary>
  );
}
