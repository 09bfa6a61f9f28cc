import { describe, expect, it } from 'vitest';
import {
  type DecisionClock,
  decide,
  decideModal,
  drawModalPosition,
  type PlatformMetrics,
  POSITION_WEIGHTS,
  scorePlatform,
} from '../../../src/ads/core/decision.ts';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const MIN = 60_000;
const HOUR = 60 * MIN;
const m = (impressions: number, clicks: number, lastClick: number | null = null): PlatformMetrics => ({
  impressions,
  clicks,
  lastClick,
  ctr: impressions ? clicks / impressions : 0,
});
/** Mid-afternoon by default (business hours), random never used unless asked. */
const clock = (hour = 14, random: () => number = () => 0): DecisionClock => ({ now: NOW, hour, random });
/** Scores rounded to 6 decimals (50 * 1.1 is 55.00000000000001 in floating point). */
const near = (scores: Record<string, number>) =>
  Object.fromEntries(Object.entries(scores).map(([k, v]) => [k, Math.round(v * 1e6) / 1e6]));
const score = (metrics: PlatformMetrics | undefined, limit?: number) => scorePlatform(metrics, NOW, limit).score;

describe('scorePlatform: base, ctr bonus, threshold, recency, impressions, cap (SPEC §9)', () => {
  it('no figures: base 50', () => {
    expect(score(undefined)).toBe(50);
    expect(score(m(0, 0))).toBe(50);
  });

  it('ctr bonus is ctr * 500, at most 50', () => {
    // 5 / 100 = 0.05 → +25; 100 impressions is not above 100 → +10 → 85.
    expect(score(m(100, 5))).toBeCloseTo(85, 10);
    // 10 / 50 = 0.2 → 100, capped at +50; 50 impressions → +10: 110 → cap 100.
    expect(score(m(50, 10))).toBe(100);
    // 1 / 400 = 0.0025 → +1.25; 400 impressions → +20 → 71.25.
    expect(score(m(400, 1))).toBeCloseTo(71.25, 10);
  });

  it('ctr above the click-rate limit halves the whole score; at the limit it does not', () => {
    // 8 / 20 = 0.4 > 0.3: 50 + 50 + 10 = 110 → halved 55.
    expect(score(m(20, 8))).toBe(55);
    // The limit comes from ads.clickRateLimit: 0.5 → not halved → 110 → capped 100.
    expect(score(m(20, 8), 0.5)).toBe(100);
    // 3 / 10 = 0.3 is not above 0.3: 50 + 50 + 5 (10 is not above 10) = 105 → capped 100.
    expect(score(m(10, 3))).toBe(100);
    // Halved after the bonuses: 4 / 10 = 0.4, click 10 min ago: (50 + 50 + 20 + 5) / 2 = 62.5.
    expect(score(m(10, 4, NOW - 10 * MIN))).toBe(62.5);
  });

  it('recency: +20 under 1 h, +10 under 24 h, +5 under 72 h, nothing after or in the future', () => {
    expect(score(m(0, 0, NOW - 30 * MIN))).toBe(70);
    expect(score(m(0, 0, NOW - HOUR + 1))).toBe(70);
    expect(score(m(0, 0, NOW - HOUR))).toBe(60);
    expect(score(m(0, 0, NOW - 24 * HOUR + 1))).toBe(60);
    expect(score(m(0, 0, NOW - 24 * HOUR))).toBe(55);
    expect(score(m(0, 0, NOW - 72 * HOUR + 1))).toBe(55);
    expect(score(m(0, 0, NOW - 72 * HOUR))).toBe(50);
    expect(score(m(0, 0, NOW + HOUR))).toBe(50);
  });

  it('impressions: +30 above 1000, +20 above 100, +10 above 10, +5 above 0', () => {
    expect(score(m(1001, 0))).toBe(80);
    expect(score(m(1000, 0))).toBe(70);
    expect(score(m(101, 0))).toBe(70);
    expect(score(m(100, 0))).toBe(60);
    expect(score(m(11, 0))).toBe(60);
    expect(score(m(10, 0))).toBe(55);
    expect(score(m(1, 0))).toBe(55);
    expect(score(m(0, 0))).toBe(50);
  });

  it('caps at 100', () => {
    // 400 / 2000 = 0.2 → +50, click 10 min ago +20, +30: 150 → 100.
    expect(score(m(2000, 400, NOW - 10 * MIN))).toBe(100);
  });
});

