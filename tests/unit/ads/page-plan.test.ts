import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { headScript, planPageSlots, STRATEGY_MAX_SLOTS } from '../../../src/ads/core/page-plan.ts';
import { adsServeable, renderablePlatforms, serveMatrix } from '../../../src/ads/core/serve.ts';
import { defaultConfig } from '../config/helpers.ts';

const ALL = ['top', 'bottom', 'left', 'right'];
const plan = (over: Partial<Parameters<typeof planPageSlots>[0]> = {}) =>
  planPageSlots({
    serveable: true,
    random: () => 0.5,
    displayProbability: 0.85,
    strategy: 'aggressive',
    positions: ALL,
    ...over,
  });

describe('page slot plan (ads.strategy, ads.displayProbability)', () => {
  it('strategy caps the slots: aggressive all, balanced 2, conservative 1, in config order', () => {
    expect(plan({ strategy: 'aggressive' })).toEqual(ALL);
    expect(plan({ strategy: 'balanced' })).toEqual(['top', 'bottom']);
    expect(plan({ strategy: 'conservative' })).toEqual(['top']);
    expect(plan({ strategy: 'balanced', positions: ['right', 'top', 'bottom'] })).toEqual(['right', 'top']);
    for (const s of ['aggressive', 'balanced', 'conservative'] as const) {
      expect(plan({ strategy: s }).length).toBe(Math.min(ALL.length, STRATEGY_MAX_SLOTS[s]));
    }
  });

  it('displayProbability: one draw per page view, shown when the draw is below it', () => {
    expect(plan({ random: () => 0.8499 })).toEqual(ALL);
    expect(plan({ random: () => 0.85 })).toEqual([]);
    expect(plan({ displayProbability: 0, random: () => 0 })).toEqual([]);
    expect(plan({ displayProbability: 1, random: () => 0.9999 })).toEqual(ALL);
  });

  it('nothing when no platform can serve under the consent (no empty box)', () => {
    expect(plan({ serveable: false, random: () => 0 })).toEqual([]);
  });

  it('serve matrix: after Reject all only AdSense can serve', () => {
    const ads = defaultConfig().ads as Parameters<typeof serveMatrix>[0];
    expect(renderablePlatforms(ads)).toEqual(['adsense', 'adsterra']);
    expect(serveMatrix(ads)).toEqual({ granted: true, denied: true });
    const noAdsense = { ...ads, platforms: ads.platforms.filter((p) => p.platform !== 'adsense') };
    expect(serveMatrix(noAdsense)).toEqual({ granted: true, denied: false });
    expect(adsServeable('pending', { granted: true, denied: true })).toBe(false);
    expect(adsServeable('accepted', { granted: true, denied: false })).toBe(true);
    expect(adsServeable('rejected', { granted: true, denied: false })).toBe(false);
    expect(adsServeable('none', { granted: true, denied: false })).toBe(true);
    expect(adsServeable('tcf', { granted: true, denied: false })).toBe(true);
    expect(renderablePlatforms({ ...ads, enabled: false })).toEqual([]);
  });
});

describe('headScript: applied before first paint', () => {
  function run(script: string, stored: string | null, random = 0.1) {
    const attrs: Record<string, string> = {};
    const ctx = {
      document: {
        documentElement: {
          setAttribute: (k: string, v: string) => {
            attrs[k] = v;
          },
        },
      },
      localStorage: { getItem: () => stored },
      Math: { ...Math, random: () => random },
      JSON,
    };
    runInNewContext(script, ctx);
    return attrs;
  }
  const ads = defaultConfig().ads as unknown as NonNullable<Parameters<typeof headScript>[0]['ads']>;

  it('banner, no choice: pending, no slots', () => {
    expect(run(headScript({ mode: 'banner', ads }), null)).toEqual({ 'data-consent': 'pending' });
  });
  it('banner, accepted: the balanced plan shows top and bottom', () => {
    expect(run(headScript({ mode: 'banner', ads }), '{"v":1,"choice":"accepted","at":1}')).toEqual({
      'data-consent': 'accepted',
      'data-ad-slots': 'top bottom',
    });
  });
  it('a draw above displayProbability shows none', () => {
    expect(run(headScript({ mode: 'banner', ads }), '{"v":1,"choice":"accepted","at":1}', 0.9)).toEqual({
      'data-consent': 'accepted',
    });
  });
  it('a corrupt stored choice counts as no choice; pages without slots only mark consent', () => {
    expect(run(headScript({ mode: 'banner', ads }), '{"v":1,"choice":"yes"')).toEqual({ 'data-consent': 'pending' });
    expect(run(headScript({ mode: 'banner', ads: null }), '{"v":1,"choice":"accepted","at":1}')).toEqual({
      'data-consent': 'accepted',
    });
    expect(run(headScript({ mode: 'none', ads }), null)).toEqual({
      'data-consent': 'none',
      'data-ad-slots': 'top bottom',
    });
  });
  it('storage that throws never breaks the page', () => {
    const attrs: Record<string, string> = {};
    runInNewContext(headScript({ mode: 'banner', ads }), {
      document: {
        documentElement: {
          setAttribute: (k: string, v: string) => {
            attrs[k] = v;
          },
        },
      },
      get localStorage() {
        throw new Error('SecurityError');
      },
      Math,
      JSON,
    });
    expect(attrs).toEqual({ 'data-consent': 'pending' });
  });
});
