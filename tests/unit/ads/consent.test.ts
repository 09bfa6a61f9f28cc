import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  consentFromRecord,
  consentMark,
  mayContactThirdParties,
  mayStoreAdData,
  servingPlatforms,
} from '../../../src/ads/core/consent.ts';
import { createScriptLoader } from '../../../src/ads/core/loader.ts';
import { createTracker } from '../../../src/ads/core/tracker.ts';
import {
  AD_METRICS_KEY,
  CONSENT_KEY,
  parseConsentRecord,
  preferenceStore,
  readConsentRecord,
  setAdStorageConsent,
  writeConsentRecord,
  writePreference,
} from '../../../src/preferences/preferences.ts';
import { fakeDocument } from './helpers.ts';

/** A localStorage double. */
function installLocalStorage() {
  const data = new Map<string, string>();
  const ls = {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, String(v)),
    removeItem: (k: string) => void data.delete(k),
  };
  vi.stubGlobal('localStorage', ls);
  return data;
}

let data: Map<string, string>;
beforeEach(() => {
  data = installLocalStorage();
  setAdStorageConsent(() => readConsentRecord()?.choice === 'accepted');
});
afterEach(() => vi.unstubAllGlobals());

describe('consent states', () => {
  it('banner: pending until a choice; Accept all grants, Reject all denies personalized ads', () => {
    expect(consentFromRecord('banner', null)).toEqual({ status: 'pending', personalized: false, source: 'banner' });
    expect(consentFromRecord('banner', { v: 1, choice: 'accepted', at: 1 })).toEqual({
      status: 'granted',
      personalized: true,
      source: 'banner',
    });
    expect(consentFromRecord('banner', { v: 1, choice: 'rejected', at: 1 })).toEqual({
      status: 'denied',
      personalized: false,
      source: 'banner',
    });
    expect(consentFromRecord('none', null).status).toBe('granted');
    expect(consentFromRecord('tcf', { v: 1, choice: 'accepted', at: 1 }).status).toBe('pending');
  });

  it('serving: none before a choice, all after Accept, AdSense only after Reject', () => {
    const all = ['adsense', 'adsterra'] as const;
    expect(servingPlatforms(consentFromRecord('banner', null), all)).toEqual([]);
    expect(servingPlatforms(consentFromRecord('banner', { v: 1, choice: 'accepted', at: 1 }), all)).toEqual(all);
    expect(servingPlatforms(consentFromRecord('banner', { v: 1, choice: 'rejected', at: 1 }), all)).toEqual([
      'adsense',
    ]);
    expect(servingPlatforms(consentFromRecord('banner', { v: 1, choice: 'rejected', at: 1 }), ['adsterra'])).toEqual(
      [],
    );
    const pending = consentFromRecord('banner', null);
    expect(mayContactThirdParties(pending)).toBe(false);
    expect(mayStoreAdData(pending)).toBe(false);
    expect(mayStoreAdData(consentFromRecord('banner', { v: 1, choice: 'rejected', at: 1 }))).toBe(false);
  });

  it('the stored record is validated; the head mark follows it', () => {
    expect(parseConsentRecord('{"v":1,"choice":"accepted","at":5}')).toEqual({ v: 1, choice: 'accepted', at: 5 });
    for (const bad of [
      null,
      '',
      'yes',
      '{"v":2,"choice":"accepted","at":5}',
      '{"v":1,"choice":"maybe","at":5}',
      '[]',
    ]) {
      expect(parseConsentRecord(bad)).toBeNull();
    }
    expect(consentMark('banner', null)).toBe('pending');
    expect(consentMark('banner', { v: 1, choice: 'rejected', at: 1 })).toBe('rejected');
    expect(consentMark('tcf', null)).toBe('tcf');
    expect(consentMark('none', null)).toBe('none');
  });
});

describe('consent gating: no ad script and no ad storage before consent', () => {
  it('the storage refuses ad_metrics until Accept all, and Reject all removes it', () => {
    expect(writePreference(AD_METRICS_KEY, '{}')).toBe(false);
    expect(data.has(AD_METRICS_KEY)).toBe(false);
    expect(writePreference('preferred_language', 'de')).toBe(true);
    writeConsentRecord('rejected', 10);
    expect(writePreference(AD_METRICS_KEY, '{}')).toBe(false);
    writeConsentRecord('accepted', 20);
    expect(JSON.parse(data.get(CONSENT_KEY) ?? '')).toEqual({ v: 1, choice: 'accepted', at: 20 });
    expect(writePreference(AD_METRICS_KEY, '{}')).toBe(true);
    writeConsentRecord('rejected', 30);
    expect(data.has(AD_METRICS_KEY)).toBe(false);
  });

  it('a tracker over the real storage writes nothing before consent, even if asked to persist', () => {
    const t = createTracker({ storage: preferenceStore, canPersist: () => true });
    t.record('adsense', 'impression');
    t.persist();
    expect(data.has(AD_METRICS_KEY)).toBe(false);
    writeConsentRecord('accepted');
    t.persist();
    expect(JSON.parse(data.get(AD_METRICS_KEY) ?? '')).toMatchObject({ adsense: { impressions: 1 } });
  });

  it('the loader requests nothing while the consent state is pending', async () => {
    const doc = fakeDocument();
    let state = consentFromRecord('banner', readConsentRecord());
    const loader = createScriptLoader({
      doc,
      allowedOrigins: ['https://pagead2.googlesyndication.com'],
      canLoad: () => mayContactThirdParties(state),
    });
    const url = 'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=ca-pub-0000000000000000';
    await expect(loader.load('adsense', url)).rejects.toThrow(/wait for consent/);
    loader.preconnect(['https://pagead2.googlesyndication.com']);
    expect(doc.appended).toEqual([]);
    state = consentFromRecord('banner', writeConsentRecord('accepted'));
    void loader.load('adsense', url);
    expect(doc.appended).toHaveLength(1);
  });

  it('mode none: the ad layer opens ad storage', () => {
    setAdStorageConsent(() => mayStoreAdData(consentFromRecord('none', null)));
    expect(writePreference(AD_METRICS_KEY, '{}')).toBe(true);
  });
});
