/**
 * The ad-script preload seam used by coupon and deal grids (SPEC §2 "Coupon grid", §9):
 * cards alternate the two ad platforms by index; a card near the viewport (200 px) or the
 * page after 2 s of idle time asks for its platform's script to be preloaded.
 *
 * No ad script is loaded here: requests are recorded (and mirrored on
 * `<html data-ad-preload="adsense adsterra">`) for the ad-script loader of the ad layer to act on
 * through `onAdPreload`. No React; DOM access only in the browser helpers at the bottom.
 */

export const GRID_AD_PLATFORMS = ['adsense', 'adsterra'] as const;
export type GridAdPlatform = (typeof GRID_AD_PLATFORMS)[number];

/** Preload distance of the coupon grid (SPEC §9). */
export const GRID_PRELOAD_MARGIN_PX = 200;
/** Idle preload delay (SPEC §9). */
export const IDLE_PRELOAD_DELAY_MS = 2000;

/** Card `index` (0-based) → adsense, adsterra, adsense, … */
export function adPlatformForIndex(index: number): GridAdPlatform {
  return GRID_AD_PLATFORMS[Math.abs(Math.trunc(index)) % GRID_AD_PLATFORMS.length] as GridAdPlatform;
}

type Listener = (platform: string) => void;

const requested = new Set<string>();
const listeners = new Set<Listener>();

/** Ask for a platform's script to be preloaded. Each platform is requested once per page. */
export function requestAdPreload(platform: string): boolean {
  if (requested.has(platform)) return false;
  requested.add(platform);
  if (typeof document !== 'undefined') {
    document.documentElement.dataset.adPreload = [...requested].join(' ');
  }
  for (const listener of listeners) listener(platform);
  return true;
}

/** Platforms requested so far, in order. */
export function requestedAdPreloads(): string[] {
  return [...requested];
}

/** The ad layer's hook: called for every platform already requested and each later one. Returns unsubscribe. */
export function onAdPreload(listener: Listener): () => void {
  listeners.add(listener);
  for (const platform of requested) listener(platform);
  return () => listeners.delete(listener);
}

/** Tests only. */
export function resetAdPreloads(): void {
  requested.clear();
  listeners.clear();
}

type ObserverCtor = typeof IntersectionObserver;

/**
 * Preload `platform` once `element` comes within 200 px of the viewport.
 * Returns a cleanup function. Without IntersectionObserver it preloads at once.
 */
export function preloadWhenNear(
  element: Element,
  platform: string,
  Observer: ObserverCtor | undefined = globalThis.IntersectionObserver,
): () => void {
  if (!Observer) {
    requestAdPreload(platform);
    return () => {};
  }
  const observer = new Observer(
    (entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        requestAdPreload(platform);
        observer.disconnect();
      }
    },
    { rootMargin: `${GRID_PRELOAD_MARGIN_PX}px` },
  );
  observer.observe(element);
  return () => observer.disconnect();
}

type Timers = {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
  requestIdleCallback?: ((fn: () => void) => unknown) | undefined;
};

const defaultTimers = (): Timers => ({
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
  requestIdleCallback:
    typeof globalThis.requestIdleCallback === 'function' ? (fn) => globalThis.requestIdleCallback(fn) : undefined,
});

/** After 2 s, at the next idle moment, preload every given platform. Returns a cleanup function. */
export function preloadAfterIdle(
  platforms: readonly string[],
  timers: Timers = defaultTimers(),
  delayMs = IDLE_PRELOAD_DELAY_MS,
): () => void {
  let cancelled = false;
  const run = () => {
    if (cancelled) return;
    for (const p of platforms) requestAdPreload(p);
  };
  const id = timers.setTimeout(() => (timers.requestIdleCallback ? timers.requestIdleCallback(run) : run()), delayMs);
  return () => {
    cancelled = true;
    timers.clearTimeout(id);
  };
}
