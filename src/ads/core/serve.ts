/**
 * Which platforms a site can render into a slot, and whether any can serve under each
 * consent answer. Tiny and dependency-free: the page head script (before first paint) and the
 * modal host decide with it whether to reserve an ad box at all, so no box is left empty.
 */
import type { AdsConfig } from '../../config/schema.ts';
import type { RenderablePlatform } from './platforms.ts';

type AdsLike = Pick<AdsConfig, 'enabled' | 'platforms'> & {
  campaigns?: AdsConfig['campaigns'] | undefined;
  amazon?: AdsConfig['amazon'] | undefined;
};

/**
 * adsense (with publisher id and slot), adsterra (with a native or banner unit) and amazon (with
 * products), in fallback order.
 */
export function renderablePlatforms(ads: AdsLike): RenderablePlatform[] {
  if (ads.enabled === false) return [];
  const on = ads.platforms.filter((p) => p.enabled);
  const out: RenderablePlatform[] = [];
  if (on.some((p) => p.platform === 'adsense' && p.publisherId && p.slot)) out.push('adsense');
  if (on.some((p) => p.platform === 'adsterra' && (p.type === 'native' || p.type === 'banner') && p.key)) {
    out.push('adsterra');
  }
  if (on.some((p) => p.platform === 'amazon') && (ads.amazon?.products.length ?? 0) > 0) out.push('amazon');
  return out;
}

/** The direct platform is on and the config lists at least one enabled campaign. */
export function hasDirectCampaigns(ads: AdsLike): boolean {
  if (ads.enabled === false) return false;
  return (
    ads.platforms.some((p) => p.enabled && p.platform === 'direct') && (ads.campaigns ?? []).some((c) => c.enabled)
  );
}

/**
 * Can any slot be served: after Accept all (granted) / after Reject all (denied: AdSense
 * non-personalized, and our own direct campaigns, which store nothing without consent)?
 */
export function serveMatrix(ads: AdsLike): { granted: boolean; denied: boolean } {
  const r = renderablePlatforms(ads);
  const direct = hasDirectCampaigns(ads);
  return { granted: r.length > 0 || direct, denied: r.includes('adsense') || direct };
}

/** Does the consent mark on <html data-consent> allow reserving an ad box now? */
export function adsServeable(mark: string | undefined, matrix: { granted: boolean; denied: boolean }): boolean {
  if (mark === 'accepted' || mark === 'none') return matrix.granted;
  if (mark === 'rejected') return matrix.denied;
  if (mark === 'tcf') return matrix.granted || matrix.denied;
  return false;
}
