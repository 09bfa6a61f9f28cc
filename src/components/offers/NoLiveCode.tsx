/**
 * The honest empty state of a brand or category page (docs/offer-truth.md): "No working code
 * for {name} right now", that its deals follow (when it has any), and its feed link, instead of
 * an empty list. Rendered by the page at build time and by the offer list when its last code
 * ends while the page is open.
 */
import type { TFunction } from 'i18next';

export function NoLiveCode({
  t,
  name,
  feedHref,
  hasDeals,
}: {
  t: TFunction;
  name: string;
  feedHref: string;
  /** Whether live deals are shown on the page. */
  hasDeals: boolean;
}) {
  return (
    <div className="card px-6 py-8 text-center" data-empty="no-live-code">
      <p className="text-lg font-semibold text-ink">{t('offers:empty.noCode', { name })}</p>
      <p className="mx-auto mt-2 max-w-2xl text-sm text-muted">
        {hasDeals ? t('offers:empty.noCodeText', { name }) : t('offers:empty.noDeals', { name })}
      </p>
      <a
        className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-primary hover:underline"
        href={feedHref}
        type="application/rss+xml"
        data-empty-feed=""
      >
        <svg
          xmlns="http://www.w3.org/2000/svg"
          viewBox="0 0 24 24"
          width="14"
          height="14"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <path d="M4 11a9 9 0 0 1 9 9M4 4a16 16 0 0 1 16 16" />
          <circle cx="5" cy="19" r="1" />
        </svg>
        {t('offers:empty.feed', { name })}
      </a>
    </div>
  );
}
