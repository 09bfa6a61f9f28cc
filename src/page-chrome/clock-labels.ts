/**
 * The page's clock labels (docs/offer-truth.md): what a listing says by the visitor's clock, before
 * (and without) its island. Listing islands hydrate on the first interaction (client:interaction),
 * so until then the pre-rendered cards are the page; this small script keeps their time-dependent
 * words true:
 * - an end label ("Ends Nov 30", `[data-ends-label]` with its `<time datetime>`) says
 *   "Ends in 5 h" / "Ends in 20 min" under 48 h and "Ended" once over (the offer sweep hides
 *   ended cards; a banner's label too);
 * - "Last worked Nov 25" (`[data-health-last-worked][data-at]`) says "Last worked 2 hr. ago".
 * Every 30 s and when the tab comes back into view, as the islands' own clock (use-now.ts).
 * Labels inside an island that has hydrated are the island's (React renders the same words);
 * the island keeps these texts when it hydrates (`suppressHydrationWarning` on them).
 *
 * The words come from the page: a JSON script `#clock-labels` with the page language and the
 * messages of CLOCK_LABEL_KEYS (../components/offers/OfferSweep.astro).
 */
import type { TFunction } from 'i18next';
import { endsIn } from '../catalog/offer-time.ts';
import { agoLabel } from '../components/health/ago.ts';
import { createTranslator } from '../i18n/client.ts';
import type { Messages } from '../i18n/index.ts';

/** The keys the clock labels say (each with its plural forms). */
export const CLOCK_LABEL_KEYS: readonly string[] = [
  'offers:ends.minutes',
  'offers:ends.hours',
  'offers:ends.ended',
  'health:card.lastWorked',
  'health:card.justNow',
];

/** The id of the JSON script that carries the words. */
export const CLOCK_LABELS_ID = 'clock-labels';

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
  for (const label of root.querySelectorAll<HTMLElement>('[data-ends-label]')) {
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
    // As EndsLabel: a card's label turns bold and dark when the end is near (the banner's already is).
    if (label.dataset.endsTone !== 'banner' && label.classList.contains('text-muted')) {
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

/** The words of `#clock-labels`, or null when the page has none or they are unreadable. */
export function readClockWords(doc: Document): { lang: string; messages: Record<string, Messages> } | null {
  const text = doc.getElementById(CLOCK_LABELS_ID)?.textContent;
  if (!text) return null;
  try {
    const data: unknown = JSON.parse(text);
    if (typeof data !== 'object' || data === null) return null;
    const { lang, messages } = data as { lang?: unknown; messages?: unknown };
    if (typeof lang !== 'string' || typeof messages !== 'object' || messages === null) return null;
    return { lang, messages: messages as Record<string, Messages> };
  } catch {
    return null;
  }
}

/** Keeps the page's clock labels true from now on (see the module comment). */
export function startClockLabels(doc: Document = document, clock: () => number = Date.now): void {
  const words = readClockWords(doc);
  if (!words) return;
  const t = createTranslator(words.lang, words.messages);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    clearTimeout(timer);
    const left = updateClockLabels(doc, clock(), t, words.lang);
    if (left > 0) timer = setTimeout(run, TICK_MS);
    else doc.removeEventListener('visibilitychange', onVisible);
  };
  const onVisible = () => {
    if (doc.visibilityState === 'visible') run();
  };
  doc.addEventListener('visibilitychange', onVisible);
  run();
}
