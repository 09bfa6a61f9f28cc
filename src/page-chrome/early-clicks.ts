/**
 * Nothing a shopper does before an island hydrates is lost.
 * (An island that holds a click is marked `data-held-click`: an island that waits for the first
 * interaction hydrates at once when its directive starts after that click.)
 * - A click on a link or button inside an `astro-island` that still carries `ssr` (not hydrated
 *   yet) is held and replayed on that element as soon as the island hydrates (Astro fires
 *   `astro:hydrate`; React listens on the island from then on). If the island never hydrates
 *   (script blocked or crashed), a click on a link, or on a button that submits or resets a form,
 *   is replayed after `timeoutMs` so it still does what it does without script. Any other button
 *   (Show More, a tab) does nothing without its script: its click stays held until the script is
 *   there, however slow the network (replayed after `timeoutMs` on the bare button, it was lost).
 * - The same for the page chrome's controls (consent banner, cookie settings, language links)
 *   until the page's script has run (replayed on `page-chrome:ready`), and for the content
 *   pages' widgets until theirs has (`enhance:ready`; a held form submission is submitted again).
 * - A search box's plain form sent before the page chrome ran still tells the search page to
 *   record the search (its hidden field, enabled by the page chrome, is enabled on submit).
 * - A choice in a select, or text typed into a field, before hydration is remembered; once React
 *   owns the element (its props are attached) the value is put back if hydration reset it, and
 *   the change is announced to React like a real one; not when React already holds what the
 *   field shows (an island that adopted it), nor once the shopper typed into the hydrated island.
 *
 * Runs as a tiny inline script in <head> (see BaseLayout): `earlyClicksScript()` returns its source.
 */
