/**
 * The search page body (SPEC §2 "Search page"). Reads q, tab and page from the URL (validated)
 * and keeps them there. Without q: "What are you looking for?" and up to 8 trending terms that
 * search. With q: "{count} results for {q}", tabs All / Coupons / Deals / Brands / Categories
 * with count badges; Coupons and Deals paginate ("Page X of Y"); brands and categories in grids;
 * "Searching...", "No results found for {q}" and "Search Error" states. Coupons open the code
 * modal, deals the deal modal (through the modal store; the page's ModalRoot shows them).
 *
 * Server-rendered in the no-q state (readable without JavaScript); the URL is read after hydration
 * so the first client render matches the server's. A query sent by the plain search form (before
 * the search-box island had loaded) is recorded here, once per query and page view (SPEC §7).
 */
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { type MouseEvent, useDeferredValue, useEffect, useMemo, useRef } from 'react';
import type { SearchResult } from '../../catalog/schemas.ts';
import { siteRuntime } from '../../config/site-runtime.ts';
import { createTranslator } from '../../i18n/client.ts';
import type { Messages } from '../../i18n/index.ts';
import { localizePath } from '../../i18n/paths.ts';
import { showQueryInSearchBoxes } from '../../lib/search-query.ts';
import { LISTING_PAGE_SIZE } from '../../stores/listing.ts';
import {
  $searchPage,
  $searchQuery,
  $searchReady,
  $searchTab,
  type SearchTab,
  searchCounts,
  searchFor,
  searchHref,
  searchResultsStores,
  setSearchPage,
  setSearchTab,
} from '../../stores/search.ts';
import { BRAND_GRID_CLASS, BrandCard } from '../brands/BrandCard.tsx';
import { CATEGORY_GRID_CLASS, CategoryCard } from '../categories/CategoryCard.tsx';
import { ErrorBoundary, errorBoundaryTexts } from '../common/ErrorBoundary.tsx';
import { ListError } from '../common/ListError.tsx';
import { useHydrated } from '../common/use-hydrated.ts';
import { CouponGrid } from '../coupons/CouponGrid.tsx';
import { warmFormats } from '../coupons/format.ts';
import { DealGrid } from '../deals/DealGrid.tsx';
import { useNow } from '../offers/use-now.ts';
import { Tab, TabList, TabPanel, Tabs } from './Tabs.tsx';

export type SearchResultsProps = {
  lang: string;
  defaultLang: string;
  messages: Record<string, Messages>;
  /** Up to 8 trending terms (pre-rendered from the build's source). */
  trending: string[];
};

/** How many items of each kind the All tab shows before "View all". */
const ALL_TAB_LIMIT = { coupons: 8, deals: 8, brands: 10, categories: 8 } as const;

function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-3 py-16 text-muted">
      <span
        aria-hidden="true"
        className="h-10 w-10 animate-spin rounded-full border-4 border-line border-t-primary motion-reduce:animate-none"
      />
      <span className="text-sm font-medium">{label}</span>
    </div>
  );
}

function ErrorState({ t, onRetry }: { t: TFunction; onRetry: () => void }) {
  return (
    <ListError
      as="h2"
      title={t('search:error.title')}
      text={t('search:error.text')}
      className="card mx-auto my-8 max-w-xl p-6 text-center"
      retry={{ label: t('search:error.retry'), onRetry }}
    />
  );
}

function Pagination(props: { t: TFunction; page: number; totalPages: number; onChange: (page: number) => void }) {
  const { t, page, totalPages, onChange } = props;
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={t('search:pagination.label')} className="mt-8 flex items-center justify-center gap-4">
      <button type="button" className="btn-secondary" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {t('search:pagination.previous')}
      </button>
      <span className="text-sm font-medium text-ink" aria-live="polite">
        {t('search:pagination.pageOf', { page, total: totalPages })}
      </span>
      <button type="button" className="btn-secondary" disabled={page >= totalPages} onClick={() => onChange(page + 1)}>
        {t('search:pagination.next')}
      </button>
    </nav>
  );
}

function SectionHeading(props: { title: string; count: number; more?: string | undefined; onMore?: () => void }) {
  return (
    <div className="mb-4 flex items-baseline justify-between gap-4">
      <h3 className="text-xl font-bold text-ink">
        {props.title} <span className="text-base font-medium text-muted">({props.count})</span>
      </h3>
      {props.more && props.onMore && (
        <button type="button" className="text-sm font-semibold text-primary hover:underline" onClick={props.onMore}>
          {props.more}
        </button>
      )}
    </div>
  );
}

