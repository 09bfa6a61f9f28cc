/**
 * The search page's results view (tabs, grids, pagination): loaded on demand, in parallel with the
 * first results, by SearchResults.tsx. The card code is not needed before there is something to
 * show, so the page loads none of it before a search (the search page's JS budget).
 */
import type { TFunction } from 'i18next';
import type { RefObject } from 'react';
import type { SearchResult } from '../../catalog/search-schemas.ts';
import { localizePath } from '../../i18n/paths.ts';
import { LISTING_PAGE_SIZE } from '../../stores/listing.ts';
import { type SearchTab, setSearchTab } from '../../stores/search.ts';
import { BRAND_GRID_CLASS, BrandCard } from '../brands/BrandCard.tsx';
import { CATEGORY_GRID_CLASS, CategoryCard } from '../categories/CategoryCard.tsx';
import { CouponGrid } from '../coupons/CouponGrid.tsx';
import { DealGrid } from '../deals/DealGrid.tsx';
import { ErrorState } from './SearchError.tsx';
import { Tab, TabList, TabPanel, Tabs } from './Tabs.tsx';

/** How many items of each kind the All tab shows before "View all". */
const ALL_TAB_LIMIT = { coupons: 8, deals: 8, brands: 10, categories: 8 } as const;

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

export type ResultTabsProps = {
  t: TFunction;
  lang: string;
  defaultLang: string;
  q: string;
  result: SearchResult;
  counts: Record<SearchTab, number>;
  tab: SearchTab;
  page: number;
  tabPage: { data?: { coupons?: SearchResult['coupons']; deals?: SearchResult['deals'] } | undefined; error?: unknown };
  topRef: RefObject<HTMLDivElement | null>;
  goToPage: (n: number) => void;
  retry: () => void;
};

export default function ResultTabs(props: ResultTabsProps) {
  const { t, lang, defaultLang, q, result, counts, tab, page, tabPage, topRef, goToPage, retry } = props;
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
