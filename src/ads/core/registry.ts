/**
 * The per-site ad registry (SPEC §1 "per-site configuration registry"): the validated `ads`
 * block turned into what the runtime needs — enabled platforms, the AdSense unit, Adsterra
 * units by kind, renderable platforms and the allowed script origins. Pure, no DOM.
 */
import type { AmazonProduct } from '../../config/ads-revenue.ts';
import type { AdsConfig, AdsterraType, SiteConfig } from '../../config/schema.ts';
import { ADSTERRA_DEFAULT_HOST, thirdPartyOrigins } from './hosts.ts';
import type { RenderablePlatform } from './platforms.ts';
import { renderablePlatforms } from './serve.ts';

export const ADSENSE_LOADER = 'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js';

export interface AdsenseUnit {
  publisherId: string;
  slot: string;
  testMode: boolean;
}

export interface AdsterraUnit {
  type: AdsterraType;
  key: string;
  width?: number | undefined;
  height?: number | undefined;
  format: 'iframe';
  params: Record<string, string | number | boolean>;
  host: string;
}

export interface AdRegistry {
  enabled: boolean;
  /** Enabled platform names, in config order, without repeats. */
  platforms: string[];
  adsense: AdsenseUnit | null;
  /** native and banner units: they fill a slot. */
  adsterraSlotUnits: AdsterraUnit[];
  /** script, popunder and redirect units: one script per page, no slot. */
  adsterraPageUnits: AdsterraUnit[];
  renderable: RenderablePlatform[];
  /** Amazon Associates products (amazon enabled), else empty. */
  amazonProducts: AmazonProduct[];
  /** Origins ad scripts may come from. */
  scriptOrigins: string[];
  clickRateLimit: number;
}

export function adsenseScriptUrl(publisherId: string): string {
  return `${ADSENSE_LOADER}?client=${encodeURIComponent(publisherId)}`;
}

export function adsterraScriptUrl(unit: Pick<AdsterraUnit, 'host' | 'key'>): string {
  return `https://${unit.host}/${unit.key}/invoke.js`;
}

export function buildRegistry(
  config: { ads: Omit<AdsConfig, 'adsTxt'>; analytics: Partial<SiteConfig['analytics']> } & {
    consent?: SiteConfig['consent'];
  },
): AdRegistry {
  const ads = config.ads;
  const on = ads.enabled === false ? [] : ads.platforms.filter((p) => p.enabled);
  const adsenseEntry = on.find((p) => p.platform === 'adsense' && p.publisherId && p.slot);
  const adsterra: AdsterraUnit[] = on
    .filter((p) => p.platform === 'adsterra' && p.key && p.type)
    .map((p) => ({
      type: p.type as AdsterraType,
      key: p.key as string,
      width: p.width,
      height: p.height,
      format: p.format ?? 'iframe',
      params: p.params ?? {},
      host: p.host ?? ADSTERRA_DEFAULT_HOST,
    }));
  return {
    enabled: ads.enabled !== false,
    platforms: [...new Set(on.map((p) => p.platform as string))],
    adsense: adsenseEntry
      ? {
          publisherId: adsenseEntry.publisherId as string,
          slot: adsenseEntry.slot as string,
          testMode: adsenseEntry.testMode,
        }
      : null,
    adsterraSlotUnits: adsterra.filter((u) => u.type === 'native' || u.type === 'banner'),
    adsterraPageUnits: adsterra.filter((u) => u.type !== 'native' && u.type !== 'banner'),
    renderable: renderablePlatforms(ads),
    amazonProducts: on.some((p) => p.platform === 'amazon') ? (ads.amazon?.products ?? []) : [],
    scriptOrigins: thirdPartyOrigins(config as Parameters<typeof thirdPartyOrigins>[0]).script,
    clickRateLimit: ads.clickRateLimit,
  };
}
