/**
 * The site's ad settings in the browser (the `ads` part of siteRuntimeOf, src/config/public.ts), as
 * `virtual:site-ads`: a module of its own so that only the ad code and the modals carry them, not
 * the listing islands' shared chunk that every listing page loads before any interaction.
 */
import ads from 'virtual:site-ads';

export type SiteAds = typeof ads;
export const siteAds: SiteAds = ads;
