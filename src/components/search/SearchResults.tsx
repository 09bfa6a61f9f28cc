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
import type { TFunction } from 'i18next';
import { lazy, type MouseEvent, Suspense, useEffect, useMemo, useRef } from 'react';
import type { SearchResult } from '../../catalog/search-schemas.ts';
import { siteRuntime } from '../../config/site-runtime.ts';
import { createTranslator } from '../../i18n/client.ts';
import { localizePath } from '../../i18n/paths.ts';
import { showQueryInSearchBoxes } from '../../page-chrome/search-query.ts';
import type { StringsRef } from '../../page-data/held.ts';
import { pageStrings } from '../../page-data/read.ts';
import {
  $searchPage,
  $searchQuery,
  $searchReady,
  $searchTab,
  searchCounts,
  searchFor,
  searchHref,
  searchResultsStores,
  setSearchPage,
} from '../../stores/search.ts';
import { ErrorBoundary, errorBoundaryTexts } from '../common/ErrorBoundary.tsx';
import { useHydrated, useStoreAsTransition } from '../common/use-hydrated.ts';
import { warmFormats } from '../coupons/format.ts';
import { useNow } from '../offers/use-now.ts';
import { ErrorState } from './SearchError.tsx';

/** The results view (cards, tabs, pagination) loads on demand: see ResultTabs.tsx. */
const loadResultTabs = () => import('./ResultTabs.tsx');
const ResultTabs = lazy(loadResultTabs);

export type SearchResultsProps = {
  lang: string;
  defaultLang: string;
  /** Page data strings (src/page-data/) of the results and their cards. */
  messages: StringsRef;
  /** Up to 8 trending terms (pre-rendered from the build's source). */
  trending: string[];
};

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
  // Every change renders as a transition (React yields to the browser every few milliseconds)
  // rather than in one long task when the address is read or the data arrives: no blocked main
  // thread on a slow phone.
  const ready = useStoreAsTransition($searchReady) && hydrated;
  const q = useStoreAsTransition($searchQuery);
  const tab = useStoreAsTransition($searchTab);
  const page = useStoreAsTransition($searchPage);
  const { $summary, $tabPage } = useMemo(searchResultsStores, []);
  const summary = useStoreAsTransition($summary);
  const tabPage = useStoreAsTransition($tabPage);
  const topRef = useRef<HTMLDivElement>(null);
  const now = useNow();
  // While the results are on their way, get the cards' formatters ready. Static data brings the
  // cards' texts with the items (format seeds), so there nothing needs Intl.
  useEffect(() => (siteRuntime.staticData ? undefined : warmFormats(lang, siteRuntime.timezone)), [lang]);
  // The search boxes show the query whose results are on screen (a trending term, back/forward).
  useEffect(() => {
    if (ready) showQueryInSearchBoxes(document, q);
  }, [ready, q]);
  // A query means results are coming: fetch the results view's code alongside them.
  useEffect(() => {
    // In a task of its own: the module loader adds a preload link per dependency.
    if (!ready || !q) return;
    const timer = setTimeout(() => void loadResultTabs(), 0);
    return () => clearTimeout(timer);
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

  return (
    <Suspense fallback={<Spinner label={t('search:page.searching')} />}>
      <ResultTabs
        t={t}
        lang={lang}
        defaultLang={defaultLang}
        q={q}
        result={result}
        counts={counts}
        tab={tab}
        page={page}
        tabPage={tabPage}
        topRef={topRef}
        goToPage={goToPage}
        retry={retry}
      />
    </Suspense>
  );
}

export default function SearchResults(props: SearchResultsProps) {
  const t = createTranslator(props.lang, pageStrings(props.messages));
  return (
    <ErrorBoundary texts={errorBoundaryTexts(t)}>
      <Results {...props} t={t} />
    </ErrorBoundary>
  );
}
