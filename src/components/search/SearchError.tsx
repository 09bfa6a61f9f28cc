/** The search page's error state, shared by the results island and its on-demand results view. */
import type { TFunction } from 'i18next';
import { ListError } from '../common/ListError.tsx';

export function ErrorState({ t, onRetry }: { t: TFunction; onRetry: () => void }) {
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
