/**
 * The catalog source islands use in the browser: static JSON files (static-data mode)
 * or the HTTP API, plus the API client used for tracking calls. Created once per page.
 */
import { resolveApiBaseUrl } from '../api/base-url.ts';
import { type ApiClient, createApiClient } from '../api/client.ts';
import { createHttpSource } from '../api/http-source.ts';
import { createStaticSource } from '../api/static-source.ts';
import type { CatalogSource } from '../catalog/source.ts';
import { siteRuntime } from './runtime.ts';

let client: ApiClient | undefined;
let source: CatalogSource | undefined;
let staticSource: CatalogSource | undefined;

export function getApiClient(): ApiClient {
  client ??= createApiClient({
    baseUrl: resolveApiBaseUrl({
      override: import.meta.env.PUBLIC_API_BASE_URL,
      hostname: typeof location === 'undefined' ? undefined : location.hostname,
      configBaseUrl: siteRuntime.apiBaseUrl,
    }),
    siteId: siteRuntime.siteId,
    timeoutMs: siteRuntime.apiTimeout,
  });
  return client;
}

/** The built-in sample as static JSON (also the fallback of the coupons list in API mode). */
export function getStaticSource(): CatalogSource {
  staticSource ??= createStaticSource({ baseUrl: `${import.meta.env.BASE_URL.replace(/\/$/, '')}/data` });
  return staticSource;
}

export function getBrowserSource(): CatalogSource {
  source ??= siteRuntime.staticData ? getStaticSource() : createHttpSource(getApiClient());
  return source;
}

export function isStaticMode(): boolean {
  return siteRuntime.staticData;
}
