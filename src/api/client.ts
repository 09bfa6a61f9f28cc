/**
 * The API client of SPEC §7 "Common rules" and §8: `/api` prefixing, default headers, the
 * response envelope, the error catalogue and a 10 s timeout. Calls never throw; they resolve to
 * an `ApiResult`.
 */
import { apiUrl, type QueryParams } from './base-url.ts';
import { type EndpointMap, endpointTable, resolveEndpoint } from './endpoints.ts';
import {
  API_ERROR,
  type ApiFailure,
  type ApiResult,
  httpError,
  invalidResponse,
  networkError,
  requestError,
  UNKNOWN_STATUS_TEXT,
} from './errors.ts';

export const DEFAULT_TIMEOUT_MS = 10_000;
/** Retries when no `retryCount` is given: 2, i.e. the retry helper's 3 attempts (SPEC §9). */
export const DEFAULT_RETRY_COUNT = 2;
export const AUTH_TOKEN_KEY = 'auth_token';
export const SITE_ID_HEADER = 'X-Site-Id';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface ApiClientOptions {
  /** From `resolveApiBaseUrl`; `''` means the page's own origin. */
  baseUrl: string;
  /** Sent as `X-Site-Id` on every call. */
  siteId: string;
  /** Defaults to the global fetch. */
  fetch?: FetchLike;
  /** The bearer token, if any. Defaults to `auth_token` read from `tokenStore`. */
  getToken?: () => string | null | undefined;
  /**
   * Where `auth_token` is kept: in the browser `localStore` of src/preferences/preferences.ts (the one
   * module that touches Web Storage); none (no token) when left out.
   */
  tokenStore?: Pick<Storage, 'getItem' | 'removeItem'>;
  /** Abort and report NETWORK_ERROR after this long. Default 10000 ms. */
  timeoutMs?: number;
  /**
   * The site config's `api.retryCount`: how many times a failed call that is retried (the coupon
   * usage record) is tried again, 0–5. Default 2 (3 attempts, SPEC §9).
   */
  retryCount?: number;
  /** The site config's `api.endpoints`: named path overrides on top of DEFAULT_ENDPOINTS. */
  endpoints?: Partial<Record<string, string>>;
  /** Where "API endpoint not configured: {name}" goes. Defaults to console.error. */
  log?: (message: string) => void;
  /**
   * The language catalog reads are asked in (issue 24, docs/operators.md "API contract:
   * languages"): every GET carries it as the `lang` query parameter and as `Accept-Language`.
   * In the browser, the page's language (src/sources/page-language.ts), read per call.
   * A call's own `{ lang }` wins; none (or not a language tag) sends neither.
   */
  lang?: string | (() => string | undefined);
}

/** Per-call options of `get`. */
export interface GetOptions {
  /** The language of this read (`lang` and `Accept-Language`), instead of the client's. */
  lang?: string;
}

/**
 * A language tag a request can carry: "es", "de-AT". Only letters, digits and hyphens, so the
 * `Accept-Language` value stays CORS-safelisted (no preflight of its own) and cannot break a header.
 */
export const isLanguageTag = (v: unknown): v is string =>
  typeof v === 'string' && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(v);

export interface ApiClient {
  readonly baseUrl: string;
  readonly siteId: string;
  /** Retries of a retried call after its first attempt (`api.retryCount`, at least 0). */
  readonly retryCount: number;
  /**
   * The path of a named endpoint (`api.endpoints` over the defaults) with `{id}`-style params
   * filled; `''` and the log "API endpoint not configured: {name}" for an unknown name.
   */
  endpoint(name: string, params?: Readonly<Record<string, string | number>>): string;
  /** The full address of a call (used by `navigator.sendBeacon`). */
  url(path: string, params?: QueryParams): string;
  /** A read, in the client's language (or `options.lang`): `lang` and `Accept-Language` sent. */
  get<T>(path: string, params?: QueryParams, options?: GetOptions): Promise<ApiResult<T>>;
  post<T>(path: string, body?: unknown): Promise<ApiResult<T>>;
}

/** Longest token sent; a longer stored value is treated as garbage (servers refuse huge headers). */
export const MAX_TOKEN_LENGTH = 4096;
/** RFC 6750 bearer token characters: no spaces, line breaks or other control characters. */
const BEARER_TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

/** A value that can be sent as `Authorization: Bearer <token>` without breaking the request. */
export function isValidToken(token: unknown): token is string {
  return typeof token === 'string' && token.length <= MAX_TOKEN_LENGTH && BEARER_TOKEN.test(token);
}

let warnedAboutToken = false;

/** Forget that the malformed-token warning was given (tests). */
export function resetTokenWarning(): void {
  warnedAboutToken = false;
}

/**
 * Reads `auth_token` from the given storage (the browser's localStorage); storage that is missing or blocked means no token. A malformed
 * token (a line break in it would make every request throw) is removed from storage and ignored,
 * with one warning, so the site keeps working instead of failing every call until storage is cleared.
 */
