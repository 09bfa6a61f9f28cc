/**
 * Direct-sold campaigns (issue 25): which campaign, if any, fills a slot. Pure: the clock, the
 * random source and the visitor's per-day view counts are injected.
 *
 * - A campaign is eligible for a slot when it is enabled, `start <= now < end`, and every
 *   targeting list it sets (page types, positions, category and brand slugs, languages)
 *   contains the slot's value (an unset or empty list matches anything; a category or brand list
 *   never matches a page without one).
 * - Eligible campaigns win the slot over the networks; among them one is drawn by weight.
 * - Daily cap (views per visitor per day, the day in the site's time zone): applied only with
 *   consent, because counting needs stored state. Without consent `views` is null and campaigns
 *   simply rotate by weight.
 */
import type { Campaign, CampaignPageType, CampaignPosition } from '../../config/ads-revenue.ts';

export interface CampaignSlot {
  pageType: CampaignPageType;
  position: CampaignPosition;
  lang: string;
  category?: string | undefined;
  brand?: string | undefined;
}

export type CampaignStatus = 'active' | 'scheduled' | 'ended' | 'off';

export function campaignStatus(c: Pick<Campaign, 'enabled' | 'start' | 'end'>, now: number): CampaignStatus {
  if (!c.enabled) return 'off';
  if (now < Date.parse(c.start)) return 'scheduled';
  if (now >= Date.parse(c.end)) return 'ended';
  return 'active';
}

const allows = <T>(list: readonly T[] | undefined, value: T | undefined): boolean =>
  !list || list.length === 0 || (value !== undefined && list.includes(value));

export function matchesSlot(c: Campaign, slot: CampaignSlot): boolean {
  const t = c.target ?? {};
  return (
    allows(t.pageTypes, slot.pageType) &&
    allows(t.positions, slot.position) &&
    allows(t.languages as readonly string[] | undefined, slot.lang) &&
    allows(t.categories, slot.category) &&
    allows(t.brands, slot.brand)
  );
}

/** Running campaigns that target this slot, in config order. */
export function eligibleCampaigns(campaigns: readonly Campaign[], slot: CampaignSlot, now: number): Campaign[] {
  return campaigns.filter((c) => campaignStatus(c, now) === 'active' && matchesSlot(c, slot));
}

export interface SelectOptions {
  now: number;
  /** Like Math.random. */
  random: () => number;
  /** Today's views per campaign id for this visitor; null without consent (caps not applied). */
  views: Readonly<Record<string, number>> | null;
}

/** The campaign for this slot, or null (the networks fill it). */
export function selectCampaign(
  campaigns: readonly Campaign[],
  slot: CampaignSlot,
  opts: SelectOptions,
): Campaign | null {
  const pool = eligibleCampaigns(campaigns, slot, opts.now).filter(
    (c) => opts.views === null || c.dailyCap === undefined || (opts.views[c.id] ?? 0) < c.dailyCap,
  );
  if (pool.length === 0) return null;
  const total = pool.reduce((s, c) => s + (c.weight ?? 1), 0);
  let r = Math.min(Math.max(opts.random(), 0), 0.999999999) * total;
  for (const c of pool) {
    r -= c.weight ?? 1;
    if (r < 0) return c;
  }
  return pool[pool.length - 1] ?? null;
}

/** "YYYY-MM-DD" of `now` in `timeZone` (the day a daily cap counts). */
export function dayKey(now: number, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      now,
    );
  } catch {
    return new Date(now).toISOString().slice(0, 10);
  }
}

/**
 * What `ad_campaigns` holds (written only with consent): today's views per campaign for the
 * daily cap, and running totals per campaign for the dashboard.
 *   { "v": 1, "day": "2026-11-25", "views": { "acme": 2 },
 *     "totals": { "acme": { "impressions": 9, "viewable": 7, "clicks": 1 } } }
 */
export interface CampaignTotals {
  impressions: number;
  viewable: number;
  clicks: number;
}
export interface CampaignStore {
  v: 1;
  day: string;
  views: Record<string, number>;
  totals: Record<string, CampaignTotals>;
}

export const CAMPAIGN_STORE_KEY = 'ad_campaigns';
const MAX_CAMPAIGN_CHARS = 32 * 1024;
const ID = /^[a-z0-9][a-z0-9_-]{0,63}$/i;
const count = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

export function emptyCampaignStore(day: string): CampaignStore {
  return { v: 1, day, views: {}, totals: {} };
}

/** A stored value, validated; anything wrong (or another day's views) starts afresh for `day`. */
export function parseCampaignStore(raw: string | null, day: string): CampaignStore {
  if (!raw || raw.length > MAX_CAMPAIGN_CHARS) return emptyCampaignStore(day);
  try {
    const d = JSON.parse(raw) as Partial<CampaignStore>;
    if (d?.v !== 1 || typeof d.day !== 'string' || typeof d.views !== 'object' || typeof d.totals !== 'object') {
      return emptyCampaignStore(day);
    }
    const views: Record<string, number> = {};
    if (d.day === day) {
      for (const [k, v] of Object.entries(d.views ?? {})) if (ID.test(k) && count(v)) views[k] = v;
    }
    const totals: Record<string, CampaignTotals> = {};
    for (const [k, v] of Object.entries(d.totals ?? {})) {
      if (ID.test(k) && v && count(v.impressions) && count(v.viewable) && count(v.clicks)) {
        totals[k] = { impressions: v.impressions, viewable: v.viewable, clicks: v.clicks };
      }
    }
    return { v: 1, day, views, totals };
  } catch {
    return emptyCampaignStore(day);
  }
}

export type CampaignEvent = 'impression' | 'viewable' | 'click';

/** Pure: the store after one event of campaign `id` on `day` (an impression also counts a view for the cap). */
export function recordCampaignEvent(
  store: CampaignStore,
  id: string,
  event: CampaignEvent,
  day: string,
): CampaignStore {
  const base = store.day === day ? store : { ...store, day, views: {} };
  const t = base.totals[id] ?? { impressions: 0, viewable: 0, clicks: 0 };
  const totals = {
    ...base.totals,
    [id]: {
      impressions: t.impressions + (event === 'impression' ? 1 : 0),
      viewable: t.viewable + (event === 'viewable' ? 1 : 0),
      clicks: t.clicks + (event === 'click' ? 1 : 0),
    },
  };
  const views = event === 'impression' ? { ...base.views, [id]: (base.views[id] ?? 0) + 1 } : base.views;
  return { ...base, views, totals };
}

/**
 * The page a slot is on, from its path (without the language prefix): home, coupons, deals,
 * search, category (with its slug), brand (with its slug) or other.
 */
export function pageOfPath(
  pathname: string,
  languages: readonly string[],
): { pageType: CampaignPageType; category?: string; brand?: string; lang?: string } {
  const parts = pathname.split('/').filter(Boolean);
  let lang: string | undefined;
  if (parts[0] && languages.includes(parts[0])) lang = parts.shift();
  const [first, second] = parts;
  const withLang = <T extends object>(o: T) => (lang ? { ...o, lang } : o);
  if (!first) return withLang({ pageType: 'home' as const });
  if (first === 'coupons' || first === 'deals' || first === 'search') return withLang({ pageType: first });
  if (first === 'categories' && second) return withLang({ pageType: 'category' as const, category: second });
  if (first === 'brands' && second) return withLang({ pageType: 'brand' as const, brand: second });
  return withLang({ pageType: 'other' as const });
}
