/**
 * The page's data in a file of its own (issue 31: listing HTML at most 90 KB). On a static site
 * the build moves the text of `<script type="application/json" id="page-data">` into a file under
 * `/_astro/` and leaves the element empty with the file's address in `data-src`
 * (scripts/lib/build-sites/page-data-files.ts). The hydration directives of the islands that
 * read it (`client:data`, `client:interaction`) call `pageDataReady()` before they hydrate: it
 * fetches the file once per page (one retry), puts its text back into the element, and the
 * islands read it as if it had been inline (./read.ts). When the page has the data inline (an
 * edge Worker's page, a page the build left alone) or no data at all, it resolves at once.
 *
 * If the file cannot be had (offline, an error twice), it resolves false and the directive does
 * not hydrate: the pre-rendered cards stay on the page as they are, links included.
 * Used by directive code, which Astro inlines in the page on its own: no imports but constants.
 */
import { PAGE_DATA_ID } from './held.ts';

/** The attribute holding the file's address on the emptied script element. */
export const PAGE_DATA_SRC = 'data-src';

type Loading = HTMLElement & { pageDataReady?: Promise<boolean> };

/** The file's text, checked to be a JSON object (a host's HTML error page is not data). */
async function fetchData(url: string): Promise<string> {
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  const text = await res.text();
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${url}: not a JSON object`);
  return text;
}

/**
 * Resolves true once the page's data script holds its text (at once when it already does, or
 * when the page has none); false when its file failed to load twice (the second try 500 ms later).
 * Every caller of one page shares one fetch (the promise lives on the element).
 */
export function pageDataReady(doc: Document = document, retryMs = 500): Promise<boolean> {
  const el = doc.getElementById(PAGE_DATA_ID) as Loading | null;
  const src = el?.getAttribute(PAGE_DATA_SRC);
  if (!el || !src) return Promise.resolve(true);
  el.pageDataReady ??= fetchData(src)
    .catch(() => new Promise<string>((resolve) => setTimeout(resolve, retryMs)).then(() => fetchData(src)))
    .then(
      (text) => {
        el.textContent = text;
        el.removeAttribute(PAGE_DATA_SRC);
        return true;
      },
      (error: unknown) => {
        console.error(`The page's island data (${src}) could not be loaded; the page stays as built.`, error);
        return false;
      },
    );
  return el.pageDataReady;
}
