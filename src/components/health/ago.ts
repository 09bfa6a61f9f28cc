/**
 * "2 hr. ago" / "hace 2 h" / "just now": how long ago a shopper said a code worked, by the
 * visitor's clock. No React here: the code-health line (./CodeHealth.tsx) and the page's clock
 * labels before its island hydrates (src/page-chrome/clock-labels.ts) say it the same way.
 */
import type { TFunction } from 'i18next';
import { timeAgo } from '../../catalog/health.ts';

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
function relativeFormat(lang: string): Intl.RelativeTimeFormat {
  let f = relativeFormats.get(lang);
  if (!f) {
    f = new Intl.RelativeTimeFormat(lang, { style: 'short', numeric: 'auto' });
    relativeFormats.set(lang, f);
  }
  return f;
}

/** "2 hr. ago" / "hace 2 h" / "just now" for `iso` at `now`; null for an unreadable date. */
export function agoLabel(t: TFunction, lang: string, iso: string | null, now: number): string | null {
  const ago = timeAgo(iso, now);
  if (!ago) return null;
  if (ago.unit === 'minute' && ago.value === 0) return t('health:card.justNow');
  return relativeFormat(lang).format(ago.value, ago.unit);
}
