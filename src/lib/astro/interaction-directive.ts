/**
 * `client:interaction`: hydrates an island on the visitor's first interaction with the page
 * (pointer down or over, touch, key, focus, or a bare click), not before. For islands that show nothing until
 * the visitor acts — the modal host (code modal, deal modal, toast) — so their JavaScript is not
 * part of what a page loads before any interaction. A finger or a mouse reaches the page before
 * its click does, so the island's code loads while the tap is still under way; a click that
 * lands on another island opens its modal through a shared store, which the island reads as soon
 * as it hydrates, so nothing the visitor did is lost (src/lib/early-clicks.ts holds clicks and
 * typed text meant for the island itself until it has hydrated).
 *
 * Optional value:
 * - a CSS selector: only interactions inside matching elements count
 *   (`client:interaction="[data-open-code]"`);
 * - `{ selector?, params?, storage? }`: as above, and the island hydrates at the first idle
 *   moment, without waiting, when the page is not the one that was built: the address has one of
 *   `params`, or localStorage holds one of the `storage` keys (a remembered preference)
 *   (`client:interaction={{ params: ['q', 'category'], storage: ['brands_view'] }}`).
 */
import type { ClientDirective } from 'astro';
import { localStore } from '../preferences.ts';

// `click` too: assistive technology (voice control, some screen readers) and scripts may send a
// click with no pointer, key or focus event before it.
export const INTERACTION_EVENTS = ['pointerdown', 'pointerover', 'touchstart', 'keydown', 'focusin', 'click'] as const;

export type InteractionValue = string | boolean | { selector?: string; params?: string[]; storage?: string[] };

/** The selector interactions must be inside, or null for anywhere on the page. */
export function interactionSelector(value: unknown): string | null {
  const raw = typeof value === 'object' && value !== null ? (value as { selector?: unknown }).selector : value;
  return typeof raw === 'string' && raw.trim() ? raw : null;
}

const names = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/**
 * True when the island should hydrate without waiting for an interaction: the address (`search`,
 * e.g. "?q=co") has one of the value's `params`, or `storage` holds one of its `storage` keys.
 * A storage that throws (privacy modes) counts as empty.
 */
export function differsFromBuild(
  value: unknown,
  search: string,
  storage: Pick<Storage, 'getItem'> | null | undefined,
): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { params?: unknown; storage?: unknown };
  const params = new URLSearchParams(search);
  if (names(v.params).some((p) => (params.get(p) ?? '').trim() !== '')) return true;
  return names(v.storage).some((key) => {
    try {
      return storage?.getItem(key) != null;
    } catch {
      return false;
    }
  });
}

const interaction: ClientDirective = (load, options, _el) => {
  const selector = interactionSelector(options.value);
  let started = false;
  // On window, in the capture phase: before src/lib/early-clicks.ts's listener on document,
  // which holds a click meant for this island (and stops it) until the island has hydrated.
  const stop = () => {
    for (const type of INTERACTION_EVENTS) window.removeEventListener(type, onEvent, true);
  };
  async function start() {
    if (started) return;
    started = true;
    stop();
    const hydrate = await load();
    await hydrate();
  }
  function onEvent(event: Event) {
    if (started) return;
    if (selector && !(event.target instanceof Element && event.target.closest(selector))) return;
    void start();
  }
  for (const type of INTERACTION_EVENTS) window.addEventListener(type, onEvent, { capture: true, passive: true });
  if (differsFromBuild(options.value, location.search, localStore)) {
    if ('requestIdleCallback' in window) requestIdleCallback(() => void start(), { timeout: 2000 });
    else setTimeout(() => void start(), 200);
  }
};

export default interaction;
