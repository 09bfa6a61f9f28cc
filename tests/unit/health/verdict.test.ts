/**
 * The verdict (issue 40 part 2): a code with `hideAfter` failures, the last within `windowHours`,
 * and no success in that window is no longer offered; one "it worked" or the operator's
 * confirmation (`verifiedAt`) lifts it. The clock is injected, in two time zones (the rule is in
 * epoch time: the zone of the machine must not change it). Also the config's thresholds.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { isOffered } from '../../../src/catalog/health.ts';
import { healthSchema } from '../../../src/config/schema-health.ts';

const T = { hideAfter: 5, windowHours: 24 };
const HOUR = 3_600_000;
const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

for (const tz of ['America/New_York', 'Asia/Kolkata']) {
  describe(`isOffered in ${tz}`, () => {
    // A local wall-clock time of that zone: the same rule must hold whatever the zone.
    const at = () => {
      process.env.TZ = tz;
      return new Date(2026, 10, 27, 9, 30).getTime();
    };
    const iso = (ms: number) => new Date(ms).toISOString();

    it('five failures and no success in 24 h: not offered; four: still offered', () => {
      const now = at();
      const failing = { votes: { worked: 0, failed: 5 }, lastFailedAt: iso(now - HOUR), lastWorkedAt: null };
      expect(isOffered(failing, now, T)).toBe(false);
      expect(isOffered({ ...failing, votes: { worked: 0, failed: 4 } }, now, T)).toBe(true);
    });

    it('one "it worked" within the window lifts it; one 25 h ago does not', () => {
      const now = at();
      const failing = { votes: { worked: 1, failed: 5 }, lastFailedAt: iso(now - HOUR) };
      expect(isOffered({ ...failing, lastWorkedAt: iso(now - 2 * HOUR) }, now, T)).toBe(true);
      expect(isOffered({ ...failing, lastWorkedAt: iso(now - 25 * HOUR) }, now, T)).toBe(false);
    });

    it("the operator's confirmation (verifiedAt) within the window lifts it", () => {
      const now = at();
      const failing = { votes: { worked: 0, failed: 9 }, lastFailedAt: iso(now - HOUR), lastWorkedAt: null };
      expect(isOffered({ ...failing, verifiedAt: iso(now) }, now, T)).toBe(true);
      expect(isOffered({ ...failing, verifiedAt: iso(now - 48 * HOUR) }, now, T)).toBe(false);
    });

    it('no failure within the window: offered again; the clock moved past the window brings it back', () => {
      const now = at();
      const failing = { votes: { worked: 0, failed: 6 }, lastFailedAt: iso(now - HOUR), lastWorkedAt: null };
      expect(isOffered(failing, now, T)).toBe(false);
      expect(isOffered(failing, now + 23 * HOUR - 1, T)).toBe(false);
      expect(isOffered(failing, now + 24 * HOUR, T)).toBe(true);
    });

    it('the thresholds are the config', () => {
      const now = at();
      const c = { votes: { worked: 0, failed: 2 }, lastFailedAt: iso(now - 3 * HOUR), lastWorkedAt: null };
      expect(isOffered(c, now, { hideAfter: 2, windowHours: 4 })).toBe(false);
      expect(isOffered(c, now, { hideAfter: 2, windowHours: 2 })).toBe(true);
      expect(isOffered(c, now, { hideAfter: 3, windowHours: 4 })).toBe(true);
    });
  });
}

describe('health in the site config', () => {
  it('defaults to 5 failures in 24 hours', () => {
    expect(healthSchema.parse({})).toEqual({ hideAfter: 5, windowHours: 24 });
  });

  it('refuses bad thresholds, naming the field', () => {
    const bad = healthSchema.safeParse({ hideAfter: 0, windowHours: 1000 });
    expect(bad.success).toBe(false);
    const messages = bad.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];
    expect(messages).toContain('hideAfter: health.hideAfter must be at least 1 answer');
    expect(messages).toContain(
      'windowHours: health.windowHours must be at most 720 hours (the 30 days answers are counted over)',
    );
    expect(healthSchema.safeParse({ hideAfter: 2.5 }).success).toBe(false);
    expect(healthSchema.safeParse({ hideAfter: 3, extra: 1 }).success).toBe(false);
  });
});
