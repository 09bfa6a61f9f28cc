import { describe, expect, it } from 'vitest';
import {
  BANNER_300X250,
  BANNER_468X60,
  chooseModalAdPlacement,
  DEFAULT_TOP_PROBABILITY,
} from '../../../src/ads/modal-placement.ts';

const seq = (...values: number[]) => {
  let i = 0;
  return () => values[i++] ?? 0;
};

describe('chooseModalAdPlacement (SPEC §9)', () => {
  it('top below the top probability; 468x60 below 0.3 on top, else 300x250', () => {
    expect(chooseModalAdPlacement(seq(0.69, 0.29))).toEqual({ position: 'top', size: BANNER_468X60 });
    expect(chooseModalAdPlacement(seq(0.69, 0.3))).toEqual({ position: 'top', size: BANNER_300X250 });
    expect(chooseModalAdPlacement(seq(0.7, 0.0))).toEqual({ position: 'bottom', size: BANNER_300X250 });
  });

  it('uses the configured top probability (0 never top, 1 always top)', () => {
    expect(chooseModalAdPlacement(seq(0.01, 0.9), 0).position).toBe('bottom');
    expect(chooseModalAdPlacement(seq(0.99, 0.9), 1).position).toBe('top');
    expect(chooseModalAdPlacement(seq(0.6, 0.9), Number.NaN).position).toBe('top');
    expect(DEFAULT_TOP_PROBABILITY).toBe(0.7);
  });

  it('matches the SPEC frequencies over many draws', () => {
    let state = 12345;
    const random = () => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return state / 2 ** 31;
    };
    const n = 20000;
    let top = 0;
    let small = 0;
    for (let i = 0; i < n; i++) {
      const p = chooseModalAdPlacement(random);
      if (p.position === 'top') {
        top++;
        if (p.size.width === 468) small++;
      } else expect(p.size).toEqual(BANNER_300X250);
    }
    expect(top / n).toBeGreaterThan(0.68);
    expect(top / n).toBeLessThan(0.72);
    expect(small / top).toBeGreaterThan(0.28);
    expect(small / top).toBeLessThan(0.32);
  });
});
