/**
 * How islands reach the ad code: the grid preload helpers (src/ads/preload.ts) and the ad runtime
 * (src/ads/runtime.ts), loaded on demand so a page without ad slots never fetches it. Components
 * import these from here, never from src/ads directly (biome.json).
 */
export {
  adPlatformForIndex,
  GRID_AD_PLATFORMS,
  type GridAdPlatform,
  preloadAfterIdle,
  preloadWhenNear,
} from '../ads/preload.ts';

/** The ad runtime module (slots, registry, modal placement), in its own chunk. */
export function loadAdRuntime() {
  return import('../ads/runtime.ts');
}
