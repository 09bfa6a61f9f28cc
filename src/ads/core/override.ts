/**
 * The manual override (SPEC §4 "Manual override", §5 "Forced ad platform"): `ad_force_platform`
 * holds a plain platform name (google, facebook, amazon, direct, adsense, adsterra), survives
 * later visits and overrides the decision engine. Anything else is rejected with the valid
 * list logged, and a bad stored value is removed. No DOM: storage and logger are injected.
 */

import { isKnownPlatform, KNOWN_PLATFORMS, type KnownPlatform } from './platforms.ts';
import type { KeyValueStore } from './tracker.ts';

export const AD_FORCE_PLATFORM_KEY = 'ad_force_platform';

export function invalidPlatformMessage(value: unknown): string {
  const shown = typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : String(value);
  return `Invalid ad platform ${shown}. Valid platforms: ${KNOWN_PLATFORMS.join(', ')}`;
}

export interface ForcedPlatformStore {
  /** The valid stored platform, or null (a bad stored value is logged and removed). */
  read(): KnownPlatform | null;
  /** Saves a valid name and returns it; logs the valid list and returns null otherwise. */
  force(value: unknown): KnownPlatform | null;
  clear(): void;
}

export function createForcedPlatformStore(
  storage: KeyValueStore,
  warn: (message: string) => void = (m) => console.warn(m),
): ForcedPlatformStore {
  return {
    read() {
      let raw: string | null = null;
      try {
        raw = storage.get(AD_FORCE_PLATFORM_KEY);
      } catch {
        return null;
      }
      if (raw === null) return null;
      if (isKnownPlatform(raw)) return raw;
      warn(`${invalidPlatformMessage(raw)}; the stored value was removed`);
      storage.remove(AD_FORCE_PLATFORM_KEY);
      return null;
    },
    force(value) {
      const name = typeof value === 'string' ? value.trim().toLowerCase() : value;
      if (!isKnownPlatform(name)) {
        warn(invalidPlatformMessage(value));
        return null;
      }
      storage.set(AD_FORCE_PLATFORM_KEY, name);
      return name;
    },
    clear() {
      storage.remove(AD_FORCE_PLATFORM_KEY);
    },
  };
}
