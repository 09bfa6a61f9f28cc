/**
 * `client:painted`: hydrates an island at the first idle moment after the page's first
 * contentful paint, where `client:idle` may start the island's JavaScript while the page is still
 * being painted (issue 31: on a phone those requests share the first round trips with the HTML,
 * and the paint waits on the connection). For islands whose server-rendered HTML is complete and
 * usable before they hydrate (listings, search results, directories); the page's stylesheet and
 * module scripts wait for the same moment (scripts/lib/build-sites/after-paint.ts).
 *
 * When the browser reports no paint (a tab opened in the background, or no Paint Timing), the
 * island hydrates one second after the load event. Optional value: `{ timeout }`, the idle
 * callback's timeout in ms (default 1,000), as for `client:idle`.
 */
import type { ClientDirective } from 'astro';

export interface PaintedValue {
  timeout?: number;
}

/** Calls `fn` once, after the first contentful paint, or one second after load without one. */
export function afterFirstPaint(fn: () => void, win: Window & typeof globalThis = window): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    fn();
  };
  try {
    const observer = new win.PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      once();
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    // No Paint Timing: the load fallback below.
  }
  const fallback = () => win.setTimeout(once, 1000);
  if (win.document.readyState === 'complete') fallback();
  else win.addEventListener('load', fallback, { once: true });
}

const painted: ClientDirective = (load, options) => {
  const value = options.value as PaintedValue | undefined;
  const timeout = typeof value?.timeout === 'number' ? value.timeout : 1000;
  afterFirstPaint(() => {
    const hydrate = async () => {
      await (await load())();
    };
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => void hydrate(), { timeout });
    else setTimeout(() => void hydrate(), 200);
  });
};

export default painted;
