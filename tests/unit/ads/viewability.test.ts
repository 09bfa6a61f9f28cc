import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createViewabilityMeter, viewableFraction } from '../../../src/ads/core/viewability.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function meter(width = 300, height = 250) {
  const onViewable = vi.fn();
  return { m: createViewabilityMeter({ width, height, onViewable }), onViewable };
}

describe('MRC viewable impression', () => {
  it('50 % of the pixels, 30 % from 242,500 px', () => {
    expect(viewableFraction(300, 250)).toBe(0.5);
    expect(viewableFraction(970, 250)).toBe(0.3);
    expect(viewableFraction(300, 600)).toBe(0.5); // 180,000 px
    expect(viewableFraction(485, 500)).toBe(0.3); // exactly 242,500 px
  });

  it('counts after one continuous second in view with the tab visible', () => {
    const { m, onViewable } = meter();
    m.update(0.6, true);
    vi.advanceTimersByTime(999);
    expect(onViewable).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onViewable).toHaveBeenCalledTimes(1);
    expect(m.viewable).toBe(true);
    m.update(0.1, true);
    m.update(1, true);
    vi.advanceTimersByTime(5000);
    expect(onViewable).toHaveBeenCalledTimes(1);
  });

  it('leaving the view or hiding the tab restarts the second', () => {
    const { m, onViewable } = meter();
    m.update(0.5, true);
    vi.advanceTimersByTime(800);
    m.update(0.49, true);
    vi.advanceTimersByTime(800);
    m.update(1, true);
    vi.advanceTimersByTime(800);
    m.update(1, false);
    vi.advanceTimersByTime(2000);
    expect(onViewable).not.toHaveBeenCalled();
    m.update(1, true);
    vi.advanceTimersByTime(1000);
    expect(onViewable).toHaveBeenCalledTimes(1);
  });

  it('a large ad counts at 30 %; updates while in view do not restart the clock', () => {
    const { m, onViewable } = meter(970, 250);
    m.update(0.3, true);
    vi.advanceTimersByTime(500);
    m.update(0.35, true);
    vi.advanceTimersByTime(500);
    expect(onViewable).toHaveBeenCalledTimes(1);
  });

  it('a disposed meter never fires', () => {
    const { m, onViewable } = meter();
    m.update(1, true);
    m.dispose();
    vi.advanceTimersByTime(2000);
    expect(onViewable).not.toHaveBeenCalled();
  });
});
