/**
 * `virtual:site-runtime` for unit tests (vitest.config.ts aliases it here): the default site's
 * browser settings, as astro.config.mjs exposes them. A test that needs other values mocks
 * src/config/site-runtime.ts.
 */
import { loadSiteConfig } from '../../../src/config/load-file.ts';
import { publicSiteConfig } from '../../../src/config/public.ts';

const config = loadSiteConfig('default');
const publicConfig = publicSiteConfig(config);

export default {
  siteId: config.site.id,
  siteName: config.site.name,
  defaultLanguage: config.site.defaultLanguage,
  languages: config.site.supportedLanguages,
  timezone: config.site.timezone,
  staticData: config.features.staticData.enabled,
  apiBaseUrl: config.api.baseUrl,
  apiTimeout: config.api.timeout,
  apiRetryCount: config.api.retryCount,
  apiEndpoints: publicConfig.api.endpoints,
  searchMinCharacters: config.features.search?.minCharacters ?? 2,
  pagination: { type: config.features.pagination.type, itemsPerPage: config.features.pagination.itemsPerPage },
  ads: publicConfig.ads,
  consent: publicConfig.consent,
};
