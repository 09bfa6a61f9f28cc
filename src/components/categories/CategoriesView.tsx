/**
 * The categories grid as an island, used in API mode only (in static-data mode the page is
 * plain HTML). It shows the build's categories at once, then the API's. If the API fails the
 * build's categories stay, with a small notice and a retry; "Failed to load categories" with the
 * error details (SPEC §2, §8 "Invalid API response structure" for a malformed response) only
 * when there is nothing to show.
 */
import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import type { Category } from '../../catalog/schemas.ts';
import { createTranslator } from '../../i18n/client.ts';
import type { Messages } from '../../i18n/index.ts';
import { localizePath } from '../../i18n/paths.ts';
import { whatToShow } from '../../page-chrome/stale.ts';
import { categoriesStore } from '../../stores/categories.ts';
import { ErrorBoundary, errorBoundaryTexts } from '../common/ErrorBoundary.tsx';
import { ListError } from '../common/ListError.tsx';
import { StaleNotice, useFailedFetch } from '../common/StaleNotice.tsx';
import { CATEGORY_GRID_CLASS, CategoryCard } from './CategoryCard.tsx';

export type CategoriesViewProps = {
  lang: string;
  defaultLang: string;
  /** pickMessages(lang, CATEGORIES_VIEW_KEYS) (./keys.ts) */
  messages: Record<string, Messages>;
  initial: Category[];
};

export function CategoriesError({ t, error }: { t: (k: string) => string; error: unknown }) {
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <ListError
      as="h2"
      title={t('categories:error.title')}
      text={t('categories:error.text')}
      className="card mx-auto max-w-xl p-6 text-center"
      retry={{ label: t('categories:error.refresh'), onRetry: () => window.location.reload() }}
    >
      <details className="mt-5 text-left text-sm">
        <summary className="cursor-pointer font-medium text-ink">{t('categories:error.details')}</summary>
        <pre className="mt-2 overflow-x-auto whitespace-pre-wrap rounded-lg bg-page p-3 text-xs text-ink">{detail}</pre>
      </details>
    </ListError>
  );
}

function CategoriesGrid({ lang, defaultLang, messages, initial }: CategoriesViewProps) {
  const t = createTranslator(lang, messages);
  const $categories = useMemo(categoriesStore, []);
  const value = useStore($categories);
  const { failed, retrying, error } = useFailedFetch(value);
  const shown = whatToShow({ live: value.data, built: initial, failed });
  if (shown.errorView) return <CategoriesError t={t} error={error} />;
  const list = shown.data ?? [];
  return (
    <>
      <StaleNotice
        t={t}
        show={shown.notice}
        retrying={retrying}
        onRetry={() => $categories.invalidate()}
        className="mb-6"
      />
      <div className={CATEGORY_GRID_CLASS}>
        {list.map((c) => (
          <CategoryCard key={c.id} category={c} t={t} href={localizePath(`/categories/${c.slug}`, lang, defaultLang)} />
        ))}
      </div>
    </>
  );
}

export default function CategoriesView(props: CategoriesViewProps) {
  const t = createTranslator(props.lang, props.messages);
  return (
    <ErrorBoundary texts={errorBoundaryTexts(t)}>
      <CategoriesGrid {...props} />
    </ErrorBoundary>
  );
}
