import { describe, expect, it, vi } from 'vitest';
import {
  AD_METRICS_KEY,
  createTracker,
  HISTORY_HOURS,
  historySeries,
  hourOf,
  MAX_STORED_CHARS,
  parseMetrics,
  pruneHistory,
  recordEvent,
} from '../../../src/ads/core/tracker.ts';
import { memoryStore } from './helpers.ts';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 0, 15, 12, 30, 0);

describe('parseMetrics: corrupt, foreign or oversized values are reset, never thrown', () => {
  const bad: [string, string][] = [
    ['not JSON', '{oops'],
    ['not an object', '[1,2,3]'],
    ['not an object', '42'],
    ['unknown platform "bitcoin"', '{"bitcoin":{"impressions":1,"clicks":0,"lastClick":null,"ctr":0}}'],
    ['adsense has invalid counts', '{"adsense":{"impressions":-1,"clicks":0,"lastClick":null,"ctr":0}}'],
    ['adsense has invalid counts', '{"adsense":{"impressions":"12","clicks":0}}'],
    ['adsense has invalid counts', '{"adsense":{"impressions":1.5,"clicks":0}}'],
    ['adsense has an invalid lastClick', '{"adsense":{"impressions":1,"clicks":0,"lastClick":"yesterday"}}'],
    ['adsense has an invalid history', '{"adsense":{"impressions":1,"clicks":0,"lastClick":null,"hourly":[[1,2]]}}'],
    ['adsense is not an object', '{"adsense":null}'],
  ];
  for (const [problem, raw] of bad) {
    it(`${problem}: ${raw.slice(0, 50)}`, () => {
      expect(parseMetrics(raw)).toEqual({ state: {}, problem });
    });
  }
  it('oversized', () => {
    const raw = `{"adsense":{"impressions":1,"clicks":0,"lastClick":null,"ctr":0,"pad":"${'x'.repeat(MAX_STORED_CHARS)}"}}`;
    expect(parseMetrics(raw).problem).toMatch(/^oversized/);
  });
  it('a valid value keeps its figures; ctr is recomputed from the counts', () => {
    const raw = JSON.stringify({
      adsense: { impressions: 4, clicks: 1, lastClick: T0, ctr: 0.9, hourly: [[hourOf(T0), 4, 1]] },
    });
    expect(parseMetrics(raw)).toEqual({
      state: { adsense: { impressions: 4, clicks: 1, lastClick: T0, ctr: 0.25, hourly: [[hourOf(T0), 4, 1]] } },
      problem: null,
    });
    expect(parseMetrics(null)).toEqual({ state: {}, problem: null });
  });
});

describe('recordEvent and history', () => {
  it('counts impressions and clicks, lastClick, ctr and the hourly bucket', () => {
    let s = recordEvent({}, 'adsense', 'impression', T0);
    s = recordEvent(s, 'adsense', 'impression', T0 + 60_000);
    s = recordEvent(s, 'adsense', 'click', T0 + HOUR);
    expect(s.adsense).toEqual({
      impressions: 2,
      clicks: 1,
      lastClick: T0 + HOUR,
      ctr: 0.5,
      hourly: [
        [hourOf(T0), 2, 0],
        [hourOf(T0) + 1, 0, 1],
      ],
    });
  });

  it('prunes buckets older than 31 days (and future ones)', () => {
    const now = T0;
    const h = hourOf(now);
    const kept = pruneHistory(
      [
        [h - HISTORY_HOURS, 9, 9],
        [h - HISTORY_HOURS + 1, 1, 0],
        [h, 2, 1],
        [h, 1, 0],
        [h + 1, 5, 5],
      ],
      now,
    );
    expect(kept).toEqual([
      [h - HISTORY_HOURS + 1, 1, 0],
      [h, 3, 1],
    ]);
  });

  it('historySeries sums buckets per range, oldest first, per platform or all', () => {
    const h = hourOf(T0);
    const state = {
      adsense: {
        impressions: 6,
        clicks: 1,
        lastClick: null,
        ctr: 0,
        hourly: [
          [h - 25, 1, 0],
          [h - 1, 2, 1],
          [h, 3, 0],
        ],
      },
      adsterra: { impressions: 4, clicks: 0, lastClick: null, ctr: 0, hourly: [[h, 4, 0]] },
    } as const;
    const s = state as unknown as Parameters<typeof historySeries>[0];
    expect(historySeries(s, { now: T0, bucketHours: 1, buckets: 3 }).map((p) => [p.impressions, p.clicks])).toEqual([
      [0, 0],
      [2, 1],
      [7, 0],
    ]);
    const daily = historySeries(s, { now: T0, bucketHours: 24, buckets: 2, platform: 'adsense' });
    expect(daily.map((p) => p.impressions)).toEqual([1, 5]);
    expect(daily[1]?.start).toBe((h - 23) * HOUR);
  });
});

