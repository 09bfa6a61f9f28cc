/**
 * The page's API client (tracking calls, API-mode catalog reads, the ad dashboard's figures):
 * created once per page, loaded on demand (not part of src/sources/browser.ts, so a static-data
 * page that reads the catalog does not fetch it).
 */
import { resolveApiBaseUrl } from '../api/base-url.ts';
import { type ApiClient, createApiClient } from '../api/client.ts';
import { siteRuntime } from '../config/site-runtime.ts';
import { localStore } from '../storage/stores.ts';
import { pageLanguage } from './page-language.ts';

let client: ApiClient | undefined;

export function getApiClient(): ApiClient {
  client ??= createApiClient({
    baseUrl: resolveApiBaseUrl({
      override: import.meta.env.PUBLIC_API_BASE_URL,
      // An edge site's API is its own Worker, on the page's origin wherever it runs (issue 32).
      hostname: typeof location === 'undefined' || siteRuntime.edgeApi ? undefined : location.hostname,
      configBaseUrl: siteRuntime.apiBaseUrl,
    }),
    siteId: siteRuntime.siteId,
    timeoutMs: siteRuntime.apiTimeout,
    retryCount: siteRuntime.apiRetryCount,
    endpoints: siteRuntime.apiEndpoints,
    tokenStore: localStore,
    // Catalog reads ask for the page's language (`lang` + Accept-Language, issue 24).
    lang: pageLanguage,
  });
  return client;
}
