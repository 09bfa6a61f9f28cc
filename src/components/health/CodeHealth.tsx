/**
 * What shoppers said about a code (issue 22, docs/code-health.md), for coupon cards and the code
 * modal: "Reported not working recently" (still shown, never hidden), "92% of 37 shoppers say it
 * works" (counted answers of the last 30 days), "Last worked 2 h ago", and only without votes the
 * catalog's success rate, labelled "(catalog estimate)". Also the "Verified" badge text, with
 * its date when the data has `verifiedAt`.
 *
 * Relative times are computed at view time: the static HTML (and the render that hydrates it)
 * says "Last worked Nov 25" in the site's time zone, the browser then says "2 h ago" by its own
 * clock. `now` injects the clock (tests).
 */
import type { TFunction } from 'i18next';
import { Fragment } from 'react';
import { couponHealth, type HealthFields } from '../../catalog/health.ts';
import type { Coupon } from '../../catalog/schemas.ts';
import { siteRuntime } from '../../config/site-runtime.ts';
import { formatDate } from '../coupons/format.ts';
import { useNow } from '../offers/use-now.ts';
import { agoLabel } from './ago.ts';

/** "Verified" or "Verified Nov 3, 2026" (site time zone) when the data says when. */
export function verifiedLabel(t: TFunction, coupon: Pick<Coupon, 'verifiedAt'>, lang: string): string {
  const date = formatDate(coupon.verifiedAt, lang, siteRuntime.timezone);
  return date ? t('health:card.verifiedOn', { date }) : t('coupons:card.verified');
}

export type CodeHealthProps = {
  coupon: HealthFields;
  t: TFunction;
  lang: string;
  /** The clock (epoch ms); default: the browser's, once hydrated. */
  now?: number;
  /** Given: the lines are wrapped in a column with these classes; without, no wrapper. */
  className?: string;
};

export function CodeHealth({ coupon, t, lang, now, className = '' }: CodeHealthProps) {
  const clock = useNow();
  const viewing = now ?? clock;
  const health = couponHealth(coupon, viewing ?? Date.now());
  const lastWorked = health.lastWorkedAt
    ? viewing === null
      ? formatDate(health.lastWorkedAt, lang, siteRuntime.timezone)
      : agoLabel(t, lang, health.lastWorkedAt, viewing)
    : null;
  if (!health.reportedFailing && !health.votes && !lastWorked && health.estimate === null) return null;
  // With classes, the lines are a column of their own; without, they join the parent's.
  const Wrap = className ? 'span' : Fragment;
  return (
    <Wrap {...(className ? { className: `stack ${className}` } : {})}>
      {health.reportedFailing && (
        <span className="font-semibold text-amber-800" data-health-failing="">
          <span aria-hidden="true">⚠ </span>
          {t('health:card.failing')}
        </span>
      )}
      {health.votes && (
        <span className="text-ink" data-health-votes="" title={t('health:card.votesHint')}>
          {t('health:card.votes', { percent: health.votes.percent, count: health.votes.total })}
        </span>
      )}
      {lastWorked && (
        // data-at: the page's clock labels say "2 h ago" before the island hydrates
        // (src/page-chrome/clock-labels.ts); hydration keeps their text.
        <span
          className="text-muted"
          data-health-last-worked=""
          data-at={health.lastWorkedAt ?? undefined}
          suppressHydrationWarning
        >
          {t('health:card.lastWorked', { when: lastWorked })}
        </span>
      )}
      {health.estimate !== null && (
        <span className="text-muted" data-health-estimate="">
          {t('health:card.estimate', { rate: health.estimate })}
        </span>
      )}
    </Wrap>
  );
}
