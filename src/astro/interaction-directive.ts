/**
 * `client:interaction`: hydrates an island on the visitor's first interaction with the page
 * (pointer down or over, touch, key, focus, or a bare click), not before. For islands that show nothing until
 * the visitor acts — the modal host (code modal, deal modal, toast) — so their JavaScript is not
 * part of what a page loads before any interaction. A finger or a mouse reaches the page before
 * its click does, so the island's code loads while the tap is still under way; a click that
 * lands on another island opens its modal through a shared store, which the island reads as soon
 * as it hydrates, so nothing the visitor did is lost (src/page-chrome/early-clicks.ts holds clicks and
 * typed text meant for the island itself until it has hydrated).
 *
 * Fields inside the island that hold something else than the build's values when it hydrates
 * (set by assistive technology, typed early, or restored by the browser on Back) are recorded on
 * the island element (`changedControls`, CHANGED_CONTROLS_ATTRIBUTE) for the island to adopt,
 * since hydrating renders them as built; restored fields also hydrate the island at once.
 *
 * Optional value:
 * - a CSS selector: only interactions inside matching elements count
 *   (`client:interaction="[data-open-code]"`);
 * - `{ selector?, params?, storage?, clock? }`: as above, and the island hydrates at the first idle
 *   moment after the first paint, without waiting for input, when the page is not the one that
 *   was built: the address has one of
 *   `params`, or localStorage holds one of the `storage` keys (a remembered preference)
 *   (`client:interaction={{ params: ['q', 'category'], storage: ['brands_view'] }}`);
 * - `clock: true`: also when the visitor's clock makes the island's pre-rendered offers untrue: an
 *   offer inside it has ended (`data-ends-at`, which the offer sweep hides, so counts would be
 *   wrong) or what a card says about a code's health has changed (`data-stale-at`); at once if
 *   that moment has passed, else at that moment while the page is open. What the clock changes
 *   continuously ("Ends in 5 h", "Last worked 2 h ago") the page's clock labels keep true without
 *   the island (src/page-chrome/clock-labels.ts).
 */
import type { ClientDirective } from 'astro';
import { localStore } from '../storage/stores.ts';
import { afterFirstPaint } from './painted-directive.ts';

// `click`, `input` and `change` too: assistive technology (voice control, some screen readers)
// and scripts may click, or set a field's value, with no pointer, key or focus event before it.
export const INTERACTION_EVENTS = [
  'pointerdown',
  'pointerover',
  'touchstart',
  'keydown',
  'focusin',
  'click',
  'input',
  'change',
] as const;

/**
 * Where the island finds what its fields held just before it hydrated (JSON of
 * `changedControls`), on the `<astro-island>` element, which React does not manage.
 */
export const CHANGED_CONTROLS_ATTRIBUTE = 'data-changed-controls';

/**
 * Set on the island by src/page-chrome/early-clicks.ts when it holds a click meant for the island:
 * the click came before this directive was there (it is loaded after the first paint on large
 * pages, scripts/lib/build-sites/island-boot.ts), so the island hydrates at once.
 */
export const HELD_CLICK_ATTRIBUTE = 'data-held-click';

/** The value a single-choice select shows as built (its `selected` option's, else the first's). */
function builtValue(select: HTMLSelectElement): string {
  const options = [...select.options];
  return (options.find((o) => o.defaultSelected) ?? options[0])?.value ?? '';
}

/**
 * The named fields inside `root` whose value is not the one the page was built with: changed
 * before the island hydrated (assistive technology setting a select, text typed before the
 * script loaded) or restored by the browser (Back, reload). Field name → value.
 */
export function changedControls(root: ParentNode): Record<string, string> {
  const changed: Record<string, string> = {};
  for (const el of root.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
    'input[name], select[name], textarea[name]',
  )) {
    if (el.disabled) continue;
    if (el.tagName === 'SELECT') {
      const select = el as HTMLSelectElement;
      if (!select.multiple && select.value !== builtValue(select)) changed[select.name] = select.value;
    } else if (el.tagName === 'TEXTAREA') {
      if (el.value !== (el as HTMLTextAreaElement).defaultValue) changed[el.name] = el.value;
    } else {
      const input = el as HTMLInputElement;
      const type = input.type;
      if (type === 'checkbox' || type === 'radio') {
        if (input.checked !== input.defaultChecked && input.checked) changed[input.name] = input.value;
      } else if (!['hidden', 'submit', 'button', 'reset', 'image', 'file', 'password'].includes(type)) {
        if (input.value !== input.defaultValue) changed[input.name] = input.value;
      }
    }
  }
  return changed;
}

