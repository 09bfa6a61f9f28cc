/**
 * The API client as the browser forms (src/content-helpers/enhance: contact, newsletter) use it:
 * base address resolved for this page (src/api/base-url.ts), the stored token through the
 * consent-aware storage module. Page scripts reach src/api only through here (biome.json).
 */
import { resolveApiBaseUrl } from '../api/base-url.ts';
import { createApiClient } from '../api/client.ts';
import { localStore } from '../storage/stores.ts';

export function browserApiClient(cfg: {
  apiBaseUrl: string;
  siteId: string;
  timeout: number;
  /** The site config's `api.endpoints` (named path overrides). */
  apiEndpoints?: Record<string, string>;
  retryCount?: number;
}) {
  return createApiClient({
    baseUrl: resolveApiBaseUrl({
      override: import.meta.env.PUBLIC_API_BASE_URL,
      hostname: location.hostname,
      configBaseUrl: cfg.apiBaseUrl,
    }),
    siteId: cfg.siteId,
    tokenStore: localStore,
    timeoutMs: cfg.timeout,
    ...(cfg.apiEndpoints ? { endpoints: cfg.apiEndpoints } : {}),
    ...(cfg.retryCount !== undefined ? { retryCount: cfg.retryCount } : {}),
  });
}
