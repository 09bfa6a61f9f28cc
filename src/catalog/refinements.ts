/**
 * The guarantees renderers rely on, as plain predicates (no zod, so islands can check values at
 * the sink without shipping the schema library): colours, slugs, URLs, dates, currency codes.
 * src/catalog/schemas.ts builds the model refinements (reject) and src/sources/http/wire-values.ts
 * the wire normalizers (repair) from these same functions; components call them again before writing a value into a style or
 * a link. Messages are shared so a catalog file and the API report the same rule.
 */

/** ASCII control characters, whitespace and the backslash: never part of a URL we render. */
export function hasUnsafeUrlChar(v: string): boolean {
  for (let i = 0; i < v.length; i++) {
    const code = v.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return /\s/.test(v);
}
/** Lowercase letters and digits in hyphen-separated words, e.g. "home-and-garden". */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 120;
export const URL_MAX_LENGTH = 2048;
const CURRENCY = /^[A-Z]{3}$/;

// Colours have their own small module (cards in the browser need only them).
export { cssColor, isHexColor } from './colors.ts';

/**
 * A URL segment that is safe as a file and route name: lowercase letters, digits and single
 * hyphens (no "/", "..", "%2e", spaces or empty string), at most 120 characters.
 */
export function isSafeSlug(v: unknown): v is string {
  return typeof v === 'string' && v.length <= SLUG_MAX_LENGTH && SLUG.test(v);
}

/**
 * An absolute http: or https: address with a host, without whitespace, control characters or
 * backslashes (so "java\tscript:", "//host", "/\\host", data:, vbscript: all fail).
 */
export function isOutboundUrl(v: unknown): v is string {
  if (typeof v !== 'string' || v.length > URL_MAX_LENGTH || hasUnsafeUrlChar(v)) return false;
  if (!/^https?:\/\/[^/]/i.test(v)) return false;
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/** A path on this site: one leading "/" (not "//" or "/\\", which browsers read as another host). */
export function isSitePath(v: unknown): v is string {
  return (
    typeof v === 'string' &&
    v.length <= URL_MAX_LENGTH &&
    v.startsWith('/') &&
    !v.startsWith('//') &&
    !hasUnsafeUrlChar(v)
  );
}

/** An image address: an http(s) URL or a site path ("/logos/acme.svg"). */
export function isImageUrl(v: unknown): v is string {
  return isSitePath(v) || isOutboundUrl(v);
}

/** An ISO 8601 date the browser can parse, e.g. "2026-05-01T00:00:00.000Z". */
export function isIsoDate(v: unknown): v is string {
  return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v));
}

/** Two uppercase letters (ISO 3166-1 alpha-2), e.g. "GB". */
export function isCountryCode(v: unknown): v is string {
  return typeof v === 'string' && /^[A-Z]{2}$/.test(v);
}

/** Three uppercase letters (ISO 4217), e.g. "USD". */
export function isCurrencyCode(v: unknown): v is string {
  return typeof v === 'string' && CURRENCY.test(v);
}

export const REFINEMENT_MESSAGES = {
  slug: 'Slug may only contain lowercase letters, digits and single hyphens, e.g. "home-and-garden" ("/", "..", "%", spaces and empty slugs break page addresses)',
  color: 'Colour must be written as #RRGGBB, e.g. "#2563eb"',
  outbound:
    'Link must be an absolute http:// or https:// address (javascript:, data:, vbscript:, "//host", spaces and control characters are not allowed)',
  image: 'Image must be an http(s) address or a path on this site starting with a single "/"',
  date: 'Date must be an ISO 8601 timestamp, e.g. "2026-05-01T00:00:00.000Z"',
  currency: 'Currency must be a 3-letter ISO 4217 code in capitals, e.g. "USD"',
  country: 'Country must be a 2-letter ISO 3166-1 alpha-2 code in capitals, e.g. "GB"',
} as const;
