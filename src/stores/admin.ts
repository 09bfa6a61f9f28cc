/**
 * What the admin dashboard and the ad test pages show (SPEC §2 "Ad dashboard", "/test/modal-ad"),
 * so their islands reach the ad layer through stores only (the server's figures are in
 * server-figures.ts):
 * - `dashboardSummary(range, platforms)`: the tracker's figures for a range (revenue.ts);
 * - `modalAdsOn(consent)`: whether the code-modal ad may serve for this consent (serve.ts).
 */
import type { ConsentMark } from '../ads/core/consent.ts';
import { KNOWN_PLATFORMS } from '../ads/core/platforms.ts';
import { RANGES, type Range, type RangeSummary, summarize } from '../ads/core/revenue.ts';
import { adsServeable, serveMatrix } from '../ads/core/serve.ts';
import { ctrOf } from '../ads/core/tracker.ts';
import { siteAds } from '../config/site-ads.ts';
import { getAdTracker } from './ads.ts';

export { ctrOf, KNOWN_PLATFORMS, RANGES, type Range };

/** The tracker's figures for `range`, per platform and in total, as of now. */
export function dashboardSummary(range: Range, platforms: readonly string[]): RangeSummary {
  return summarize(getAdTracker().state(), platforms, range, Date.now());
}

const adServe = serveMatrix(siteAds);

/** Whether the code-modal ad may serve for this consent on this site. */
export function modalAdsOn(consent: ConsentMark): boolean {
  return siteAds.enabled && adsServeable(consent, adServe);
}
