import { describe, expect, it } from 'vitest';
import { EDGE_MAX_AGE_S, EDGE_STALE_S, edgeCacheHeaders } from '../../../src/edge/cache.ts';

/** Edge cache headers of an on-demand page (issue 32): keyed to the catalog version, never past an offer's end. */
describe('edgeCacheHeaders', () => {
  // The same instant written in two time zones: the cache follows instants, not wall clocks.
  const NOW_NY = Date.parse('2026-11-27T07:00:00-05:00');
  const NOW_TOKYO = Date.parse('2026-11-27T21:00:00+09:00');

  it.each([
    ['New York', NOW_NY],
    ['Tokyo', NOW_TOKYO],
  ])('caches a page whose offers end in days for the full time, with stale-while-revalidate (%s)', (_zone, now) => {
    expect(edgeCacheHeaders('abc123', ['2026-12-10T00:00:00Z', null], now)).toEqual({
      'Cache-Control': `public, max-age=0, s-maxage=${EDGE_MAX_AGE_S}, stale-while-revalidate=${EDGE_STALE_S}`,
      ETag: 'W/"catalog-abc123"',
      'Cache-Tag': 'catalog-abc123',
    });
  });

  it.each([
    ['New York', NOW_NY, '2026-11-27T07:10:00-05:00'],
    ['Tokyo', NOW_TOKYO, '2026-11-27T21:10:00+09:00'],
  ])('stops at the first end of an offer on the page: 10 minutes left, no stale serving (%s)', (_zone, now, end) => {
    const h = edgeCacheHeaders('v1', ['2027-01-01T00:00:00Z', end], now);
    expect(h['Cache-Control']).toBe('public, max-age=0, s-maxage=600');
  });

  it('serves stale only within the time the offers have left', () => {
    const now = Date.parse('2026-11-27T12:00:00Z');
    const end = new Date(now + (EDGE_MAX_AGE_S + 100) * 1000).toISOString();
    expect(edgeCacheHeaders('v1', [end], now)['Cache-Control']).toBe(
      `public, max-age=0, s-maxage=${EDGE_MAX_AGE_S}, stale-while-revalidate=100`,
    );
  });

  it('is not stored at all once an offer on the page has ended', () => {
    const now = Date.parse('2026-11-27T12:00:00Z');
    expect(edgeCacheHeaders('v1', ['2026-11-27T11:59:59Z'], now)['Cache-Control']).toBe('no-store');
  });

  it('keeps a page with live code health at most its minute, never served stale after it', () => {
    const now = Date.parse('2026-11-27T12:00:00Z');
    expect(edgeCacheHeaders('v1', ['2027-01-01T00:00:00Z'], now, [], 60)['Cache-Control']).toBe(
      'public, max-age=0, s-maxage=60',
    );
    expect(edgeCacheHeaders('v1', [new Date(now + 30_000).toISOString()], now, [], 60)['Cache-Control']).toBe(
      'public, max-age=0, s-maxage=30',
    );
  });

  it('gives every version its own tag, so a deploy makes every cached page stale', () => {
    const now = Date.parse('2026-11-27T12:00:00Z');
    expect(edgeCacheHeaders('old', [], now)['Cache-Tag']).not.toBe(edgeCacheHeaders('new', [], now)['Cache-Tag']);
  });
});
