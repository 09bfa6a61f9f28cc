import { describe, expect, it, vi } from 'vitest';
import { AD_FORCE_PLATFORM_KEY, createForcedPlatformStore } from '../../../src/ads/core/override.ts';
import { isLocalHost, providerFor } from '../../../src/ads/core/platforms.ts';
import { memoryStore } from './helpers.ts';

const VALID = 'Valid platforms: google, facebook, amazon, direct, adsense, adsterra';

describe('forced platform (ad_force_platform)', () => {
  it('stores the plain name and restores it on a later visit', () => {
    const store = memoryStore();
    expect(createForcedPlatformStore(store).force('adsterra')).toBe('adsterra');
    expect(store.data.get(AD_FORCE_PLATFORM_KEY)).toBe('adsterra');
    // A later visit: a new store over the same storage.
    expect(createForcedPlatformStore(store).read()).toBe('adsterra');
    createForcedPlatformStore(store).clear();
    expect(createForcedPlatformStore(store).read()).toBeNull();
  });

  it('accepts every SPEC §5 name, case-insensitively', () => {
    for (const name of ['google', 'facebook', 'amazon', 'direct', 'adsense', 'adsterra', ' AdSense ']) {
      expect(createForcedPlatformStore(memoryStore()).force(name)).toBe(name.trim().toLowerCase());
    }
  });

  it('rejects anything else with the valid list logged, storing nothing', () => {
    const store = memoryStore();
    const warn = vi.fn();
    const forced = createForcedPlatformStore(store, warn);
    for (const bad of ['myspace', '', '"adsense"', 42, null, { platform: 'adsense' }]) {
      expect(forced.force(bad)).toBeNull();
    }
    expect(store.writes).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(6);
    expect(warn).toHaveBeenCalledWith(`Invalid ad platform "myspace". ${VALID}`);
  });

  it('a bogus stored value is logged and removed, never used', () => {
    const store = memoryStore({ [AD_FORCE_PLATFORM_KEY]: '<img src=x onerror=alert(1)>' });
    const warn = vi.fn();
    expect(createForcedPlatformStore(store, warn).read()).toBeNull();
    expect(store.data.has(AD_FORCE_PLATFORM_KEY)).toBe(false);
    expect(warn.mock.calls[0]?.[0]).toContain(VALID);
  });
});

describe('platform helpers', () => {
  it('local development hosts', () => {
    for (const h of ['localhost', '127.0.0.1', '127.1.2.3', '[::1]', 'shop.localhost', 'LOCALHOST.']) {
      expect(isLocalHost(h), h).toBe(true);
    }
    for (const h of ['couponsaver.example', 'localhost.example', '128.0.0.1', '10.0.0.1', 'mylocalhost']) {
      expect(isLocalHost(h), h).toBe(false);
    }
  });
  it('google renders with the adsense provider', () => {
    expect(providerFor('google')).toBe('adsense');
    expect(providerFor('adsterra')).toBe('adsterra');
  });
});
