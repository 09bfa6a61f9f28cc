/**
 * Feature switches of the site config that decide what the build emits (pure; tested in
 * tests/unit/config/features.test.ts).
 */
import type { SiteConfig } from './schema.ts';

/** `features.search.enabled`: off → no /search page in any language, no search box, no link to it. */
export function searchEnabled(config: Pick<SiteConfig, 'features'>): boolean {
  return config.features.search?.enabled !== false;
}

/** The header's search box: search on and `content.showSearch`. */
export function showSearchBox(config: Pick<SiteConfig, 'features' | 'content'>): boolean {
  return searchEnabled(config) && config.content.showSearch;
}
