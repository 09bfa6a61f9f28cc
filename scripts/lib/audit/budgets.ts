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

export const BUDGETS: Record<PageType, Budget> = {
  home: { htmlKB: 22, jsKB: 1, cssKB: 7, reason: 'layout + hero; featured lists not built yet' },
  coupons: { htmlKB: 22, jsKB: 1, cssKB: 7, reason: 'placeholder: layout only until the coupon grid lands' },
  deals: { htmlKB: 22, jsKB: 1, cssKB: 7, reason: 'placeholder: layout only until the deal grid lands' },
  brands: { htmlKB: 22, jsKB: 1, cssKB: 7, reason: 'placeholder: layout only until the brand directory lands' },
  brand: { htmlKB: 22, jsKB: 1, cssKB: 7, reason: 'no brand pages built yet; same as a layout-only page' },
  categories: { htmlKB: 22, jsKB: 1, cssKB: 7, reason: 'placeholder: layout only until the category list lands' },
  category: { htmlKB: 22, jsKB: 1, cssKB: 7, reason: 'no category pages built yet; same as a layout-only page' },
  search: { htmlKB: 22, jsKB: 1, cssKB: 7, reason: 'placeholder: layout only until the search island lands' },
  content: { htmlKB: 22, jsKB: 1, cssKB: 7, reason: 'static text: no JS beyond the header and language select' },
  '404': { htmlKB: 22, jsKB: 1, cssKB: 7, reason: 'static page: no JS beyond the header and language select' },
  admin: { htmlKB: 22, jsKB: 1, cssKB: 7, reason: 'noindex tools; placeholder until the ad dashboard lands' },
};
