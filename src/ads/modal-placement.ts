/**
 * Where the code modal's banner goes and how big it is (SPEC §9 "Ad configuration"):
 * top with probability `topProbability` (default 0.7); on top the 468x60 banner with
 * probability 0.3 (when it fits), otherwise 300x250; at the bottom always 300x250.
 * Pure: the random source is injected so the rule is testable.
 */

export type ModalAdPosition = 'top' | 'bottom';
export type BannerSize = { width: 300; height: 250 } | { width: 468; height: 60 } | { width: 320; height: 50 };
export type ModalAdPlacement = { position: ModalAdPosition; size: BannerSize };

export const DEFAULT_TOP_PROBABILITY = 0.7;
/** Chance of the small 468x60 banner when the ad sits on top. */
export const SMALL_BANNER_PROBABILITY = 0.3;
export const BANNER_468X60: BannerSize = { width: 468, height: 60 };
export const BANNER_300X250: BannerSize = { width: 300, height: 250 };
/** The mobile banner: what a top ad shrinks to when 300x250 would push the main button out of view. */
export const BANNER_320X50: BannerSize = { width: 320, height: 50 };

/**
 * Ad placement policy (issue 25, AdSense "ads next to buttons"): the ad creative never sits
 * directly next to "Copy Code & Visit Store". On top the offer details separate them; at the
 * bottom at least this much clear space, with a divider, lies between the button and the creative.
 */
export const MIN_AD_BUTTON_GAP = 48;

/**
 * The next smaller placement when the ad would push the main button out of view: a top
 * 300x250 or 468x60 becomes 320x50 (where 320 px fit), then no ad. A bottom ad is below the
 * button, so it never hides it: unchanged.
 */
export function smallerModalAd(placement: ModalAdPlacement, maxWidth: number): ModalAdPlacement | null {
  if (placement.position === 'bottom') return placement;
  const { width, height } = placement.size;
  if (width === BANNER_320X50.width && height === BANNER_320X50.height) return null;
  return maxWidth >= BANNER_320X50.width ? { position: 'top', size: BANNER_320X50 } : null;
}

/**
 * Is the main button wholly in view (between `viewTop` and `viewBottom`, px from the top of the
 * viewport)? The code modal shrinks or drops a top ad until it is (see useModalAdFit).
 */
export function buttonInView(button: { top: number; bottom: number }, viewTop: number, viewBottom: number): boolean {
  return button.top >= viewTop && button.bottom <= viewBottom;
}

/**
 * Distance in px between the button and the ad creative (0 when they touch or overlap):
 * what /test/modal-ad shows per scenario.
 */
export function adButtonDistance(button: { top: number; bottom: number }, ad: { top: number; bottom: number }): number {
  if (ad.top >= button.bottom) return ad.top - button.bottom;
  if (button.top >= ad.bottom) return button.top - ad.bottom;
  return 0;
}

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
