/**
 * The home page's data sections (SPEC §2 "Home"): the stats strip, featured coupons with View
 * All, popular categories with View All. Pre-rendered from the build's data; in API mode the
 * island refreshes them from the API on hydration (the build may be a day old). If that fails,
 * the build's sections stay with a small notice and a retry; the error view "Oops! Something
 * went wrong" only when there is nothing to show. Skeletons while there is nothing yet.
 */
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { cssColor } from '../../catalog/colors.ts';
import { formatPrice } from '../../catalog/display.ts';
import { numberFormat, seedFormats } from '../../catalog/intl.ts';
import type { Category, Coupon, Stats } from '../../catalog/schemas.ts';
import { FEATURED_COUPONS_LIMIT } from '../../catalog/source.ts';
import { createTranslator } from '../../i18n/client.ts';
import { whatToShow } from '../../page-chrome/stale.ts';
import type { FormatsRef, OffersRef, StringsRef } from '../../page-data/held.ts';
import { once, pageFormats, pageOffers, pageStrings } from '../../page-data/read.ts';
import { $homeRefresh, refreshHome } from '../../stores/home.ts';
import { ErrorBoundary, errorBoundaryTexts } from '../common/ErrorBoundary.tsx';
import { ListError } from '../common/ListError.tsx';
import { StaleNotice } from '../common/StaleNotice.tsx';
import { CouponGrid } from '../coupons/CouponGrid.tsx';

export type HomeSectionsData = { stats: Stats; featuredCoupons: Coupon[]; categories: Category[] };
/** The sections as the island's props carry them: the coupons are in the page's data (src/page-data/). */
export type HomeSectionsRef = Omit<HomeSectionsData, 'featuredCoupons'> & { featuredCoupons: OffersRef<Coupon> };

export type HomeContentProps = {
  lang: string;
  /** Page data strings of ['home', 'coupons', 'offers', 'health', 'notice'] */
  messages: StringsRef;
  initial: HomeSectionsRef | null;
  /** Refresh from the API on hydration (API mode). */
  refresh: boolean;
  /** The categories come from content.featuredCategories: a refresh keeps them (only stats and coupons change). */
  pinnedCategories?: boolean;
  couponsHref: string;
  categoriesHref: string;
  /** Localized path prefix of a category page, e.g. "/es/categories/". */
  categoryHrefPrefix: string;
  /** The build's texts of the initial sections' prices, counts and dates (./format-seed.ts). */
  formats?: FormatsRef;
};

/** The home's category list: featured (trending) categories, else all, at most 8. */
export function popularCategories(featured: Category[], all: Category[] = []): Category[] {
  return (featured.length > 0 ? featured : all).slice(0, 8);
}

export function formatStats(stats: Stats, lang: string) {
  const n = numberFormat(lang, {});
  return [
    { key: 'coupons', value: n.format(stats.totalCoupons) },
    { key: 'deals', value: n.format(stats.totalDeals) },
    { key: 'brands', value: n.format(stats.totalBrands) },
    { key: 'savings', value: formatPrice(stats.totalSavings, 'USD', lang) },
  ] as const;
}

function SectionHeader({
  id,
  title,
  subtitle,
  href,
  linkText,
  linkLabel,
}: {
  id: string;
  title: string;
  subtitle: string;
  href: string;
  linkText: string;
  linkLabel: string;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h2 id={id} tabIndex={-1} className="text-2xl font-bold text-ink focus:outline-none md:text-3xl">
          {title}
        </h2>
        <p className="mt-1 text-muted">{subtitle}</p>
      </div>
      <a href={href} aria-label={linkLabel} className="btn-secondary">
        {linkText} <span aria-hidden="true">→</span>
      </a>
    </div>
  );
}

