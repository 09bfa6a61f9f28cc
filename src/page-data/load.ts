/**
 * The page's data in a file of its own (issue 31: listing HTML at most 90 KB). On a static site
 * the build moves the text of `<script type="application/json" id="page-data">` into a file under
 * `/_astro/` and leaves the element empty with the file's address in `data-src`, followed by this
 * loader as an inline script (scripts/lib/build-sites/page-data-files.ts). The loader requests
 * the file once the page has painted, while the island code loads, and holds back every hydration
 * directive (`client:idle`, `client:visible`, our `client:interaction` and `client:painted`, …) until the file is there:
 * it wraps the directives on `self.Astro` so that the island's `load()` resolves only then. The
 * text goes back into the element and the islands read it as if it had been inline (./read.ts).
 *
 * A failed request is tried once more, 500 ms later. If the file cannot be had, no island is
 * hydrated: the pre-rendered page stays as it was built (cards, counts, links, the early offer
 * sweep), and the console says which file failed. A page with its data inline (an edge Worker's
 * page) has no loader and hydrates as before.
 *
 * Runs as an inline script (its own source, `pageDataLoaderScript`): no imports, names inline.
 */

/** The attribute holding the file's address on the emptied script element. */
export const PAGE_DATA_SRC = 'data-src';
/** The hydration directives the loader holds back (Astro's own and ours). */
export const HELD_DIRECTIVES = ['idle', 'visible', 'load', 'media', 'only', 'interaction', 'painted'];

type Directive = (load: () => Promise<() => unknown>, options: unknown, el: HTMLElement) => unknown;

export function installPageDataLoader(doc: Document, retryMs = 500, afterPaint = true): void {
  const el = doc.getElementById('page-data');
  const src = el?.getAttribute('data-src');
  const win = doc.defaultView as (Window & { Astro?: Record<string, Directive | undefined> }) | null;
  if (!el || !src || !win) return;
  // Asked for once the page has painted from its HTML (nothing else on the first paint's round
  // trips, as the stylesheet and scripts: scripts/lib/build-sites/after-paint.ts), or one second
  // after load when the browser reports no paint (a background tab).
  const painted = new Promise<void>((resolve) => {
    if (!afterPaint) return resolve();
    try {
      const observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return;
        observer.disconnect();
        resolve();
      });
      observer.observe({ type: 'paint', buffered: true });
    } catch {
      // No Paint Timing: the load fallback.
    }
    if (doc.readyState === 'complete') setTimeout(resolve, 1000);
    else win.addEventListener('load', () => setTimeout(resolve, 1000), { once: true });
  });
  const get = async (): Promise<string> => {
    const res = await fetch(src, { credentials: 'same-origin' });
    if (!res.ok) throw new Error(`${src}: HTTP ${res.status}`);
    const text = await res.text();
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new Error(`${src}: not a JSON object`);
    return text;
  };
  const ready = painted
    .then(get)
    .catch(() => new Promise((resolve) => setTimeout(resolve, retryMs)).then(get))
    .then(
      (text) => {
        el.textContent = text;
        el.removeAttribute('data-src');
        return true;
      },
      (error: unknown) => {
        console.error(`The page's island data (${src}) could not be loaded; the page stays as built.`, error);
        return false;
      },
    );
  win.Astro ??= {};
  const astro = win.Astro;
  for (const name of ['idle', 'visible', 'load', 'media', 'only', 'interaction', 'painted']) {
    let directive = astro[name];
    Object.defineProperty(astro, name, {
      configurable: true,
      enumerable: true,
      get: () =>
        directive &&
        ((load: () => Promise<() => unknown>, options: unknown, island: HTMLElement) =>
          (directive as Directive)(
            () => Promise.all([load(), ready]).then(([hydrate, ok]) => (ok ? hydrate : () => {})),
            options,
            island,
          )),
      set: (value: Directive | undefined) => {
        directive = value;
      },
    });
  }
}

/** The loader's inline script (the same text on every page: one CSP hash). */
export function pageDataLoaderScript(): string {
  return `(${installPageDataLoader.toString()})(document);`;
}
