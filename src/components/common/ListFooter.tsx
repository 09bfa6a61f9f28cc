/**
 * The end of every listing (coupons, deals, brands, a brand's or category's offers): "Showing X
 * of Y", the error of a later page that failed (with Try Again), and Show More. With
 * features.pagination.type "infinite-scroll" the next page also loads by itself when the list's
 * end comes within `INFINITE_MARGIN_PX` of the viewport (IntersectionObserver); the button stays
 * as the accessible fallback (keyboard, screen readers, no IntersectionObserver).
 */
import { useEffect, useRef } from 'react';
import { INFINITE_SCROLL } from '../../stores/listing.ts';

/** How near the viewport the list's end is when the next page starts loading. */
export const INFINITE_MARGIN_PX = 600;

export type ListFooterProps = {
  /** "Showing X of Y …" (null: not shown). */
  summary: string | null;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
  moreLabel: string;
  loadingLabel: string;
  /** A later page failed (the items so far stay on screen). */
  error?: string | null;
  /** With an error: a Try Again button instead of Show More. */
  retry?: { label: string; onRetry: () => void } | undefined;
  /** Load the next page as the end nears the viewport (default: the site's pagination type). */
  infinite?: boolean;
  /** Show More is shown but waits (e.g. the whole list is still loading). */
  waiting?: boolean;
  className?: string;
};

export function ListFooter({
  summary,
  hasMore,
  loadingMore,
  onMore,
  moreLabel,
  loadingLabel,
  error = null,
  retry,
  infinite = INFINITE_SCROLL,
  waiting = false,
  className = 'mt-8',
}: ListFooterProps) {
  const end = useRef<HTMLDivElement>(null);
  const more = useRef(onMore);
  more.current = onMore;
  const auto = infinite && hasMore && !loadingMore && !waiting && !error;
  const shown = summary ?? '';

  // Observed again after every page (`shown` changes), so a short page that leaves the end in
  // view loads the next one too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `shown` re-arms the observer after each page
  useEffect(() => {
    const target = end.current;
    if (!auto || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          more.current();
        }
      },
      { rootMargin: `0px 0px ${INFINITE_MARGIN_PX}px 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [auto, shown]);

  if (summary === null && !hasMore && !error) return null;
  const busy = loadingMore || waiting;
  return (
    <div className={`${className} flex flex-col items-center gap-3`} data-list-footer="">
      {summary !== null && (
        <p className="text-sm text-muted" aria-live="polite" data-results-summary="">
          {summary}
        </p>
      )}
      {error && (
        <p role="alert" className="text-center text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
      {error && retry ? (
        <button type="button" className="btn-secondary min-w-40" onClick={retry.onRetry}>
          {retry.label}
        </button>
      ) : (
        hasMore && (
          <button
            type="button"
            className="btn-secondary min-w-40"
            aria-disabled={busy}
            onClick={() => {
              if (!busy) onMore();
            }}
          >
            {busy ? loadingLabel : moreLabel}
          </button>
        )
      )}
      {auto && <div ref={end} aria-hidden="true" data-list-end="" />}
    </div>
  );
}