function Sections({
  t,
  lang,
  initial,
  refresh,
  pinnedCategories = false,
  couponsHref,
  categoriesHref,
  categoryHrefPrefix,
}: Omit<HomeContentProps, 'initial'> & { t: TFunction; initial: HomeSectionsData | null }) {
  const { live, failed, loading } = useStore($homeRefresh);
  const liveData = useMemo<HomeSectionsData | null>(
    () =>
      live && {
        stats: live.stats,
        featuredCoupons: live.featuredCoupons.slice(0, FEATURED_COUPONS_LIMIT),
        categories:
          pinnedCategories && initial
            ? initial.categories
            : popularCategories(live.featuredCategories, initial?.categories),
      },
    [live, initial, pinnedCategories],
  );

  const shown = whatToShow({
    live: liveData,
    built: initial,
    failed,
    hasContent: (d) => d.featuredCoupons.length > 0 || d.categories.length > 0,
  });
  const data = shown.data;
  if (shown.errorView) {
    return (
      <div className="container-page py-16">
        <ListError as="h2" name="home" icon="😕" title={t('home:error.title')} text={t('home:error.text')} />
      </div>
    );
  }

  const stats = data ? formatStats(data.stats, lang) : null;
  return (
    <>
      {refresh && (
        <StaleNotice
          t={t}
          show={shown.notice}
          retrying={shown.notice && loading}
          onRetry={() => void refreshHome()}
          className="container-page py-4"
        />
      )}
      <section aria-label={t('home:stats.label')} className="border-b border-line bg-surface">
        <dl className="container-page grid grid-cols-2 gap-4 py-6 md:grid-cols-4 md:py-8">
          {(['coupons', 'deals', 'brands', 'savings'] as const).map((key, i) => (
            <div key={key} className="flex flex-col-reverse items-center text-center">
              <dt className="mt-1 text-sm text-muted">{t(`home:stats.${key}`)}</dt>
              <dd className="text-2xl font-extrabold text-primary md:text-3xl" data-stat={key}>
                {stats ? stats[i]?.value : <span className="inline-block h-8 w-20 animate-pulse rounded bg-line" />}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section
        id="featured-coupons"
        aria-labelledby="home-featured-title"
        className="container-page scroll-mt-24 py-12"
      >
        <SectionHeader
          id="home-featured-title"
          title={t('home:featured.title')}
          subtitle={t('home:featured.subtitle')}
          href={couponsHref}
          linkText={t('home:featured.viewAll')}
          linkLabel={t('home:featured.viewAllLabel')}
        />
        <CouponGrid
          t={t}
          lang={lang}
          coupons={data?.featuredCoupons ?? []}
          loading={!data}
          label={t('home:featured.title')}
        />
      </section>

      <section aria-labelledby="home-categories-title" className="container-page pb-16">
        <SectionHeader
          id="home-categories-title"
          title={t('home:categories.title')}
          subtitle={t('home:categories.subtitle')}
          href={categoriesHref}
          linkText={t('home:categories.viewAll')}
          linkLabel={t('home:categories.viewAllLabel')}
        />
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          {data
            ? data.categories.map((c) => (
                <li key={c.id}>
                  <a
                    href={`${categoryHrefPrefix}${encodeURIComponent(c.slug)}`}
                    className="card flex h-full flex-col items-start gap-3 p-4 transition-shadow hover:shadow-md sm:flex-row sm:items-center"
                    data-category={c.slug}
                  >
                    <span
                      aria-hidden="true"
                      className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-xl text-2xl"
                      style={{
                        backgroundColor: `color-mix(in srgb, ${cssColor(c.color, 'var(--site-primary)')} 10%, transparent)`,
                      }}
                    >
                      {c.icon}
                    </span>
                    <span className="min-w-0 max-w-full">
                      <span className="block font-semibold leading-snug text-ink" lang={c.lang}>
                        {c.name}
                      </span>
                      <span className="block text-sm text-muted">
                        {t('home:categories.offers', { count: c.totalCoupons + c.totalDeals })}
                      </span>
                    </span>
                  </a>
                </li>
              ))
            : ['a', 'b', 'c', 'd'].map((k) => (
                <li key={k} aria-hidden="true" className="card h-20 animate-pulse bg-line" />
              ))}
        </ul>
      </section>
    </>
  );
}

export default function HomeContent(props: HomeContentProps) {
  seedFormats(pageFormats(props.formats));
  const t = createTranslator(props.lang, pageStrings(props.messages));
  const ref = props.initial;
  const initial = ref && once(ref, () => ({ ...ref, featuredCoupons: pageOffers(ref.featuredCoupons) }));
  return (
    <ErrorBoundary texts={errorBoundaryTexts(t)}>
      <Sections {...props} initial={initial} t={t} />
    </ErrorBoundary>
  );
}
