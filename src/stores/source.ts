/**
 * How stores reach data in the browser: the site's catalog source (static JSON or the API,
 * src/sources/browser.ts), loaded on first use so a page loads the data layer only when a
 * store needs it. Stores are the only callers; components call store actions.
 */
import type { CatalogSource } from '../catalog/source.ts';

export const loadBrowserData = () => import('../sources/browser.ts');
/** The page's API client (src/sources/api.ts), loaded on first use. */
export const loadApiClient = () => import('../sources/api.ts');

/** The browser's catalog source. */
export async function browserSource(): Promise<CatalogSource> {
  return (await loadBrowserData()).getBrowserSource();
}