/** What the island's fields held before it hydrated (see CHANGED_CONTROLS_ATTRIBUTE); {} when nothing. */
export function changedControlsBefore(inside: Element | null | undefined): Record<string, string> {
  const raw = inside?.closest(`[${CHANGED_CONTROLS_ATTRIBUTE}]`)?.getAttribute(CHANGED_CONTROLS_ATTRIBUTE);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

export type InteractionValue =
  | string
  | boolean
  | { selector?: string; params?: string[]; storage?: string[]; clock?: boolean };

/** setTimeout's ceiling (about 24.8 days). */
const MAX_DELAY = 2_147_483_647;

/**
 * By the clock `now` (epoch ms): whether an offer inside `root` has ended or a card's health words
 * have changed since the page was built (`stale`), and when the next such moment comes (`next`,
 * Infinity when none).
 */
export function clockDue(root: ParentNode, now: number): { stale: boolean; next: number } {
  let next = Number.POSITIVE_INFINITY;
  for (const el of root.querySelectorAll('[data-ends-at], [data-stale-at]')) {
    for (const name of ['data-ends-at', 'data-stale-at']) {
      const raw = el.getAttribute(name);
      if (raw === null || raw === '') continue;
      const at = Number(raw);
      if (!Number.isFinite(at)) continue;
      if (at <= now) return { stale: true, next: now };
      if (at < next) next = at;
    }
  }
  return { stale: false, next };
}

/** Whether the value asks for the clock check (`{ clock: true }`). */
export function watchesClock(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { clock?: unknown }).clock === true;
}

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

const interaction: ClientDirective = (load, options, el) => {
  const selector = interactionSelector(options.value);
  let started = false;
  // On window, in the capture phase: before src/page-chrome/early-clicks.ts's listener on document,
  // which holds a click meant for this island (and stops it) until the island has hydrated.
  const stop = () => {
    for (const type of INTERACTION_EVENTS) window.removeEventListener(type, onEvent, true);
  };
  async function start() {
    if (started) return;
    started = true;
    stop();
    const hydrate = await load();
    // Hydrating renders the fields as built: keep what they hold now for the island to adopt.
    const changed = changedControls(el);
    if (Object.keys(changed).length > 0) el.setAttribute(CHANGED_CONTROLS_ATTRIBUTE, JSON.stringify(changed));
    await hydrate();
  }
  function onEvent(event: Event) {
    if (started) return;
    if (selector && !(event.target instanceof Element && event.target.closest(selector))) return;
    void start();
  }
  for (const type of INTERACTION_EVENTS) window.addEventListener(type, onEvent, { capture: true, passive: true });
  if (el.hasAttribute(HELD_CLICK_ATTRIBUTE)) {
    void start();
    return;
  }
  // Never before the first paint (issue 31: nothing but the HTML until then), as client:painted.
  const soon = () =>
    afterFirstPaint(() => {
      if ('requestIdleCallback' in window) requestIdleCallback(() => void start(), { timeout: 2000 });
      else setTimeout(() => void start(), 200);
    });
  if (differsFromBuild(options.value, location.search, localStore)) soon();
  else {
    if (watchesClock(options.value)) {
      // The pre-rendered offers stay true until the clock says otherwise; then the island takes over.
      let timer: ReturnType<typeof setTimeout> | undefined;
      const check = () => {
        clearTimeout(timer);
        if (started) return;
        const due = clockDue(el, Date.now());
        if (due.stale) soon();
        else if (due.next !== Number.POSITIVE_INFINITY)
          timer = setTimeout(check, Math.min(MAX_DELAY, Math.max(0, due.next - Date.now())));
      };
      check();
      // Timers sleep in hidden tabs: look again when the page is seen.
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check();
      });
    }
    // Fields the browser restored (Back, reload) differ from the build too.
    const restored = () => {
      if (!started && Object.keys(changedControls(el)).length > 0) soon();
    };
    restored();
    if (document.readyState !== 'complete') window.addEventListener('load', restored, { once: true });
  }
};

export default interaction;
