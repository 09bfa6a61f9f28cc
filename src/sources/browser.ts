/**
 * The catalog source islands use in the browser: static JSON files (static-data mode)
 * or the HTTP API, plus the API client used for tracking calls. Created once per page.
 * The HTTP source (which validates responses with zod) is loaded only in API mode, so
 * static-mode pages do not ship the schema library.
 */
import { resolveApiBaseUrl } from '../api/base-url.ts';
import { type ApiClient, createApiClient } from '../api/client.ts';
import type { CatalogLanguage } from '../catalog/localized.ts';
import type { CatalogSource } from '../catalog/source.ts';
import { siteRuntime } from '../config/site-runtime.ts';
import { localStore } from '../storage/stores.ts';
import { staticDataPrefix } from './static/format.ts';
import { createStaticSource } from './static/source.ts';

let client: ApiClient | undefined;
let source: CatalogSource | undefined;
let staticSource: CatalogSource | undefined;

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

/** The page's language (`<html lang>`), one of the site's; the default language otherwise. */
export function pageLanguage(): string {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return siteRuntime.languages.includes(lang as never) ? lang : siteRuntime.defaultLanguage;
}

/**
 * The build's catalog as static JSON in the page's language (/data/ for the default language,
 * /data/<lang>/ for another: src/sources/build.ts). In API mode, the catalog pulled at build
 * time: the coupons list's fallback.
 */
export function getStaticSource(): CatalogSource {
  staticSource ??= createStaticSource({
    baseUrl: `${import.meta.env.BASE_URL.replace(/\/$/, '')}/data/${staticDataPrefix(pageLanguage(), siteRuntime.defaultLanguage)}`,
  });
  return staticSource;
}

type Group = 'categories' | 'brands' | 'coupons' | 'deals';
type AnyFn = (...args: unknown[]) => Promise<unknown>;

/** A CatalogSource whose implementation is loaded on its first call. */
export function lazySource(load: () => Promise<CatalogSource>): CatalogSource {
  let pending: Promise<CatalogSource> | undefined;
  const get = () => {
    pending ??= load();
    return pending;
  };
  const call =
    (name: keyof CatalogSource) =>
    (...args: unknown[]) =>
      get().then((s) => (s[name] as unknown as AnyFn)(...args));
  const group = (name: Group) =>
    new Proxy(
      {},
      {
        get:
          (_target, method: string) =>
          (...args: unknown[]) =>
            get().then((s) => (s[name] as unknown as Record<string, AnyFn>)[method]!(...args)),
      },
    );
  return {
    home: call('home'),
    stats: call('stats'),
    search: call('search'),
    suggestions: call('suggestions'),
    trending: call('trending'),
    categories: group('categories'),
    brands: group('brands'),
    coupons: group('coupons'),
    deals: group('deals'),
  } as unknown as CatalogSource;
}

export function getBrowserSource(): CatalogSource {
  source ??= siteRuntime.staticData
    ? getStaticSource()
    : lazySource(async () =>
        (await import('./http/source.ts')).createHttpSource(getApiClient(), {
          language: {
            lang: pageLanguage() as CatalogLanguage,
            defaultLang: siteRuntime.defaultLanguage as CatalogLanguage,
          },
        }),
      );
  return source;
}

export function isStaticMode(): boolean {
  return siteRuntime.staticData;
}
