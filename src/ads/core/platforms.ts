/**
 * Ad platform names (SPEC §3 "Ad platform names", §5 "Forced ad platform") and the local
 * development hosts where every slot shows a mock ad (ARCHITECTURE "ad code loading").
 * Plain data, no DOM.
 */

/** Every platform name the ad layer knows, in the order SPEC §5 lists them. */
export const KNOWN_PLATFORMS = ['google', 'facebook', 'amazon', 'direct', 'adsense', 'adsterra'] as const;
export type KnownPlatform = (typeof KNOWN_PLATFORMS)[number];

/**
 * Platforms with a provider that renders into a slot, in fallback order (SPEC §4 "Modal ad"):
 * the networks, then Amazon Associates products (first-party markup). Direct-sold campaigns are
 * not in the chain: an eligible campaign takes its slot before any decision (src/ads/core/campaigns.ts).
 */
export const FALLBACK_ORDER = ['adsense', 'adsterra', 'amazon'] as const;
export type RenderablePlatform = (typeof FALLBACK_ORDER)[number];

/**
 * Platforms the site config accepts that can never fill a slot: Meta Audience Network stopped
 * serving web (mobile website) placements in April 2020. The decision engine never chooses them
 * and the build warns (src/ads/build-warnings.ts).
 */
export const CANNOT_RENDER: readonly string[] = ['facebook'];

export function isKnownPlatform(value: unknown): value is KnownPlatform {
  return typeof value === 'string' && (KNOWN_PLATFORMS as readonly string[]).includes(value);
}

/** "google" is AdSense's owner: a decision or override for google renders with the adsense provider. */
export function providerFor(platform: string): string {
  return platform === 'google' ? 'adsense' : platform;
}

/** localhost, 127.0.0.0/8, [::1] and *.localhost: hosts where slots show mock ads. */
export function isLocalHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  return (
    h === 'localhost' ||
    h.endsWith('.localhost') ||
    h === '[::1]' ||
    h === '::1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h)
  );
}
