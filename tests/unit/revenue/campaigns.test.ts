/**
 * Direct-sold campaign selection (issue 25) with an injected clock: dates (instants with their
 * offset, so the same campaign starts at the same moment whatever the visitor's zone), targeting,
 * weights, and the daily cap — applied only with consent (views given), never without (null).
 */
import { describe, expect, it } from 'vitest';
import {
  campaignStatus,
  dayKey,
  pageOfPath,
  parseCampaignStore,
  recordCampaignEvent,
  selectCampaign,
} from '../../../src/ads/core/campaigns.ts';
import { type Campaign, campaignSchema } from '../../../src/config/ads-revenue.ts';

const campaign = (over: Record<string, unknown>): Campaign =>
  campaignSchema.parse({
    id: 'c',
    advertiser: 'Acme',
    creative: { type: 'text', title: 'Acme sale' },
    clickUrl: 'https://acme.example/',
    start: '2026-11-01T00:00:00-05:00',
    end: '2026-12-01T00:00:00-05:00',
    ...over,
  });

const slot = { pageType: 'category' as const, position: 'top' as const, lang: 'en', category: 'electronics' };
const at = (iso: string) => Date.parse(iso);
const NOV_15 = at('2026-11-15T12:00:00Z');

describe('campaign dates', () => {
  it('shows from start (inclusive) to end (exclusive), in any zone the instant is written', () => {
    const c = campaign({});
    expect(campaignStatus(c, at('2026-11-01T04:59:59Z'))).toBe('scheduled');
    expect(campaignStatus(c, at('2026-11-01T05:00:00Z'))).toBe('active');
    // The same end instant written in Berlin and Tokyo time.
    expect(campaignStatus(c, at('2026-12-01T05:59:59+01:00'))).toBe('active');
    expect(campaignStatus(c, at('2026-12-01T14:00:00+09:00'))).toBe('ended');
    expect(campaignStatus(campaign({ enabled: false }), NOV_15)).toBe('off');
  });

  it('an ended or not yet started campaign is never selected', () => {
    const c = campaign({});
    const pick = (now: number) => selectCampaign([c], slot, { now, random: () => 0, views: null });
    expect(pick(NOV_15)?.id).toBe('c');
    expect(pick(at('2026-12-01T05:00:00Z'))).toBeNull();
    expect(pick(at('2026-10-31T23:00:00Z'))).toBeNull();
  });

  it('rejects an end before the start, and dates without an offset', () => {
    expect(() => campaign({ end: '2026-10-01T00:00:00Z' })).toThrow(/end must be after its start/);
    expect(() => campaign({ start: '2026-11-01' })).toThrow(/with its offset/);
  });
});

describe('campaign targeting', () => {
  const pick = (target: Record<string, unknown>, s: Parameters<typeof selectCampaign>[1] = slot) =>
    selectCampaign([campaign({ target })], s, { now: NOV_15, random: () => 0, views: null })?.id ?? null;

  it('no targeting matches any slot', () => {
    expect(pick({})).toBe('c');
  });
  it('by page type, position, category, brand and language', () => {
    expect(pick({ pageTypes: ['category'] })).toBe('c');
    expect(pick({ pageTypes: ['brand'] })).toBeNull();
    expect(pick({ positions: ['modal-top'] })).toBeNull();
    expect(pick({ categories: ['electronics'] })).toBe('c');
    expect(pick({ categories: ['fashion'] })).toBeNull();
    expect(pick({ brands: ['voltura'] })).toBeNull(); // the page has no brand
    expect(pick({ brands: ['voltura'] }, { ...slot, brand: 'voltura' })).toBe('c');
    expect(pick({ languages: ['de'] })).toBeNull();
    expect(pick({ languages: ['en', 'de'] })).toBe('c');
  });
});

describe('weights', () => {
  it('draws by weight: 1 and 3 split the random range 25 / 75', () => {
    const a = campaign({ id: 'a', weight: 1 });
    const b = campaign({ id: 'b', weight: 3 });
    const pick = (r: number) => selectCampaign([a, b], slot, { now: NOV_15, random: () => r, views: null })?.id;
    expect(pick(0)).toBe('a');
    expect(pick(0.2499)).toBe('a');
    expect(pick(0.25)).toBe('b');
    expect(pick(0.9999)).toBe('b');
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    let bs = 0;
    for (let i = 0; i < 4000; i++)
      if (selectCampaign([a, b], slot, { now: NOV_15, random, views: null })?.id === 'b') bs++;
    expect(bs / 4000).toBeGreaterThan(0.72);
    expect(bs / 4000).toBeLessThan(0.78);
  });
});