export function installEarlyClicks(doc: Document, timeoutMs = 4000): void {
  const CLICKABLE = 'a[href],button,[role="button"],[role="tab"]';
  const held = new Set<HTMLElement>();
  const pending = (el: Element) => el.closest('astro-island')?.hasAttribute('ssr') === true;
  // The page chrome's controls (consent banner and settings, language links) answer once the
  // page's script has run (src/page-chrome/page-chrome.ts), which starts after the first paint: until it
  // says it is ready (`data-chrome-ready`, `page-chrome:ready`) a click on one is held too.
  // The content pages' widgets (forms, help filter, Load more: data-enhance) the same, until
  // their script is there (`data-enhance-ready`, `enhance:ready`, Enhance.astro); a form
  // submitted before then is held and submitted again once it is (never sent natively).
  const html = doc.documentElement;
  const chromePending = (el: Element) =>
    (el.closest('[data-consent-banner],[data-consent-settings],[data-set-language]') !== null &&
      !html.hasAttribute('data-chrome-ready')) ||
    (el.closest('[data-enhance]') !== null && !html.hasAttribute('data-enhance-ready'));
  const forms = new Set<HTMLFormElement>();
  doc.addEventListener(
    'submit',
    (e) => {
      const form = e.target as HTMLFormElement;
      if (!form.matches?.('form[data-enhance]') || html.hasAttribute('data-enhance-ready') || form.dataset.earlyReplay)
        return;
      e.preventDefault();
      e.stopImmediatePropagation();
      forms.add(form);
      setTimeout(() => {
        // The script never came: the browser's own submission, as without JavaScript.
        if (!forms.delete(form)) return;
        form.dataset.earlyReplay = '1';
        form.noValidate = false;
        form.requestSubmit();
      }, timeoutMs);
    },
    true,
  );
  doc.addEventListener('enhance:ready', () => {
    for (const form of [...forms]) {
      forms.delete(form);
      form.requestSubmit();
    }
    for (const el of [...held]) if (!pending(el) && !chromePending(el)) replay(el);
  });
  const owned = (el: Element) => Object.keys(el).some((k) => k.startsWith('__reactProps'));
  /** Calls `fn` once React has attached its props to `el` (checked every 30 ms, up to 5 s). */
  const whenOwned = (el: Element, fn: () => void, tries = 0) => {
    if (owned(el)) fn();
    else if (tries < 166) setTimeout(() => whenOwned(el, fn, tries + 1), 30);
  };
  // What a click does with no script: follow a link, submit or reset its form.
  const native = (el: HTMLElement) =>
    el.matches('a[href]') ||
    (el.tagName === 'BUTTON' && (el as HTMLButtonElement).type !== 'button' && (el as HTMLButtonElement).form !== null);
  const replay = (el: HTMLElement) => {
    if (!held.delete(el)) return;
    el.dataset.earlyReplay = '1';
    setTimeout(() => {
      el.click();
      delete el.dataset.earlyReplay;
    }, 0);
  };
  doc.addEventListener(
    'click',
    (e) => {
      const el = (e.target as Element | null)?.closest?.(CLICKABLE) as HTMLElement | null;
      if (!el || !(pending(el) || chromePending(el)) || el.dataset.earlyReplay) return;
      if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      held.add(el);
      // For a `client:interaction` island whose directive is not there yet (loaded after the
      // first paint): it hydrates at once when it starts (src/astro/interaction-directive.ts).
      if (pending(el)) el.closest('astro-island')?.setAttribute('data-held-click', '');
      setTimeout(() => {
        if (native(el)) replay(el);
      }, timeoutMs);
    },
    true,
  );
  doc.addEventListener('page-chrome:ready', () => {
    for (const el of [...held]) if (!pending(el) && !chromePending(el)) replay(el);
  });
  doc.addEventListener(
    'astro:hydrate',
    (e) => {
      const island = e.target as Element;
      for (const el of [...held]) if (island.contains(el)) replay(el);
    },
    true,
  );
  const remember = (e: Event) => {
    const el = e.target as HTMLInputElement | HTMLSelectElement | null;
    if (!el || !('value' in el) || el.dataset.earlyValue !== undefined || !pending(el)) return;
    el.dataset.earlyValue = '1';
    whenOwned(el, () => {
      delete el.dataset.earlyValue;
      // Let the hydration commit and its effects run first (they may reset the element).
      setTimeout(() => {
        const wanted = (doc as Document & { __early?: WeakMap<Element, string> }).__early?.get(el);
        if (wanted === undefined) return;
        // React already holds what the field shows (the island adopted it): writing it again would
        // only move the caret and drop a selection.
        const key = Object.keys(el).find((k) => k.startsWith('__reactProps'));
        const props = key ? (el as unknown as Record<string, { value?: unknown } | undefined>)[key] : undefined;
        if (el.value === wanted && props?.value !== undefined && String(props.value) === wanted) return;
        // React notices a text change only against the value it last saw (its value tracker
        // watches the element's own `value` setter): show it another value through that setter,
        // then put the shopper's one back past it, so the input event below is a real change even
        // when hydration kept the typed text on screen.
        if (el.tagName !== 'SELECT') el.value = wanted === '' ? ' ' : '';
        const proto = Object.getPrototypeOf(el) as object;
        Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, wanted);
        el.dispatchEvent(new Event(el.tagName === 'SELECT' ? 'change' : 'input', { bubbles: true }));
      }, 250);
    });
  };
  const track = (e: Event) => {
    const el = e.target as HTMLInputElement | HTMLSelectElement | null;
    if (!el || !('value' in el)) return;
    // A language chosen before the page chrome runs: it acts on it when it starts (page-chrome.ts).
    if (e.type === 'change' && el.matches('[data-language-select]') && !html.hasAttribute('data-chrome-ready'))
      el.dataset.earlyChange = '1';
    const d = doc as Document & { __early?: WeakMap<Element, string> };
    // Typed once the island is there: the island has it, and what was typed before is stale
    // (putting it back would lose these keystrokes, issue 33).
    if (!pending(el)) {
      d.__early?.delete(el);
      return;
    }
    d.__early ??= new WeakMap();
    d.__early.set(el, el.value);
    remember(e);
  };
  doc.addEventListener('change', track, true);
  doc.addEventListener('input', track, true);
  // A search box's plain form sent before the page chrome enabled its "not recorded yet" field
  // (page-chrome.ts, after the first paint; SearchSlot.astro): scripts run, so the search page is
  // to record this search. Enabled here, the field goes with the submission.
  doc.addEventListener(
    'submit',
    (e) => {
      const form = e.target as HTMLFormElement;
      if (!form.closest?.('[data-search-box]')) return;
      for (const field of form.querySelectorAll<HTMLInputElement>('input[type="hidden"]:disabled'))
        field.disabled = false;
    },
    true,
  );
}

/** The inline <script> body for BaseLayout. */
export function earlyClicksScript(): string {
  return `(${installEarlyClicks.toString()})(document);`;
}