describe('decide (SPEC §9)', () => {
  it('equal scores: the first enabled platform in config order wins; confidence = score / 100', () => {
    const d = decide({}, { isNewUser: false }, clock(), { platforms: ['adsterra', 'adsense'] });
    expect(d.platform).toBe('adsterra');
    expect(d.confidence).toBe(0.5);
    expect(d.scores).toEqual({ adsterra: 50, adsense: 50 });
  });

  it('the better-performing platform wins', () => {
    // adsense 85 (see above) vs adsterra 50.
    const d = decide({ adsense: m(100, 5) }, { isNewUser: false }, clock(), {
      platforms: ['adsterra', 'adsense'],
    });
    expect(d.platform).toBe('adsense');
    expect(d.confidence).toBeCloseTo(0.85, 10);
  });

  it('a platform over the click-rate limit loses to a clean one', () => {
    // adsense 8/20 → 55; adsterra 200 impressions, 2 clicks: 50 + 5 + 20 = 75.
    const d = decide({ adsense: m(20, 8), adsterra: m(200, 2) }, { isNewUser: false }, clock(), {
      platforms: ['adsense', 'adsterra'],
      clickRateLimit: 0.3,
    });
    expect(d.platform).toBe('adsterra');
    expect(d.scores.adsense).toBe(55);
    expect(d.scores.adsterra).toBeCloseTo(75, 10);
  });

  it('new user: x1.2 for adsense and adsterra only', () => {
    const d = decide({}, { isNewUser: true }, clock(20), { platforms: ['amazon', 'adsterra', 'facebook'] });
    // amazon 50 (off hours), adsterra 50 * 1.2 = 60; facebook cannot render, so it is not scored (issue 25).
    expect(near(d.scores)).toEqual({ amazon: 50, adsterra: 60 });
    expect(d.platform).toBe('adsterra');
    expect(d.confidence).toBeCloseTo(0.6, 10);
  });

  it('the multiplier applies after the cap; confidence never exceeds 1', () => {
    const d = decide({ adsense: m(2000, 400, NOW - 10 * MIN) }, { isNewUser: true }, clock(), {
      platforms: ['adsense'],
    });
    expect(d.scores.adsense).toBe(120);
    expect(d.confidence).toBe(1);
  });

  it('x1.1 for amazon and direct from 09:00 to 17:59 (facebook, which cannot render, is never scored)', () => {
    const at = (hour: number) =>
      near(decide({}, { isNewUser: false }, clock(hour), { platforms: ['facebook', 'amazon', 'direct'] }).scores);
    expect(at(9)).toEqual({ amazon: 55, direct: 55 });
    expect(at(17)).toEqual({ amazon: 55, direct: 55 });
    expect(at(18)).toEqual({ amazon: 50, direct: 50 });
    expect(at(8)).toEqual({ amazon: 50, direct: 50 });
    expect(at(0)).toEqual({ amazon: 50, direct: 50 });
    expect(decide({}, { isNewUser: false }, clock(12), { platforms: ['facebook', 'amazon'] }).platform).toBe('amazon');
  });

  it('only enabled platforms take part; unknown names and facebook are ignored', () => {
    const d = decide({ adsense: m(2000, 400, NOW) }, { isNewUser: true }, clock(), {
      platforms: ['myspace', 'facebook', 'adsterra'],
    });
    expect(d.platform).toBe('adsterra');
    expect(Object.keys(d.scores)).toEqual(['adsterra']);
  });

  it('no enabled platform: the default fallback adsense with confidence 0.1', () => {
    for (const platforms of [[], ['myspace']]) {
      const d = decide({}, { isNewUser: false }, clock(), { platforms });
      expect(d).toMatchObject({ platform: 'adsense', confidence: 0.1 });
      expect(d.reasoning).toEqual(['no enabled platform: default fallback adsense']);
    }
  });

  it('a forced platform overrides the scores with confidence 1', () => {
    const d = decide({ adsense: m(2000, 400, NOW) }, { isNewUser: true }, clock(), {
      platforms: ['adsense', 'adsterra'],
      forced: 'amazon',
    });
    expect(d).toMatchObject({ platform: 'amazon', confidence: 1, reasoning: ['forced by ad_force_platform: amazon'] });
  });

  it('a forced platform that cannot render (facebook) is passed over, and the reasoning says so', () => {
    const d = decide({ adsterra: m(50, 5, NOW) }, { isNewUser: false }, clock(), {
      platforms: ['adsense', 'adsterra', 'facebook'],
      forced: 'facebook',
    });
    expect(d.platform).toBe('adsterra');
    expect(d.reasoning[0]).toBe('forced facebook cannot render ads: the scores decide');
    expect(d.reasoning.at(-1)).toMatch(/^chose adsterra /);
  });

  it('position: the input position when given; otherwise modal-top 0.7 / modal-bottom 0.3', () => {
    expect(POSITION_WEIGHTS).toEqual({ 'modal-top': 0.7, 'modal-bottom': 0.3 });
    expect(decide({}, { isNewUser: false, position: 'top' }, clock(), { platforms: ['adsense'] }).position).toBe('top');
    expect(drawModalPosition(() => 0)).toBe('modal-top');
    expect(drawModalPosition(() => 0.6999)).toBe('modal-top');
    expect(drawModalPosition(() => 0.7)).toBe('modal-bottom');
    expect(
      decide(
        {},
        { isNewUser: false },
        clock(14, () => 0.95),
        { platforms: ['adsense'] },
      ).position,
    ).toBe('modal-bottom');
  });

  it('reasoning names every bonus, multiplier and the choice', () => {
    const d = decide({ adsense: m(20, 8, NOW - 10 * MIN) }, { isNewUser: true }, clock(), {
      platforms: ['adsense'],
      clickRateLimit: 0.3,
    });
    // (50 + 50 + 20 + 10) / 2 = 65, x1.2 = 78.
    expect(d.scores.adsense).toBeCloseTo(78, 10);
    expect(d.reasoning).toEqual([
      'adsense: base 50, ctr 40.0% +50, last click 10 min ago +20, 20 impressions +10, ctr above the 30.0% limit: halved, new user x1.2 = 78',
      'chose adsense for modal-top (score 78)',
    ]);
  });
});