describe('daily cap', () => {
  const capped = campaign({ id: 'capped', dailyCap: 2 });
  const other = campaign({ id: 'other' });

  it('with consent: a campaign seen dailyCap times today is skipped (another one, or none, takes the slot)', () => {
    const opts = (views: Record<string, number>) => ({ now: NOV_15, random: () => 0, views });
    expect(selectCampaign([capped, other], slot, opts({ capped: 1 }))?.id).toBe('capped');
    expect(selectCampaign([capped, other], slot, opts({ capped: 2 }))?.id).toBe('other');
    expect(selectCampaign([capped], slot, opts({ capped: 2 }))).toBeNull();
  });

  it('without consent (no stored views): no cap, campaigns rotate by weight', () => {
    expect(selectCampaign([capped], slot, { now: NOV_15, random: () => 0, views: null })?.id).toBe('capped');
  });

  it('counts views per day in the site time zone: a new day starts the count again', () => {
    // 03:00 UTC on Nov 16 is still Nov 15 in New York, already Nov 16 in Berlin.
    const t = at('2026-11-16T03:00:00Z');
    expect(dayKey(t, 'America/New_York')).toBe('2026-11-15');
    expect(dayKey(t, 'Europe/Berlin')).toBe('2026-11-16');
    let store = parseCampaignStore(null, '2026-11-15');
    store = recordCampaignEvent(store, 'capped', 'impression', '2026-11-15');
    store = recordCampaignEvent(store, 'capped', 'impression', '2026-11-15');
    store = recordCampaignEvent(store, 'capped', 'viewable', '2026-11-15');
    store = recordCampaignEvent(store, 'capped', 'click', '2026-11-15');
    expect(store.views).toEqual({ capped: 2 });
    expect(store.totals.capped).toEqual({ impressions: 2, viewable: 1, clicks: 1 });
    const raw = JSON.stringify(store);
    expect(parseCampaignStore(raw, '2026-11-15').views).toEqual({ capped: 2 });
    const nextDay = parseCampaignStore(raw, '2026-11-16');
    expect(nextDay.views).toEqual({});
    expect(nextDay.totals.capped?.impressions).toBe(2);
  });

  it('a corrupt stored value starts afresh', () => {
    for (const raw of ['{', '[]', '{"v":2}', JSON.stringify({ v: 1, day: 'x', views: { 'bad id!': 1 }, totals: {} })]) {
      expect(parseCampaignStore(raw, '2026-11-15')).toEqual({ v: 1, day: '2026-11-15', views: {}, totals: {} });
    }
  });
});

describe('pageOfPath', () => {
  const langs = ['en', 'es', 'fr', 'de'];
  it('reads the page type and slugs, with or without the language prefix', () => {
    expect(pageOfPath('/', langs)).toEqual({ pageType: 'home' });
    expect(pageOfPath('/es/categories/electronics', langs)).toEqual({
      pageType: 'category',
      category: 'electronics',
      lang: 'es',
    });
    expect(pageOfPath('/brands/voltura', langs)).toEqual({ pageType: 'brand', brand: 'voltura' });
    expect(pageOfPath('/coupons', langs)).toEqual({ pageType: 'coupons' });
    expect(pageOfPath('/about', langs)).toEqual({ pageType: 'other' });
  });
});

describe('campaign events on the ad event bus', () => {
  it('reach /ads/events with their campaign id (viewable → impression, clicked → click)', async () => {
    const { toReported } = await import('../../../src/ads/core/reporter.ts');
    const base = { platform: 'direct', slotId: 'top-1', position: 'top', at: 1, campaign: 'acme' };
    expect(toReported({ type: 'viewable', payload: base }, 'e1')).toMatchObject({
      type: 'impression',
      platform: 'direct',
      campaign: 'acme',
    });
    expect(toReported({ type: 'clicked', payload: base }, 'e2')).toMatchObject({ type: 'click', campaign: 'acme' });
    expect(toReported({ type: 'clicked', payload: { ...base, campaign: undefined } }, 'e3')).not.toHaveProperty(
      'campaign',
    );
  });
});
