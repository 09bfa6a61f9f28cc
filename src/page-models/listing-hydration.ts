/**
 * When the listing islands (home sections, coupons, deals, a brand's or category's offers)
 * hydrate (issue 43, docs/performance.md "Listings wait for the first input"):
 * - with static data, no live health (no edge API) and Show More pagination, the pre-rendered
 *   offers ARE the catalog's,
 *   and the page's clock labels and offer sweep keep them true by the visitor's clock: the island
 *   hydrates on the first interaction (`client:interaction`), so no React is fetched before the
 *   visitor acts; at once when the address asks for something else than the build (the coupons'
 *   filters) or the clock has made a pre-rendered offer untrue (`clock`, src/astro/interaction-directive.ts);
 * - otherwise (API mode, counted health from the Worker, or infinite scroll) the island hydrates
 *   after the first paint (`client:painted`).
 */
import { site } from '../config/site.ts';

export const LISTINGS_WAIT_FOR_INPUT =
  site.features.staticData.enabled &&
  site.deploy.target !== 'cloudflare' &&
  // Infinite scroll loads the next page when the list's end comes near, scrolling included,
  // which is no interaction: such a listing must be hydrated before the shopper scrolls.
  site.features.pagination.type !== 'infinite-scroll';

/** A listing whose address carries no filters. */
export const LISTING_HYDRATION = { clock: true };

/** The coupons page: its filters are query params (SPEC §5 "Query params"). */
export const COUPONS_HYDRATION = { params: ['q', 'category', 'brand', 'sort'], clock: true };

/**
 * The search page: without a query it shows the pre-rendered prompt and trending links (plain
 * links to their searches), so its island waits for the first input; a query in the address
 * means results to show (`tab` and `page` alone show the prompt), and the island hydrates at the
 * first idle moment after the first paint. Any site: the results come from the browser either way.
 */
export const SEARCH_HYDRATION = { params: ['q'] };
