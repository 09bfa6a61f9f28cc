import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILL_RATE,
  estimatedRevenue,
  fillRate,
  RANGE_BUCKETS,
  RANGES,
  summarize,
} from '../../../src/ads/core/revenue.ts';
import { hourOf, type MetricsState, recordEvent } from '../../../src/ads/core/tracker.ts';

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 2, 20, 15, 10, 0);
const H = hourOf(NOW);

describe('estimated revenue (SPEC §9): impressions/1000 x rate x (1 + ctr x 10)', () => {
  it('hand-computed cases', () => {
    // adsense 1.5 per 1000; 2000 impressions, 20 clicks: ctr 0.01 → 2 x 1.5 x 1.1 = 3.3
    expect(estimatedRevenue('adsense', 2000, 20)).toBeCloseTo(3.3, 10);
    // adsterra 0.8; 500 impressions, 0 clicks → 0.5 x 0.8 = 0.4
    expect(estimatedRevenue('adsterra', 500, 0)).toBeCloseTo(0.4, 10);
    // direct 2; 1000 impressions, 100 clicks: ctr 0.1 → 1 x 2 x 2 = 4
    expect(estimatedRevenue('direct', 1000, 100)).toBeCloseTo(4, 10);
    // facebook 1.2, amazon 1, unknown → default 1; 4 impressions 1 click: ctr .25 → .004 x r x 3.5
    expect(estimatedRevenue('facebook', 4, 1)).toBeCloseTo(0.0168, 10);
    expect(estimatedRevenue('amazon', 4, 1)).toBeCloseTo(0.014, 10);
    expect(estimatedRevenue('google', 4, 1)).toBeCloseTo(0.014, 10);
    expect(estimatedRevenue('adsense', 0, 0)).toBe(0);
  });

  it('fill rate: impressions / requests, capped at 1; the default 0.85 without requests', () => {
    expect(fillRate(17, 20)).toEqual({ value: 0.85, estimated: false });
    expect(fillRate(3, 4)).toEqual({ value: 0.75, estimated: false });
    expect(fillRate(5, 4)).toEqual({ value: 1, estimated: false });
    expect(fillRate(0, 0)).toEqual({ value: DEFAULT_FILL_RATE, estimated: true });
    expect(DEFAULT_FILL_RATE).toBe(0.85);
  });
});

describe('summarize: every figure filtered by the range from a fixed history', () => {
  // adsense: this hour 10 imp / 2 clicks / 12 requests; 5 hours ago 6 imp; 3 days ago 20 imp 1 click;
  //          20 days ago 100 imp 4 clicks. adsterra: 2 hours ago 4 imp 0 clicks, 8 requests.
  const state: MetricsState = {
    adsense: {
      impressions: 136,
      clicks: 7,
      lastClick: NOW,
      ctr: 7 / 136,
      hourly: [
        [H - 20 * 24, 100, 4],
        [H - 3 * 24, 20, 1],
        [H - 5, 6, 0],
        [H, 10, 2, 12],
      ],
    },
    adsterra: { impressions: 4, clicks: 0, lastClick: null, ctr: 0, hourly: [[H - 2, 4, 0, 8]] },
  };
  const platforms = ['adsense', 'adsterra', 'facebook'];

  it('hourly: the last 24 hours', () => {
    const s = summarize(state, platforms, 'hourly', NOW);
    expect(s.platforms.map((r) => [r.platform, r.impressions, r.clicks, r.requests])).toEqual([
      ['adsense', 16, 2, 12],
      ['adsterra', 4, 0, 8],
      ['facebook', 0, 0, 0],
    ]);
    expect(s.total).toMatchObject({ impressions: 20, clicks: 2, requests: 20, ctr: 0.1, fillRate: 1 });
    // adsense: .016 x 1.5 x (1 + 0.125 x 10) = .054; adsterra: .004 x .8 = .0032
    expect(s.platforms[0]?.revenue).toBeCloseTo(0.054, 10);
    expect(s.platforms[1]?.revenue).toBeCloseTo(0.0032, 10);
    expect(s.total.revenue).toBeCloseTo(0.0572, 10);
    expect(s.platforms[1]?.fillRate).toBe(0.5);
    expect(s.platforms[2]).toMatchObject({ fillRate: 0.85, fillEstimated: true, revenue: 0, ctr: 0 });
    expect(s.series).toHaveLength(24);
    expect(s.series.at(-1)).toMatchObject({ impressions: 10, clicks: 2, start: H * HOUR });
    expect(s.series.at(-3)?.impressions).toBe(4);
  });

  it('daily (7 days), weekly (4 weeks), monthly (31 days)', () => {
    const totals = RANGES.map((r) => {
      const s = summarize(state, platforms, r, NOW);
      return [r, s.total.impressions, s.total.clicks, s.series.length];
    });
    expect(totals).toEqual([
      ['hourly', 20, 2, 24],
      ['daily', 40, 3, 7],
      ['weekly', 140, 7, 4],
      ['monthly', 140, 7, 31],
    ]);
    expect(RANGE_BUCKETS.weekly).toEqual({ bucketHours: 168, buckets: 4 });
  });

  it('requests recorded by the tracker feed the fill rate', () => {
    let s: MetricsState = {};
    for (let i = 0; i < 4; i++) s = recordEvent(s, 'adsense', 'request', NOW);
    for (let i = 0; i < 3; i++) s = recordEvent(s, 'adsense', 'impression', NOW);
    expect(s.adsense?.hourly).toEqual([[H, 3, 0, 4]]);
    expect(summarize(s, ['adsense'], 'daily', NOW).total).toMatchObject({ fillRate: 0.75, fillEstimated: false });
  });
});
