/**
 * The admin dashboard's figures (SPEC §9 "Revenue estimate"): per platform and in total,
 * impressions, clicks, CTR, estimated revenue and fill rate over a range of the tracker's
 * hourly history. Pure, no DOM.
 *
 *   revenue  = impressions / 1000 x rate x (1 + ctr x 10)   (rate per 1000 impressions:
 *              adsense 1.5, adsterra 0.8, facebook 1.2, amazon 1, direct 2, others 1)
 *   ctr      = clicks / impressions (0 without impressions)
 *   fill     = impressions / requests, at most 1; the SPEC's default 0.85 when no request was
 *              recorded in the range (history written before requests were counted)
 * The total revenue is the sum of the platforms' revenues (each with its own ctr).
 */
import { KNOWN_PLATFORMS, type KnownPlatform } from './platforms.ts';
import { ctrOf, type HistoryPoint, historySeries, type MetricsState } from './tracker.ts';

export const REVENUE_PER_1000: Readonly<Record<string, number>> = {
  adsense: 1.5,
  adsterra: 0.8,
  facebook: 1.2,
  amazon: 1,
  direct: 2,
};
export const DEFAULT_REVENUE_PER_1000 = 1;
export const CTR_REVENUE_FACTOR = 10;
export const DEFAULT_FILL_RATE = 0.85;

export function ratePer1000(platform: string): number {
  return REVENUE_PER_1000[platform] ?? DEFAULT_REVENUE_PER_1000;
}

/** impressions / 1000 x rate x (1 + ctr x 10). */
export function estimatedRevenue(platform: string, impressions: number, clicks: number): number {
  if (impressions <= 0) return 0;
  return (impressions / 1000) * ratePer1000(platform) * (1 + ctrOf(clicks, impressions) * CTR_REVENUE_FACTOR);
}

/** impressions / requests (at most 1); DEFAULT_FILL_RATE without requests. */
export function fillRate(impressions: number, requests: number): { value: number; estimated: boolean } {
  if (requests <= 0) return { value: DEFAULT_FILL_RATE, estimated: true };
  return { value: Math.min(1, impressions / requests), estimated: false };
}

export const RANGES = ['hourly', 'daily', 'weekly', 'monthly'] as const;
export type Range = (typeof RANGES)[number];

/** Buckets per range: the last 24 hours by hour, 7 days by day, 4 weeks by week, 31 days by day. */
export const RANGE_BUCKETS: Readonly<Record<Range, { bucketHours: number; buckets: number }>> = {
  hourly: { bucketHours: 1, buckets: 24 },
  daily: { bucketHours: 24, buckets: 7 },
  weekly: { bucketHours: 168, buckets: 4 },
  monthly: { bucketHours: 24, buckets: 31 },
};

export function isRange(v: unknown): v is Range {
  return typeof v === 'string' && (RANGES as readonly string[]).includes(v);
}

export interface Figures {
  impressions: number;
  clicks: number;
  requests: number;
  ctr: number;
  revenue: number;
  fillRate: number;
  /** True when the fill rate is the default (no requests recorded). */
  fillEstimated: boolean;
}

export interface PlatformFigures extends Figures {
  platform: string;
}

export interface RangeSummary {
  range: Range;
  total: Figures;
  platforms: PlatformFigures[];
  /** The chart's series, oldest first (every platform together). */
  series: HistoryPoint[];
}

function figures(platform: string | null, impressions: number, clicks: number, requests: number): Figures {
  const fill = fillRate(impressions, requests);
  return {
    impressions,
    clicks,
    requests,
    ctr: ctrOf(clicks, impressions),
    revenue: platform ? estimatedRevenue(platform, impressions, clicks) : 0,
    fillRate: fill.value,
    fillEstimated: fill.estimated,
  };
}

const sum = (points: readonly HistoryPoint[], k: 'impressions' | 'clicks' | 'requests') =>
  points.reduce((n, p) => n + p[k], 0);

/**
 * Every figure of the dashboard for `range` ending at `now`: one row per configured platform
 * (in `platforms` order; platforms with recorded history but not configured are added after),
 * the totals and the chart series.
 */
export function summarize(state: MetricsState, platforms: readonly string[], range: Range, now: number): RangeSummary {
  const { bucketHours, buckets } = RANGE_BUCKETS[range];
  const names = [...new Set([...platforms, ...Object.keys(state)])].filter((p): p is KnownPlatform =>
    (KNOWN_PLATFORMS as readonly string[]).includes(p),
  );
  const rows = names.map((platform) => {
    const points = historySeries(state, { now, bucketHours, buckets, platform });
    return {
      platform,
      ...figures(platform, sum(points, 'impressions'), sum(points, 'clicks'), sum(points, 'requests')),
    };
  });
  const series = historySeries(state, { now, bucketHours, buckets });
  const total = figures(null, sum(series, 'impressions'), sum(series, 'clicks'), sum(series, 'requests'));
  total.revenue = rows.reduce((n, r) => n + r.revenue, 0);
  return { range, total, platforms: rows, series };
}
