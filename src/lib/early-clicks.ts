/**
 * Clicks that land before an island has hydrated are not lost: a click on a link or button
 * inside an `astro-island` that still carries `ssr` (not hydrated yet) is held, and replayed
 * on that element as soon as the island hydrates (Astro fires `astro:hydrate` then; React
 * listens on the island from that moment). If the island never hydrates (script blocked or
 * crashed), the click is replayed after `timeoutMs` so links still work.
 *
 * Runs as a tiny inline script in <head> (see BaseLayout): `earlyClicksScript()` returns its source.
 */
export function installEarlyClicks(doc: Document, timeoutMs = 4000): void {
  const SELECTOR = 'a[href],button,[role="button"],[role="tab"]';
  const held = new Set<HTMLElement>();
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
      const target = e.target as Element | null;
      const el = target?.closest?.(SELECTOR) as HTMLElement | null;
      const island = el?.closest('astro-island');
      if (!el || !island || !island.hasAttribute('ssr') || el.dataset.earlyReplay) return;
      if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      held.add(el);
      setTimeout(() => replay(el), timeoutMs);
    },
    true,
  );
  doc.addEventListener(
    'astro:hydrate',
    (e) => {
      const island = e.target as Element;
      for (const el of [...held]) if (island.contains(el)) replay(el);
    },
    true,
  );
}

/** The inline <script> body for BaseLayout. */
export function earlyClicksScript(): string {
  return `(${installEarlyClicks.toString()})(document);`;
}
