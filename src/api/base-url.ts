/**
 * Where API calls go (SPEC §7 "Common rules").
 *
 * The rule, first match wins:
 * 1. `override` — the build-time environment variable `PUBLIC_API_BASE_URL` — when non-blank.
 * 2. `http://localhost:3001` (the reference API server, `npm run api`) when the page is served from
 *    `localhost`, `127.0.0.1` or `[::1]`.
 * 3. The site config's `api.baseUrl` when it is an absolute `http(s)` address.
 * 4. `''` (production): calls go to `/api/…` on the page's own origin.
 *
 * Every call path is prefixed with `/api` unless it already starts with it. A base ending in `/api`
 * (such as the default config's `"/api"`) has that suffix dropped, so the prefix never doubles.
 */

export const DEV_API_BASE_URL = 'http://localhost:3001';
export const API_PREFIX = '/api';

const LOCAL_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export interface ResolveApiBaseUrlOptions {
  /** `import.meta.env.PUBLIC_API_BASE_URL` at build time; wins when non-blank. */
  override?: string | null | undefined;
  /** `location.hostname` in the browser; undefined at build time. */
  hostname?: string | null | undefined;
  /** The site config's `api.baseUrl`. */
  configBaseUrl?: string | null | undefined;
}

export function resolveApiBaseUrl({ override, hostname, configBaseUrl }: ResolveApiBaseUrlOptions = {}): string {
  const fromEnv = override?.trim();
  if (fromEnv) return trimBase(fromEnv);
  if (hostname && LOCAL_HOSTNAMES.has(hostname.toLowerCase())) return DEV_API_BASE_URL;
  const fromConfig = configBaseUrl?.trim();
  if (fromConfig && /^https?:\/\//i.test(fromConfig)) return trimBase(fromConfig);
  return '';
}

/** Drops trailing slashes and a trailing `/api`, so `apiUrl` can add the prefix exactly once. */
export function trimBase(baseUrl: string): string {
  let base = baseUrl.trim().replace(/\/+$/, '');
  if (base.toLowerCase().endsWith(API_PREFIX)) base = base.slice(0, -API_PREFIX.length);
  return base.replace(/\/+$/, '');
}

/** `/coupons` → `/api/coupons`; `api/coupons` and `/api/coupons` → `/api/coupons`. */
export function apiPath(path: string): string {
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  if (withSlash === API_PREFIX || withSlash.startsWith(`${API_PREFIX}/`) || withSlash.startsWith(`${API_PREFIX}?`)) {
    return withSlash;
  }
  return `${API_PREFIX}${withSlash}`;
}

export type QueryValue = string | number | boolean | null | undefined;
/** Query parameters: null/undefined are dropped, arrays are comma-joined (empty arrays dropped). */
export type QueryParams = Readonly<Record<string, QueryValue | readonly QueryValue[]>>;

export function serializeParams(params: QueryParams | undefined): string {
  if (!params) return '';
  const parts: string[] = [];
  for (const [key, raw] of Object.entries(params)) {
    const values = (Array.isArray(raw) ? raw : [raw]).filter((v): v is string | number | boolean => v != null);
    if (values.length === 0) continue;
    parts.push(`${encodeURIComponent(key)}=${values.map((v) => encodeURIComponent(String(v))).join(',')}`);
  }
  return parts.join('&');
}

/** The full address of an API call: base + `/api`-prefixed path + serialized params. */
export function apiUrl(baseUrl: string, path: string, params?: QueryParams): string {
  const query = serializeParams(params);
  const full = `${trimBase(baseUrl)}${apiPath(path)}`;
  if (!query) return full;
  return `${full}${full.includes('?') ? '&' : '?'}${query}`;
}
