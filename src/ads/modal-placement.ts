/**
 * Where the code modal's banner goes and how big it is (SPEC §9 "Ad configuration"):
 * top with probability `topProbability` (default 0.7); on top the 468x60 banner with
 * probability 0.3 (when it fits), otherwise 300x250; at the bottom always 300x250.
 * Pure: the random source is injected so the rule is testable.
 */

export type ModalAdPosition = 'top' | 'bottom';
export type BannerSize = { width: 300; height: 250 } | { width: 468; height: 60 };
export type ModalAdPlacement = { position: ModalAdPosition; size: BannerSize };

export const DEFAULT_TOP_PROBABILITY = 0.7;
/** Chance of the small 468x60 banner when the ad sits on top. */
export const SMALL_BANNER_PROBABILITY = 0.3;
export const BANNER_468X60: BannerSize = { width: 468, height: 60 };
export const BANNER_300X250: BannerSize = { width: 300, height: 250 };

/**
 * `random` returns a number in [0, 1) like Math.random; it is called once or twice.
 * `maxWidth`: the width the modal has for the ad; where the 468 px banner would not fit
 * (narrow screens) the 300x250 one is used instead.
 */
export function chooseModalAdPlacement(
  random: () => number = Math.random,
  topProbability: number = DEFAULT_TOP_PROBABILITY,
  maxWidth: number = Number.POSITIVE_INFINITY,
): ModalAdPlacement {
  const p = Number.isFinite(topProbability) ? Math.min(1, Math.max(0, topProbability)) : DEFAULT_TOP_PROBABILITY;
  if (random() < p) {
    const small = random() < SMALL_BANNER_PROBABILITY && maxWidth >= BANNER_468X60.width;
    return { position: 'top', size: small ? BANNER_468X60 : BANNER_300X250 };
  }
  return { position: 'bottom', size: BANNER_300X250 };
}

/** The code modal is at most 512 px wide with 12 px (24 px from 640 px) of margin each side. */
export function modalAdMaxWidth(viewportWidth: number): number {
  return Math.min(512, viewportWidth - (viewportWidth >= 640 ? 48 : 24));
}
