/**
 * The site settings islands need in the browser: the public part of the site config that
 * astro.config.mjs exposes as `virtual:site-runtime` (never the whole config). It lives next to
 * the config it comes from; `src/sources/` is only about which catalog source the browser reads.
 */
import runtime from 'virtual:site-runtime';

export type SiteRuntime = typeof runtime;
/** Every browser setting but the ads' (those are `siteAds`, src/config/site-ads.ts). */
export const siteRuntime: SiteRuntime = runtime;
