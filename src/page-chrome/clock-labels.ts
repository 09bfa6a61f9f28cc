/**
 * The page's clock labels (docs/offer-truth.md): what a listing says by the visitor's clock, before
 * (and without) its island. Listing islands hydrate on the first interaction (client:interaction),
 * so until then the pre-rendered cards are the page; this small script keeps their time-dependent
 * words true:
 * - an end label ("Ends Nov 30", `span.ends` with its `<time datetime>`) says
 *   "Ends in 5 h" / "Ends in 20 min" under 48 h and "Ended" once over (the offer sweep hides
 *   ended cards; a banner's label too);
 * - "Last worked Nov 25" (`[data-health-last-worked][data-at]`) says "Last worked 2 hr. ago".
 * Every 30 s and when the tab comes back into view, as the islands' own clock (use-now.ts).
 * Labels inside an island that has hydrated are the island's (React renders the same words);
 * the island keeps these texts when it hydrates (`suppressHydrationWarning` on them).
 *
 * The words, in the site's languages, come with this script (`virtual:clock-words`, from
 * CLOCK_LABEL_KEYS in ./clock-keys.ts); the page's `<html lang>` picks them.
 */

import CLOCK_WORDS from 'virtual:clock-words';
import type { TFunction } from 'i18next';
import { endsIn } from '../catalog/offer-time.ts';
import { agoLabel } from '../components/health/ago.ts';
import { createTranslator } from '../i18n/client.ts';
import type { Messages } from '../i18n/index.ts';

const TICK_MS = 30_000;

/** True when `el` is inside an island that has hydrated (Astro removes `ssr` from it then). */
function inHydratedIsland(el: Element): boolean {
  const island = el.closest('astro-island');
  return island !== null && !island.hasAttribute('ssr');
}

/**
 * Sets every clock label under `root` that no hydrated island owns to what it says at `now`.
 * Returns how many labels are still the page's (0: nothing left to keep current).
 */
export function updateClockLabels(root: ParentNode, now: number, t: TFunction, lang: string): number {
  let left = 0;
  for (const label of root.querySelectorAll<HTMLElement>('span.ends')) {
    if (inHydratedIsland(label)) continue;
    left++;
    const time = label.querySelector('time');
    if (!time) continue;
    const ends = endsIn({ expiresAt: time.dateTime }, now);
    // 48 h or more left: the build's day stays, true whatever the time.
    if (ends.kind !== 'minutes' && ends.kind !== 'hours' && ends.kind !== 'ended') continue;
    const text = ends.kind === 'ended' ? t('offers:ends.ended') : t(`offers:ends.${ends.kind}`, { count: ends.count });
    if (time.textContent !== text) time.textContent = text;
    label.dataset.endsLabel = ends.kind;
    // As EndsLabel: a card's label turns bold and dark when the end is near (the banner's, amber
    // and bold, never muted, stays).
    if (label.classList.contains('text-muted')) {
      label.classList.remove('text-muted');
      label.classList.add('font-semibold', 'text-ink');
    }
  }
  for (const line of root.querySelectorAll<HTMLElement>('[data-health-last-worked][data-at]')) {
    if (inHydratedIsland(line)) continue;
    left++;
    const when = agoLabel(t, lang, line.dataset.at ?? null, now);
    if (!when) continue;
    const text = t('health:card.lastWorked', { when });
    if (line.textContent !== text) line.textContent = text;
  }
  return left;
}

/** Keeps the page's clock labels true from now on (see the module comment). */
export function startClockLabels(
  doc: Document = document,
  clock: () => number = Date.now,
  words: Record<string, Record<string, Messages>> = CLOCK_WORDS,
): void {
  const lang = doc.documentElement.lang;
  const messages = Object.hasOwn(words, lang) ? words[lang] : undefined;
  if (!messages) return;
  const t = createTranslator(lang, messages);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    clearTimeout(timer);
    const left = updateClockLabels(doc, clock(), t, lang);
    if (left > 0) timer = setTimeout(run, TICK_MS);
    else doc.removeEventListener('visibilitychange', onVisible);
  };
  const onVisible = () => {
    if (doc.visibilityState === 'visible') run();
  };
  doc.addEventListener('visibilitychange', onVisible);
  run();
}
