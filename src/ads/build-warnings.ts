/**
 * Ad settings that build but cannot earn (issue 25), said loudly in the build log:
 * - a `facebook` entry: Meta Audience Network stopped filling web (mobile website) placements in
 *   April 2020, so it can never serve here; the decision engine never chooses it;
 * - `direct` on without an enabled campaign, or campaigns without `direct` on;
 * - every campaign already ended.
 */
import type { SiteConfig } from '../config/schema.ts';
import { campaignStatus } from './core/campaigns.ts';

export const FACEBOOK_WARNING =
  'Meta Audience Network does not serve websites since April 2020: the facebook entry can never fill a slot and the decision engine never chooses it. Remove it, or use adsense, adsterra, amazon or direct.';

export function adsBuildWarnings(config: Pick<SiteConfig, 'ads'>, now: number = Date.now()): string[] {
  const ads = config.ads;
  if (ads.enabled === false) return [];
  const out: string[] = [];
  for (const [i, p] of ads.platforms.entries()) {
    if (p.platform === 'facebook') out.push(`ads.platforms[${i}]: ${FACEBOOK_WARNING}`);
  }
  const directOn = ads.platforms.some((p) => p.platform === 'direct' && p.enabled);
  const campaigns = ads.campaigns.filter((c) => c.enabled);
  if (directOn && campaigns.length === 0) out.push('ads: direct is enabled but ads.campaigns has no enabled campaign');
  if (!directOn && campaigns.length > 0) {
    out.push('ads.campaigns: campaigns are listed but the direct platform is not enabled, so none is shown');
  }
  if (directOn && campaigns.length > 0 && campaigns.every((c) => campaignStatus(c, now) === 'ended')) {
    out.push('ads.campaigns: every campaign has ended');
  }
  return out;
}
