/** The few site settings islands need in the browser (see astro.config.mjs `virtual:site-runtime`). */
import runtime from 'virtual:site-runtime';

export type SiteRuntime = typeof runtime;
export const siteRuntime: SiteRuntime = runtime;
