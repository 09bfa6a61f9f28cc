/**
 * The search input's classes, the same in the server-rendered form (SearchSlot.astro) and the
 * island that replaces it (SearchBox.tsx). The header's box is one short class (`search-input`,
 * src/styles/global.css: written twice on every page, issue 31); a box with classes of its own
 * (the search page's, taller) spells the utilities out, so its own height and size win as usual.
 */
const SEARCH_INPUT =
  'h-10 w-full rounded-full border border-line bg-page pl-10 pr-4 text-sm text-ink placeholder:text-muted focus:border-primary focus:bg-surface focus:outline-none focus-visible:outline-2 focus-visible:outline-primary';

export function searchInputClass(extra?: string): string {
  return extra ? `${SEARCH_INPUT} ${extra}` : 'search-input';
}
