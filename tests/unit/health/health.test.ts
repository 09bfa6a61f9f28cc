/** Code health (issue 22 point 3): the Wilson ranking, what a card says, and relative times. */
import { describe, expect, it } from 'vitest';
import { compareHealth, couponHealth, RECENT_MS, timeAgo, wilsonLowerBound } from '../../../src/catalog/health.ts';
import { couponComparators } from '../../../src/catalog/query.ts';
import { createSampleCatalog } from '../../../src/catalog/sample.ts';
import type { Coupon } from '../../../src/catalog/schemas.ts';

const NOW = Date.parse('2026-11-25T12:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(ms).toISOString();

describe('wilsonLowerBound', () => {
  it('is 0 without votes and matches the 95 % Wilson score interval', () => {
    expect(wilsonLowerBound(0, 0)).toBe(0);
    // Reference values (z = 1.96): 1/1 → 0.2065, 34/37 → 0.7870, 9/10 → 0.5958.
    expect(wilsonLowerBound(1, 1)).toBeCloseTo(0.2065, 4);
    expect(wilsonLowerBound(34, 37)).toBeCloseTo(0.787, 3);
    expect(wilsonLowerBound(9, 10)).toBeCloseTo(0.5958, 4);
    expect(wilsonLowerBound(0, 5)).toBe(0);
  });

  it('trusts the same share more with more votes, and a higher share more with the same votes', () => {
    expect(wilsonLowerBound(90, 100)).toBeGreaterThan(wilsonLowerBound(9, 10));
    expect(wilsonLowerBound(9, 10)).toBeGreaterThan(wilsonLowerBound(1, 1));
    expect(wilsonLowerBound(8, 10)).toBeLessThan(wilsonLowerBound(9, 10));
  });
});

describe('compareHealth and the popular sort', () => {
  const base = createSampleCatalog(new Date(NOW)).coupons.slice(0, 6);
  const withVotes = (c: Coupon, worked: number, failed: number): Coupon => ({ ...c, votes: { worked, failed } });

  it('ranks by the lower bound: many good answers beat one, failing codes sink below unrated ones', () => {
    const [a, b, c, d, e] = base as [Coupon, Coupon, Coupon, Coupon, Coupon];
    const many = withVotes(a, 34, 3);
    const one = withVotes(b, 1, 0);
    const unrated = { ...c, featured: false, exclusive: false };
    const failing = withVotes({ ...d, featured: true, exclusive: true }, 0, 4);
    const mixed = withVotes(e, 5, 5);
    const sorted = [failing, unrated, one, mixed, many].sort(couponComparators.popular).map((x) => x.id);
    expect(sorted).toEqual([many.id, mixed.id, one.id, unrated.id, failing.id]);
    expect(compareHealth(unrated, failing)).toBeLessThan(0);
  });

  it('leaves the catalog flags to decide between coupons nobody rated', () => {
    const [a, b] = base as [Coupon, Coupon];
    const featured = { ...a, featured: true, votes: null };
    const plain = { ...b, featured: false, exclusive: false, votes: null };
    expect([plain, featured].sort(couponComparators.popular)[0]!.id).toBe(featured.id);
  });
});

describe('couponHealth', () => {
  it('shows counted votes as a rounded share of the total, and the catalog rate only without votes', () => {
    expect(couponHealth({ votes: { worked: 34, failed: 3 }, successRate: 86 }, NOW)).toMatchObject({
      votes: { worked: 34, total: 37, percent: 92 },
      estimate: null,
    });
    expect(couponHealth({ votes: null, successRate: 86.4 }, NOW)).toMatchObject({ votes: null, estimate: 86 });
    expect(couponHealth({ votes: { worked: 0, failed: 0 }, successRate: 70 }, NOW)).toMatchObject({
      votes: null,
      estimate: 70,
    });
    expect(couponHealth({}, NOW)).toEqual({ votes: null, lastWorkedAt: null, reportedFailing: false, estimate: null });
  });

  it('reads "reported not working" for a recent failure with no recent success, at the 7-day edges', () => {
    const failedYesterday = at(NOW - DAY);
    expect(couponHealth({ lastFailedAt: failedYesterday }, NOW).reportedFailing).toBe(true);
    expect(couponHealth({ lastFailedAt: failedYesterday, lastWorkedAt: at(NOW - 2 * DAY) }, NOW).reportedFailing).toBe(
      false,
    );
    expect(couponHealth({ lastFailedAt: failedYesterday, lastWorkedAt: at(NOW - 8 * DAY) }, NOW).reportedFailing).toBe(
      true,
    );
    expect(couponHealth({ lastFailedAt: at(NOW - RECENT_MS) }, NOW).reportedFailing).toBe(true);
    expect(couponHealth({ lastFailedAt: at(NOW - RECENT_MS - 1) }, NOW).reportedFailing).toBe(false);
  });

  it('ignores a "last worked" in the future (a wrong clock) rather than showing it', () => {
    expect(couponHealth({ lastWorkedAt: at(NOW + DAY) }, NOW).lastWorkedAt).toBeNull();
    expect(couponHealth({ lastWorkedAt: at(NOW - HOUR) }, NOW).lastWorkedAt).toBe(at(NOW - HOUR));
  });
});

describe('timeAgo (injected clock, two time zones)', () => {
  const zones = ['America/Los_Angeles', 'Asia/Tokyo'];
  it.each(zones)('in %s: the same answers, across midnight and a DST change', (zone) => {
    const saved = process.env.TZ;
    process.env.TZ = zone;
    try {
      expect(timeAgo(at(NOW - 2 * HOUR - 5 * 60_000), NOW)).toEqual({ value: -2, unit: 'hour' });
      expect(timeAgo(at(NOW - 30_000), NOW)).toEqual({ value: 0, unit: 'minute' });
      expect(timeAgo(at(NOW - 59 * 60_000), NOW)).toEqual({ value: -59, unit: 'minute' });
      expect(timeAgo(at(NOW - 3 * DAY), NOW)).toEqual({ value: -3, unit: 'day' });
      // 2026-11-01 is the end of DST in Los Angeles: a day is still 24 hours of elapsed time.
      const afterDst = Date.parse('2026-11-02T12:00:00.000Z');
      expect(timeAgo('2026-10-31T12:00:00.000Z', afterDst)).toEqual({ value: -2, unit: 'day' });
      expect(timeAgo(at(NOW - 400 * DAY), NOW)).toEqual({ value: -1, unit: 'year' });
      expect(timeAgo(at(NOW + HOUR), NOW)).toEqual({ value: 0, unit: 'minute' });
      expect(timeAgo('not a date', NOW)).toBeNull();
    } finally {
      process.env.TZ = saved;
    }
  });
});
