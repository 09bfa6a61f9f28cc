/**
 * The small, polite notice shown when the live API failed but the page still has what the build
 * rendered (home, brands, categories in API mode): the content stays on screen, this says fresh
 * data could not be loaded and offers a retry. The live region is always in the page, so the
 * text is announced when it appears (role="status": polite, never interrupting).
 */
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';

/**
 * Whether a cached fetch (a src/stores/query.ts fetcher store value) last failed, kept through its
 * automatic retry so the notice does not flicker: true from an error until data arrives, or
 * until `key` (what is being fetched, e.g. the filters) changes.
 * `retrying`: a new attempt is under way after a failure; `error`: the last failure.
 */
export function useFailedFetch(
  value: { error?: unknown; loading: boolean; data?: unknown },
  key = '',
): { failed: boolean; retrying: boolean; error: unknown } {
  const [last, setLast] = useState<{ key: string; error: unknown } | null>(null);
  const hasError = value.error !== undefined && value.error !== null;
  const settled = !value.loading && value.data !== undefined && !hasError;
  useEffect(() => {
    if (hasError) setLast({ key, error: value.error });
    else if (settled) setLast(null);
  }, [hasError, settled, value.error, key]);
  const error = hasError ? value.error : last?.key === key ? last.error : undefined;
  const failed = error !== undefined;
  return { failed, retrying: failed && value.loading, error };
}

export type StaleNoticeProps = {
  /** Show the notice (the live API failed and older content is on screen). */
  show: boolean;
  /** A retry is under way: the button says so and does nothing. */
  retrying?: boolean;
  onRetry: () => void;
  /** Translates the "notice" namespace. */
  t: TFunction;
  className?: string;
};

export function StaleNotice({ show, retrying = false, onRetry, t, className = '' }: StaleNoticeProps) {
  return (
    <div role="status" className={show ? className : 'sr-only'}>
      {show && (
        <p
          className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-2.5 text-sm text-amber-950"
          data-stale-notice=""
        >
          <span>{t('notice:stale.text')}</span>
          <button
            type="button"
            className="min-h-6 font-semibold text-amber-950 underline underline-offset-2 hover:no-underline aria-disabled:cursor-wait aria-disabled:opacity-70"
            aria-disabled={retrying}
            onClick={() => {
              if (!retrying) onRetry();
            }}
          >
            {retrying ? t('notice:stale.retrying') : t('notice:stale.retry')}
          </button>
        </p>
      )}
    </div>
  );
}
