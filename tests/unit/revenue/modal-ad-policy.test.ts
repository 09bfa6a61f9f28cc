/** The policy-safe modal ad (issue 25): smaller or no top ad when the button would leave the view. */
import { describe, expect, it } from 'vitest';
import {
  adButtonDistance,
  BANNER_300X250,
  BANNER_320X50,
  BANNER_468X60,
  buttonInView,
  smallerModalAd,
} from '../../../src/ads/modal-placement.ts';

describe('smallerModalAd', () => {
  it('shrinks a top 300x250 or 468x60 to 320x50, then drops it', () => {
    expect(smallerModalAd({ position: 'top', size: BANNER_300X250 }, 336)).toEqual({
      position: 'top',
      size: BANNER_320X50,
    });
    expect(smallerModalAd({ position: 'top', size: BANNER_468X60 }, 488)).toEqual({
      position: 'top',
      size: BANNER_320X50,
    });
    expect(smallerModalAd({ position: 'top', size: BANNER_320X50 }, 336)).toBeNull();
  });
  it('drops a top ad where 320 px do not fit', () => {
    expect(smallerModalAd({ position: 'top', size: BANNER_300X250 }, 300)).toBeNull();
  });
  it('keeps a bottom ad (it sits below the button)', () => {
    const bottom = { position: 'bottom' as const, size: BANNER_300X250 };
    expect(smallerModalAd(bottom, 336)).toBe(bottom);
  });
});

describe('buttonInView / adButtonDistance', () => {
  it('in view only when wholly between the edges', () => {
    expect(buttonInView({ top: 500, bottom: 548 }, 12, 628)).toBe(true);
    expect(buttonInView({ top: 600, bottom: 648 }, 12, 628)).toBe(false);
  });
  it('measures the gap whichever side the ad is on, 0 when touching', () => {
    expect(adButtonDistance({ top: 500, bottom: 548 }, { top: 600, bottom: 850 })).toBe(52);
    expect(adButtonDistance({ top: 500, bottom: 548 }, { top: 100, bottom: 350 })).toBe(150);
    expect(adButtonDistance({ top: 500, bottom: 548 }, { top: 540, bottom: 600 })).toBe(0);
  });
});