export function readStoredToken(
  storage: Pick<Storage, 'getItem' | 'removeItem'> | undefined,
  warn: (...args: unknown[]) => void = console.warn,
): string | null {
  let token: string | null;
  try {
    token = storage?.getItem(AUTH_TOKEN_KEY) ?? null;
  } catch {
    return null;
  }
  if (token === null || isValidToken(token)) return token;
  try {
    storage?.removeItem(AUTH_TOKEN_KEY);
  } catch {
    // read-only or blocked storage: the token is still ignored
  }
  if (!warnedAboutToken) {
    warnedAboutToken = true;
    warn(
      `Ignoring the stored ${AUTH_TOKEN_KEY}: it is not a valid bearer token (line breaks, spaces or other characters, or longer than ${MAX_TOKEN_LENGTH}); it was removed and requests are sent without it.`,
    );
  }
  return null;
}

function safeToken(getToken: () => string | null | undefined): string | null {
  try {
    const token = getToken();
    return isValidToken(token) ? token : null;
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Throws when the address cannot be requested (request setup failure). */
function assertRequestable(url: string): void {
  const base = globalThis.location?.href ?? 'http://localhost/';
  const parsed = new URL(url, base);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new TypeError(`Unsupported protocol ${parsed.protocol}`);
  }
}

/**
 * SPEC §7: how an ok response body becomes an `ApiResult`. A body with `success` passes through
 * unchanged; `{code: 0|200, …}` becomes a success keeping its other fields (e.g. `pagination`),
 * any other code an `API_ERROR`; anything else is wrapped as `{success: true, data: body}`.
 */
export function unwrapEnvelope<T>(body: unknown, status: number): ApiResult<T> {
  if (isRecord(body)) {
    if ('success' in body) return body as unknown as ApiResult<T>;
    if ('code' in body) {
      const { code: rawCode, ...rest } = body;
      const code =
        typeof rawCode === 'number'
          ? rawCode
          : typeof rawCode === 'string' && rawCode.trim()
            ? Number(rawCode)
            : Number.NaN;
      if (code === 0 || code === 200) return { ...rest, success: true, data: body.data as T };
      const message = typeof body.message === 'string' && body.message !== '' ? body.message : UNKNOWN_STATUS_TEXT;
      return { success: false, error: API_ERROR, message, status };
    }
  }
  return { success: true, data: body as T };
}

/** SPEC §8: how a non-ok response becomes an `ApiResult`. */
export function errorFromResponse(body: unknown, status: number): ApiResult<never> {
  if (isRecord(body) && 'success' in body) return body as unknown as ApiFailure;
  return httpError(status, isRecord(body) ? body.message : undefined);
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { baseUrl, siteId, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
  const retryCount = Math.max(0, Math.floor(options.retryCount ?? DEFAULT_RETRY_COUNT));
  const endpoints: EndpointMap = endpointTable(options.endpoints);
  const log = options.log ?? ((message: string) => console.error(message));
  const getToken = options.getToken ?? (() => readStoredToken(options.tokenStore));
  const doFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  const clientLang = () => {
    try {
      return typeof options.lang === 'function' ? options.lang() : options.lang;
    } catch {
      return undefined;
    }
  };

  async function request<T>(method: 'GET' | 'POST', path: string, params?: QueryParams, body?: unknown, lang?: string) {
    let url: string;
    let init: RequestInit;
    try {
      const language = method === 'GET' ? (lang ?? clientLang()) : undefined;
      const asked = isLanguageTag(language) ? language : undefined;
      url = apiUrl(baseUrl, path, asked ? { ...params, lang: asked } : params);
      assertRequestable(url);
      const headers: Record<string, string> = { 'Content-Type': 'application/json', [SITE_ID_HEADER]: siteId };
      if (asked) headers['Accept-Language'] = asked;
      const token = safeToken(getToken);
      if (token) headers.Authorization = `Bearer ${token}`;
      // A record (POST) still leaves when the shopper moves on to the next page (keepalive).
      init = method === 'POST' ? { method, headers, keepalive: true } : { method, headers };
      if (body !== undefined) {
        const json = JSON.stringify(body);
        if (json === undefined) throw new TypeError('Body is not serializable');
        init.body = json;
      }
    } catch {
      return requestError();
    }

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await doFetch(url, { ...init, signal: controller.signal });
      const text = await response.text();
      const parsed = parseJson(text);
      if (!response.ok) return errorFromResponse(parsed.ok ? parsed.value : undefined, response.status);
      if (!parsed.ok) return invalidResponse(response.status);
      return unwrapEnvelope<T>(parsed.value, response.status);
    } catch {
      return networkError();
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    baseUrl,
    siteId,
    retryCount,
    endpoint: (name, params) => resolveEndpoint(endpoints, name, params, log),
    url: (path, params) => apiUrl(baseUrl, path, params),
    get: <T>(path: string, params?: QueryParams, opts?: GetOptions) =>
      request<T>('GET', path, params, undefined, opts?.lang),
    post: <T>(path: string, body?: unknown) => request<T>('POST', path, undefined, body),
  };
}
