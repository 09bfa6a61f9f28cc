/** The page's language in the browser (browser.ts's catalog reads, api.ts's calls). */
import { siteRuntime } from '../config/site-runtime.ts';

/** The page's language (`<html lang>`), one of the site's; the default language otherwise. */
export function pageLanguage(): string {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return siteRuntime.languages.includes(lang as never) ? lang : siteRuntime.defaultLanguage;
}