function Prompt({
  t,
  lang,
  defaultLang,
  trending,
  onSearch,
}: {
  t: TFunction;
  lang: string;
  defaultLang: string;
  trending: string[];
  onSearch: (q: string, e: MouseEvent<HTMLAnchorElement>) => void;
}) {
  return (
    <div className="mx-auto max-w-2xl py-10 text-center" data-state="prompt">
      <h2 className="text-2xl font-bold text-ink">{t('search:page.prompt.title')}</h2>
      <p className="mt-2 text-muted">{t('search:page.prompt.text')}</p>
      {trending.length > 0 && (
        <>
          <h3 className="mt-8 text-sm font-semibold uppercase tracking-wide text-muted">{t('search:page.trending')}</h3>
          <ul className="mt-3 flex flex-wrap justify-center gap-2">
            {trending.map((term) => (
              <li key={term}>
                <a
                  href={searchHref(term, lang, defaultLang)}
                  className="inline-flex min-h-10 items-center rounded-full border border-line bg-surface px-4 text-sm font-medium text-ink hover:border-primary hover:text-primary"
                  onClick={(e) => onSearch(term, e)}
                >
                  {term}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function Results(props: SearchResultsProps & { t: TFunction }) {
  const { t, lang, defaultLang } = props;
  // Reading a store can mount it (nanostores), which reads the URL at once: while hydrating,
  // render what the server did (the prompt), then the query's results.
  const hydrated = useHydrated();
  const ready = useStore($searchReady) && hydrated;
  const q = useStore($searchQuery);
  const tab = useStore($searchTab);
  const page = useStore($searchPage);
  const { $summary, $tabPage } = useMemo(searchResultsStores, []);
  // Results render as a transition (React yields to the browser every few milliseconds) rather
  // than in one long task when the data arrives: no blocked main thread on a slow phone.
  const summary = useDeferredValue(useStore($summary));
  const tabPage = useDeferredValue(useStore($tabPage));
  const topRef = useRef<HTMLDivElement>(null);
  const now = useNow();
  // While the results are on their way, get the cards' formatters ready.
  useEffect(() => warmFormats(lang, siteRuntime.timezone), [lang]);
  // The search boxes show the query whose results are on screen (a trending term, back/forward).
  useEffect(() => {
    if (ready) showQueryInSearchBoxes(document, q);
  }, [ready, q]);

  function searchForTerm(term: string, e: MouseEvent<HTMLAnchorElement>) {
    e.preventDefault();
    searchFor(term);
  }

  function goToPage(n: number) {
    setSearchPage(n);
    topRef.current?.scrollIntoView({ block: 'start' });
  }

  function retry() {
    $summary.invalidate();
    $tabPage.invalidate();
  }

  if (!ready || !q) {
    return <Prompt t={t} lang={lang} defaultLang={defaultLang} trending={props.trending} onSearch={searchForTerm} />;
  }
  if (summary.error) return <ErrorState t={t} onRetry={retry} />;
  if (!summary.data) return <Spinner label={t('search:page.searching')} />;

  const result: SearchResult = summary.data;
  // Counts match what is shown: offers ended since the build (visitor's clock) count nowhere.
  const counts = searchCounts(result, now);
  if (counts.all === 0) {
    return (
      <div className="card mx-auto my-8 max-w-xl p-8 text-center" data-state="empty">
        <h2 className="text-xl font-bold text-ink">{t('search:empty.title', { q })}</h2>
        <p className="mt-2 text-sm text-muted">{t('search:empty.hint')}</p>
        <a className="btn-primary mt-6" href={localizePath('/categories', lang, defaultLang)}>
          {t('search:empty.browse')}
        </a>
      </div>
    );
  }

  const paged = page > 1 && (tab === 'coupons' || tab === 'deals');
  const couponSection = paged && tab === 'coupons' ? tabPage.data?.coupons : result.coupons;
  const dealSection = paged && tab === 'deals' ? tabPage.data?.deals : result.deals;
  const pageLoading = paged && !tabPage.data && !tabPage.error;
  const pageError = paged && tabPage.error;
  const brandHref = (slug: string) => localizePath(`/brands/${slug}`, lang, defaultLang);
  const categoryHref = (slug: string) => localizePath(`/categories/${slug}`, lang, defaultLang);
  const tabs: SearchTab[] = ['all', 'coupons', 'deals', 'brands', 'categories'];

  return (
    <div ref={topRef} className="scroll-mt-32" data-state="results">
      <h2 className="text-2xl font-bold text-ink">{t('search:page.results', { count: counts.all, q })}</h2>
      <Tabs value={tab} onChange={setSearchTab}>
        <TabList
          label={t('search:tabs.label')}
          className="-mx-4 mt-6 flex gap-1 overflow-x-auto border-b border-line px-4"
        >
          {tabs.map((name) => (
            <Tab
              key={name}
              value={name}
              className="-mb-px inline-flex shrink-0 items-center gap-2 border-b-2 border-transparent px-3 py-3 text-sm font-semibold text-muted hover:text-ink data-[selected]:border-primary data-[selected]:text-primary"
            >
              {t(`search:tabs.${name}`)}
              <span className="rounded-full bg-page px-2 py-0.5 text-xs font-semibold text-ink">{counts[name]}</span>
            </Tab>
          ))}
        </TabList>

        <TabPanel value="all" className="mt-6 space-y-10 focus-visible:outline-offset-4">
          {result.coupons.items.length > 0 && (
            <section>
              <SectionHeading
                title={t('search:tabs.coupons')}
                count={counts.coupons}
                more={
                  counts.coupons > ALL_TAB_LIMIT.coupons
                    ? t('search:section.viewAll', { count: counts.coupons })
                    : undefined
                }
                onMore={() => setSearchTab('coupons')}
              />
              <CouponGrid
                coupons={result.coupons.items.slice(0, ALL_TAB_LIMIT.coupons)}
                t={t}
                lang={lang}
                label={t('search:tabs.coupons')}
              />
            </section>
          )}
          {result.deals.items.length > 0 && (
            <section>
              <SectionHeading
                title={t('search:tabs.deals')}
                count={counts.deals}
                more={
                  counts.deals > ALL_TAB_LIMIT.deals ? t('search:section.viewAll', { count: counts.deals }) : undefined
                }
                onMore={() => setSearchTab('deals')}
              />
              <DealGrid
                deals={result.deals.items.slice(0, ALL_TAB_LIMIT.deals)}
                t={t}
                lang={lang}
                label={t('search:tabs.deals')}
              />
            </section>
          )}
          {result.brands.length > 0 && (
            <section>
              <SectionHeading
                title={t('search:tabs.brands')}
                count={counts.brands}
                more={
                  counts.brands > ALL_TAB_LIMIT.brands
                    ? t('search:section.viewAll', { count: counts.brands })
                    : undefined
                }
                onMore={() => setSearchTab('brands')}
              />
              <ul className={BRAND_GRID_CLASS}>
                {result.brands.slice(0, ALL_TAB_LIMIT.brands).map((b) => (
                  <li key={b.id}>
                    <BrandCard brand={b} href={brandHref(b.slug)} t={t} />
                  </li>
                ))}
              </ul>
            </section>
          )}
          {result.categories.length > 0 && (
            <section>
              <SectionHeading
                title={t('search:tabs.categories')}
                count={counts.categories}
                more={
                  counts.categories > ALL_TAB_LIMIT.categories
                    ? t('search:section.viewAll', { count: counts.categories })
                    : undefined
                }
                onMore={() => setSearchTab('categories')}
              />
              <ul className={CATEGORY_GRID_CLASS}>
                {result.categories.slice(0, ALL_TAB_LIMIT.categories).map((c) => (
                  <li key={c.id}>
                    <CategoryCard category={c} href={categoryHref(c.slug)} t={t} headingLevel={3} />
                  </li>
                ))}
              </ul>
            </section>
          )}
        </TabPanel>

        <TabPanel value="coupons" className="mt-6">
          {pageError ? (
            <ErrorState t={t} onRetry={retry} />
          ) : (
            <>
              <CouponGrid
                coupons={couponSection?.items ?? []}
                loading={pageLoading}
                t={t}
                lang={lang}
                label={t('search:tabs.coupons')}
                indexOffset={(page - 1) * LISTING_PAGE_SIZE}
              />
              <Pagination t={t} page={page} totalPages={result.coupons.totalPages} onChange={goToPage} />
            </>
          )}
        </TabPanel>

        <TabPanel value="deals" className="mt-6">
          {pageError ? (
            <ErrorState t={t} onRetry={retry} />
          ) : (
            <>
              <DealGrid
                deals={dealSection?.items ?? []}
                loading={pageLoading}
                t={t}
                lang={lang}
                label={t('search:tabs.deals')}
                indexOffset={(page - 1) * LISTING_PAGE_SIZE}
              />
              <Pagination t={t} page={page} totalPages={result.deals.totalPages} onChange={goToPage} />
            </>
          )}
        </TabPanel>

        <TabPanel value="brands" className="mt-6">
          <ul className={BRAND_GRID_CLASS} aria-label={t('search:tabs.brands')}>
            {result.brands.map((b) => (
              <li key={b.id}>
                <BrandCard brand={b} href={brandHref(b.slug)} t={t} />
              </li>
            ))}
          </ul>
        </TabPanel>

        <TabPanel value="categories" className="mt-6">
          <ul className={CATEGORY_GRID_CLASS} aria-label={t('search:tabs.categories')}>
            {result.categories.map((c) => (
              <li key={c.id}>
                <CategoryCard category={c} href={categoryHref(c.slug)} t={t} headingLevel={3} />
              </li>
            ))}
          </ul>
        </TabPanel>
      </Tabs>
    </div>
  );
}

export default function SearchResults(props: SearchResultsProps) {
  const t = createTranslator(props.lang, props.messages);
  return (
    <ErrorBoundary texts={errorBoundaryTexts(t)}>
      <Results {...props} t={t} />
    </ErrorBoundary>
  );
}
