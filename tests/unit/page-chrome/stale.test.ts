import { describe, expect, it } from 'vitest';
import { whatToShow } from '../../../src/page-chrome/stale.ts';

describe('whatToShow (API failures keep what was already there)', () => {
  const built = ['a', 'b'];

  it('shows the live answer once there is one, even after a failure', () => {
    expect(whatToShow({ live: ['x'], built, failed: false })).toEqual({ data: ['x'], notice: false, errorView: false });
    expect(whatToShow({ live: ['x'], built, failed: true })).toEqual({ data: ['x'], notice: false, errorView: false });
    // An empty live list is a real answer (no categories today), not a failure.
    expect(whatToShow({ live: [], built, failed: false })).toEqual({ data: [], notice: false, errorView: false });
  });

  it('shows the build content while the live answer is on its way', () => {
    expect(whatToShow({ live: undefined, built, failed: false })).toEqual({
      data: built,
      notice: false,
      errorView: false,
    });
    expect(whatToShow({ live: null, built: null, failed: false })).toEqual({
      data: null,
      notice: false,
      errorView: false,
    });
  });

  it('keeps the build content with a notice when the live fetch failed', () => {
    expect(whatToShow({ live: undefined, built, failed: true })).toEqual({
      data: built,
      notice: true,
      errorView: false,
    });
    const home = { stats: 1 };
    expect(whatToShow({ live: null, built: home, failed: true })).toEqual({
      data: home,
      notice: true,
      errorView: false,
    });
  });

  it('shows the full error view only when there is nothing to show', () => {
    const error = { data: null, notice: false, errorView: true };
    expect(whatToShow({ live: undefined, built: null, failed: true })).toEqual(error);
    expect(whatToShow({ live: undefined, built: [], failed: true })).toEqual(error);
    expect(whatToShow({ live: null, built: { n: 0 }, failed: true, hasContent: (v) => v.n > 0 })).toEqual(error);
  });
});