describe('decideModal (ads.modal.algorithm)', () => {
  const cfg = { platforms: ['adsterra', 'adsense', 'facebook'] };
  const metrics = { adsense: m(2000, 400, NOW) };
  it('smart is the decision engine', () => {
    expect(decideModal('smart', metrics, { isNewUser: false, position: 'modal-top' }, clock(), cfg)).toEqual(
      decide(metrics, { isNewUser: false, position: 'modal-top' }, clock(), cfg),
    );
  });
  it('fixed is always the first enabled platform', () => {
    expect(decideModal('fixed', metrics, { isNewUser: false, position: 'modal-top' }, clock(), cfg)).toMatchObject({
      platform: 'adsterra',
      confidence: 1,
      reasoning: ['fixed: first enabled platform adsterra'],
    });
  });
  it('random draws an enabled platform', () => {
    const at = (r: number) =>
      decideModal(
        'random',
        metrics,
        { isNewUser: false, position: 'modal-top' },
        clock(14, () => r),
        cfg,
      ).platform;
    // facebook is enabled but cannot render: drawn among adsterra and adsense only.
    expect([at(0), at(0.49), at(0.5), at(0.9999)]).toEqual(['adsterra', 'adsterra', 'adsense', 'adsense']);
  });
  it('a forced platform and the fallback apply to every algorithm', () => {
    expect(
      decideModal('fixed', {}, { isNewUser: false, position: 'modal-top' }, clock(), { ...cfg, forced: 'amazon' })
        .platform,
    ).toBe('amazon');
    expect(
      decideModal('random', {}, { isNewUser: false, position: 'modal-top' }, clock(), { platforms: [] }),
    ).toMatchObject({
      platform: 'adsense',
      confidence: 0.1,
    });
  });
});
