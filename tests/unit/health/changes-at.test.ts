/**
 * healthChangesAt (src/catalog/health.ts): a card pre-rendered at `from` says the same about a
 * code's health at every instant before the returned moment, so its island may wait for the
 * first input until then (src/astro/interaction-directive.ts `clock`). Checked on many generated
 * codes at many instants, in two time zones (the rule reads only instants).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { couponHealth, healthChangesAt, isOffered, RECENT_MS } from '../../../src/catalog/health.ts';

const H = 3_600_000;
const FROM = Date.parse('2026-11-20T12:00:00.000Z');
const T = { hideAfter: 5, windowHours: 24 };

/** A small deterministic generator (no Math.random: the failure names its seed). */
function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

const said = (c: Parameters<typeof isOffered>[0], now: number) => ({
  health: couponHealth(c, now),
  offered: isOffered(c, now, T),
});

afterEach(() => vi.unstubAllEnvs());

for (const tz of ['America/Los_Angeles', 'Asia/Tokyo']) {
  describe(`healthChangesAt in ${tz}`, () => {
    it('nothing a card says changes before the moment it returns', () => {
      vi.stubEnv('TZ', tz);
      const r = rng(43);
      const iso = () => (r() < 0.25 ? null : new Date(FROM + (r() - 0.6) * 10 * 24 * H).toISOString());
      for (let i = 0; i < 400; i++) {
        const c = {
          lastWorkedAt: iso(),
          lastFailedAt: iso(),
          verifiedAt: iso(),
          votes: { worked: Math.floor(r() * 4), failed: Math.floor(r() * 9) },
        };
        const next = healthChangesAt(c, FROM, T);
        const before = said(c, FROM);
        const until = next ?? FROM + 30 * 24 * H;
        expect(until).toBeGreaterThan(FROM);
        for (let k = 0; k < 20; k++) {
          const at = FROM + Math.floor(r() * (until - FROM));
          expect(said(c, at), `code ${i} at +${(at - FROM) / H} h`).toEqual(before);
        }
      }
    });

    it('names the first edge: a failure leaving the recent window, a date no longer in the future', () => {
      vi.stubEnv('TZ', tz);
      const failed = new Date(FROM - RECENT_MS + H).toISOString();
      expect(healthChangesAt({ lastFailedAt: failed }, FROM, T)).toBe(FROM + H + 1);
      const soon = new Date(FROM + 10 * 60_000).toISOString();
      expect(healthChangesAt({ lastWorkedAt: soon }, FROM, T)).toBe(FROM + 9 * 60_000);
      expect(healthChangesAt({}, FROM, T)).toBeNull();
    });
  });
}
