/**
 * Viewable impressions by the industry rule (MRC display guideline): at least 50 % of the ad's
 * pixels in view — 30 % for ads of 242,500 px or more — for one continuous second, with the
 * tab visible. Not a timer from load. Pure state machine: the DOM side (IntersectionObserver,
 * visibilitychange) feeds it `update(ratio, pageVisible)`; time is injected.
 */

export const MRC_LARGE_AD_PIXELS = 242_500;
export const VIEWABLE_MS = 1000;

/** The in-view fraction required for an ad of this size. */
export function viewableFraction(width: number, height: number): number {
  return width * height >= MRC_LARGE_AD_PIXELS ? 0.3 : 0.5;
}

export interface ViewabilityMeter {
  /** `ratio`: the share of the ad's pixels in the viewport (0..1); `pageVisible`: tab visible. */
  update(ratio: number, pageVisible: boolean): void;
  dispose(): void;
  readonly viewable: boolean;
}

export function createViewabilityMeter(opts: {
  width: number;
  height: number;
  onViewable: () => void;
  durationMs?: number;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (id: unknown) => void;
}): ViewabilityMeter {
  const fraction = viewableFraction(opts.width, opts.height);
  const duration = opts.durationMs ?? VIEWABLE_MS;
  const setTimer = opts.setTimeout ?? ((fn, ms) => globalThis.setTimeout(fn, ms));
  const clearTimer = opts.clearTimeout ?? ((id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>));
  let timer: unknown = null;
  let viewable = false;
  let disposed = false;
  const stop = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
  };
  return {
    update(ratio, pageVisible) {
      if (viewable || disposed) return;
      // A hair of tolerance: IntersectionObserver reports 0.4999… for exactly half.
      const inView = pageVisible && ratio + 1e-6 >= fraction;
      if (inView && timer === null) {
        timer = setTimer(() => {
          timer = null;
          if (disposed) return;
          viewable = true;
          opts.onViewable();
        }, duration);
      } else if (!inView) stop();
    },
    dispose() {
      disposed = true;
      stop();
    },
    get viewable() {
      return viewable;
    },
  };
}