describe('createTracker', () => {
  it('nothing is written under ad_metrics without consent; figures stay in memory', () => {
    const store = memoryStore();
    let consent = false;
    const t = createTracker({ storage: store, now: () => T0, canPersist: () => consent });
    t.record('adsense', 'impression');
    t.record('adsense', 'click');
    expect(store.writes).toEqual([]);
    expect(t.metrics()).toEqual({ adsense: { impressions: 1, clicks: 1, lastClick: T0, ctr: 1 } });
    consent = true;
    t.persist();
    expect(JSON.parse(store.data.get(AD_METRICS_KEY) ?? '')).toMatchObject({ adsense: { impressions: 1, clicks: 1 } });
  });

  it('a corrupt stored value is reset with a warning, and the page keeps working', () => {
    const store = memoryStore({ [AD_METRICS_KEY]: '{"adsense":' });
    const warn = vi.fn();
    const t = createTracker({ storage: store, now: () => T0, canPersist: () => true, warn });
    expect(t.metrics()).toEqual({});
    expect(t.isNewUser()).toBe(true);
    expect(warn).toHaveBeenCalledWith('Stored ad metrics reset (not JSON)');
    expect(store.data.has(AD_METRICS_KEY)).toBe(false);
    t.record('adsterra', 'impression');
    expect(JSON.parse(store.data.get(AD_METRICS_KEY) ?? '')).toMatchObject({ adsterra: { impressions: 1 } });
    expect(t.isNewUser()).toBe(false);
  });

  it('a corrupt value is not even removed before consent', () => {
    const store = memoryStore({ [AD_METRICS_KEY]: 'garbage' });
    const t = createTracker({ storage: store, canPersist: () => false, warn: () => {} });
    expect(t.metrics()).toEqual({});
    expect(store.data.get(AD_METRICS_KEY)).toBe('garbage');
  });

  it('old buckets are pruned when loaded; unknown platforms are not recorded', () => {
    const old = hourOf(T0) - HISTORY_HOURS - 5;
    const store = memoryStore({
      [AD_METRICS_KEY]: JSON.stringify({
        adsense: { impressions: 3, clicks: 0, lastClick: null, hourly: [[old, 3, 0]] },
      }),
    });
    const t = createTracker({ storage: store, now: () => T0, canPersist: () => true });
    expect(t.state().adsense?.hourly).toEqual([]);
    expect(t.metrics().adsense?.impressions).toBe(3);
    t.record('myspace', 'click');
    expect(Object.keys(t.metrics())).toEqual(['adsense']);
  });

  it('clear() forgets memory and storage; sync() only logs', () => {
    const store = memoryStore();
    const t = createTracker({ storage: store, now: () => T0, canPersist: () => true });
    t.record('adsense', 'impression');
    const log = vi.fn();
    t.sync(log);
    expect(log).toHaveBeenCalledWith('[ads] metrics sync (stub, no request made)', {
      adsense: { impressions: 1, clicks: 0, lastClick: null, ctr: 0 },
    });
    t.clear();
    expect(t.metrics()).toEqual({});
    expect(store.data.has(AD_METRICS_KEY)).toBe(false);
  });
});
