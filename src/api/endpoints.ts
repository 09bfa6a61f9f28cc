/**
 * Named API endpoints (site config `api.endpoints`, SPEC §3 "api (baseUrl, endpoints by name)"
 * and §8): the paths the browser client posts to, each overridable by name in the site config.
 * A path is relative to the API base and gets the `/api` prefix like every call (base-url.ts);
 * `{id}` is replaced by the (encoded) id of the coupon or deal.
 * Asking for a name that is neither a default nor configured logs
 * "API endpoint not configured: {endpoint}" and yields an empty string (SPEC §8).
 * No zod here: this module ships to browsers.
 */

export const DEFAULT_ENDPOINTS = {
  couponUsage: '/coupons/{id}/usage',
  couponClick: '/coupons/{id}/click',
  couponCopy: '/coupons/{id}/copy',
  /** "Did {CODE} work?" answers: POST { "worked": true | false } (docs/code-health.md). */
  couponFeedback: '/coupons/{id}/feedback',
  dealClick: '/deals/{id}/click',
  searchRecord: '/search/record',
  newsletter: '/newsletter/subscribe',
  contact: '/contact',
} as const;

export type EndpointName = keyof typeof DEFAULT_ENDPOINTS;
export const ENDPOINT_NAMES = Object.keys(DEFAULT_ENDPOINTS) as [EndpointName, ...EndpointName[]];

export type EndpointMap = Readonly<Record<string, string>>;

/** The defaults with the site's overrides on top. */
export function endpointTable(overrides: Partial<Record<string, string>> = {}): EndpointMap {
  const table: Record<string, string> = { ...DEFAULT_ENDPOINTS };
  for (const [name, path] of Object.entries(overrides)) if (typeof path === 'string' && path) table[name] = path;
  return table;
}

/**
 * The path of endpoint `name` with `{param}` placeholders filled (URL-encoded), or `''` (logged
 * as "API endpoint not configured: {name}") when the table has no such name.
 */
export function resolveEndpoint(
  table: EndpointMap,
  name: string,
  params: Readonly<Record<string, string | number>> = {},
  log: (message: string) => void = console.error,
): string {
  const path = Object.hasOwn(table, name) ? table[name] : undefined;
  if (!path) {
    log(`API endpoint not configured: ${name}`);
    return '';
  }
  return path.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.hasOwn(params, key) ? encodeURIComponent(String(params[key])) : whole,
  );
}
