/**
 * Edge cache headers of an on-demand page (issue 32): cached at the edge (`s-maxage`, with
 * `stale-while-revalidate`), keyed to the catalog version (`ETag` and `Cache-Tag`, so a
 * deploy's purge of the tag or a new version makes every cached page stale), and never past
 * the first end of an offer the page shows. Browsers revalidate every time (`max-age=0`).
 */

import { cacheTagHeader } from './tags.ts';

/** An on-demand page is cached at most this long (a nightly deploy replaces the catalog). */
export const EDGE_MAX_AGE_S = 3600;
/** …and may be served stale this long while the edge fetches a fresh one. */
export const EDGE_STALE_S = 600;

/** Seconds until the first end among `ends` (ISO or null); Infinity when none ends. */
export function secondsToFirstEnd(ends: readonly (string | null | undefined)[], now: number): number {
  let first = Number.POSITIVE_INFINITY;
  for (const end of ends) {
    const at = end ? Date.parse(end) : Number.NaN;
    if (!Number.isNaN(at)) first = Math.min(first, Math.floor((at - now) / 1000));
  }
  return first;
}

/**
 * `s-maxage` up to `EDGE_MAX_AGE_S`, then `stale-while-revalidate` up to `EDGE_STALE_S`, both
 * within the time left before the first offer on the page ends (no-store when none is left).
 */
export function edgeCacheHeaders(
  version: string,
  ends: readonly (string | null | undefined)[],
  now: number,
  /** What the answer shows (./tags.ts: brand-…, category-…, listing-…): what a purge by tag empties (issue 42). */
  tags: readonly string[] = [],
  /** A shorter edge life than EDGE_MAX_AGE_S (a page with live code health, issue 40). */
  maxAge = EDGE_MAX_AGE_S,
): Record<string, string> {
  const left = Math.max(0, secondsToFirstEnd(ends, now));
  const sMaxAge = Math.min(maxAge, left);
  // Stale only while the page would have been cached anyway. A page with a shorter life (live code
  // health: "within a minute of the answers", issue 40) is never served stale: its whole life at
  // the edge is `maxAge` (the Worker's Cache API copy is served until s-maxage + stale ends).
  const stale = maxAge < EDGE_MAX_AGE_S ? 0 : Math.min(EDGE_STALE_S, left - Math.min(EDGE_MAX_AGE_S, left));
  return {
    'Cache-Control':
      sMaxAge > 0
        ? `public, max-age=0, s-maxage=${sMaxAge}${stale > 0 ? `, stale-while-revalidate=${stale}` : ''}`
        : 'no-store',
    ETag: `W/"catalog-${version}"`,
    'Cache-Tag': cacheTagHeader([`catalog-${version}`, ...tags]),
  };
}
