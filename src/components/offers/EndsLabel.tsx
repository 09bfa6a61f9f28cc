/**
 * When an offer ends, on every card (docs/offer-truth.md): "Ends in 5 h" / "Ends in 20 min"
 * under 48 h, by the visitor's clock and kept current while the page is open; otherwise
 * "Ends Nov 27", the day in the site's time zone; nothing without an end date.
 * Pre-rendered (and while hydrating) it names the day, which stays true whatever the time;
 * the page's clock labels (src/page-chrome/clock-labels.ts) switch it to the time left when under
 * 48 h before the island hydrates, and the island does after. One line, always the same
 * height, so the switch never moves the card.
 */
import type { TFunction } from 'i18next';
import { dateFormat } from '../../catalog/intl.ts';
import { type EndsIn, endDayOptions, endsIn, endTime } from '../../catalog/offer-time.ts';
import { siteRuntime } from '../../config/site-runtime.ts';
import { useNow } from './use-now.ts';

function dayText(at: number, now: number, lang: string): string {
  const tz = siteRuntime.timezone;
  try {
    return dateFormat(lang, endDayOptions(at, now, tz)).format(at);
  } catch {
    return dateFormat(lang, endDayOptions(at, now)).format(at);
  }
}

/** The `data-ends-at` of a card (its end in epoch ms, read by the early sweep OfferSweep.astro); none without an end. */
export function endsAttr(offer: { expiresAt: string | null }): number | undefined {
  return endTime(offer) ?? undefined;
}

/** The label text of `ends` ('' when there is no end). */
export function endsText(t: TFunction, ends: EndsIn, lang: string, now: number): string {
  switch (ends.kind) {
    case 'none':
      return '';
    case 'ended':
      return t('offers:ends.ended');
    case 'minutes':
      return t('offers:ends.minutes', { count: ends.count });
    case 'hours':
      return t('offers:ends.hours', { count: ends.count });
    case 'date':
      return t('offers:ends.date', { date: dayText(ends.at, now, lang) });
  }
}

export function EndsLabel({
  offer,
  t,
  lang,
  className = '',
  tone = 'card',
}: {
  offer: { expiresAt: string | null };
  t: TFunction;
  lang: string;
  className?: string;
  /** `banner`: on the amber Expiring Soon banner. */
  tone?: 'card' | 'banner';
}) {
  const now = useNow();
  const end = endTime(offer);
  if (end === null) return null;
  // Before the visitor's clock is known: the day (a build-time "in 5 h" would soon be false).
  const ends: EndsIn = now === null ? { kind: 'date', at: end } : endsIn(offer, now);
  const soon = ends.kind === 'minutes' || ends.kind === 'hours' || ends.kind === 'ended';
  const color = tone === 'banner' ? 'font-semibold text-amber-900' : soon ? 'font-semibold text-ink' : 'text-muted';
  return (
    <span
      className={`ends ${color} ${className}`}
      // The kind only once it is not the day (never in the pre-rendered page: 20 bytes a card on a
      // listing held to 90 KB of HTML).
      data-ends-label={ends.kind === 'date' ? undefined : ends.kind}
      suppressHydrationWarning
    >
      {/* Before hydration the page's clock labels may already say "Ends in 5 h"
          (src/page-chrome/clock-labels.ts): hydration keeps that text, the next render sets the same. */}
      <time dateTime={new Date(end).toISOString()} suppressHydrationWarning>
        {endsText(t, ends, lang, now ?? end)}
      </time>
    </span>
  );
}
