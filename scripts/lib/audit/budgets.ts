/**
 * Page-weight budgets per page type, checked by the weight gate on every built page of that
 * type (the heaviest page of a type must fit). Sizes in KB (1 KB = 1024 bytes):
 * - html: the HTML file as built (raw bytes; inline scripts and styles are part of it);
 * - js: gzip bytes of the JavaScript a visitor downloads before any interaction (see weight.ts);
 * - css: gzip bytes of the linked stylesheets.
 * Set from measurement (`npm run audit -- --only weight`) with little headroom: raise one
 * only with a reason a reviewer accepts, in the same change that makes the page heavier.
 */
import type { PageType } from './pages.ts';

export interface Budget {
  htmlKB: number;
  jsKB: number;
  cssKB: number;
  /** One line: why this much. */
  reason: string;
}

// Measured on 2026-11-22 (heaviest page of each type, all languages): see the README table.
export const BUDGETS: Record<PageType, Budget> = {
  home: {
    htmlKB: 76,
    jsKB: 106,
    cssKB: 8,
    reason: 'featured coupons/deals/categories pre-rendered; React + 3 idle islands',
  },
  coupons: {
    htmlKB: 140,
    jsKB: 108,
    cssKB: 8,
    reason: 'first page of coupons pre-rendered plus island props; listing island',
  },
  deals: {
    htmlKB: 140,
    jsKB: 108,
    cssKB: 8,
    reason: 'first page of deals pre-rendered plus island props; listing island',
  },
  brands: { htmlKB: 72, jsKB: 108, cssKB: 8, reason: 'every brand card pre-rendered; brand directory island' },
  brand: { htmlKB: 98, jsKB: 112, cssKB: 8, reason: "one brand's coupons and deals pre-rendered; offer list island" },
  categories: { htmlKB: 36, jsKB: 2.5, cssKB: 8, reason: 'static category grid: no JS beyond the header' },
  category: {
    htmlKB: 140,
    jsKB: 112,
    cssKB: 8,
    reason: "one category's coupons and deals pre-rendered; offer list island",
  },
  search: { htmlKB: 68, jsKB: 120, cssKB: 8, reason: 'results island with the browser catalog source and query cache' },
  content: {
    htmlKB: 44,
    jsKB: 3,
    cssKB: 8,
    reason:
      'full legal/help text (longest: de privacy, de help ~19 KB of text) and its generated tables; JS: the header plus the 0.6 KB loader that imports form/filter/load-more scripts on first interaction',
  },
  '404': { htmlKB: 22, jsKB: 2.5, cssKB: 8, reason: 'static page: no JS beyond the header' },
  admin: { htmlKB: 22, jsKB: 2.5, cssKB: 8, reason: 'noindex tools; placeholder until the ad dashboard lands' },
};
