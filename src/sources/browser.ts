/**
 * The catalog source islands use in the browser: static JSON files (static-data mode)
 * or the HTTP API, plus the API client used for tracking calls. Created once per page.
 * The HTTP source (which validates responses with zod) and the API client (./api.ts) are
 * loaded only in API mode, so static-mode pages ship neither.
 */
import type { CatalogLanguage } from '../catalog/localized.ts';
import type { CatalogSource } from '../catalog/source.ts';
import { siteRuntime } from '../config/site-runtime.ts';
import { pageLanguage } from './page-language.ts';
import { staticDataPrefix } from './static/format.ts';
import { createStaticSource } from './static/source.ts';

let source: CatalogSource | undefined;
let staticSource: CatalogSource | undefined;

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
    : lazySource(async () => {
        const [http, api] = await Promise.all([import('./http/source.ts'), import('./api.ts')]);
        return http.createHttpSource(api.getApiClient(), {
          language: {
            lang: pageLanguage() as CatalogLanguage,
            defaultLang: siteRuntime.defaultLanguage as CatalogLanguage,
          },
        });
      });
  return source;
}

export function isStaticMode(): boolean {
  return siteRuntime.staticData;
}
