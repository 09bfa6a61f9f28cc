/**
 * The consent-aware storage module (preferences, consent, ad data); the raw storage objects come
 * from src/storage/web-storage.ts, the only code allowed to touch the Web Storage globals. Every
 * read is validated by the caller; a blocked or corrupt storage never throws. Consent-aware: keys that
 * hold ad data (`ad_metrics`) are written only while the visitor's consent allows ad storage,
 * so nothing lands there before an "Accept all" (or in consent mode none).
 */
import { localArea } from '../storage/web-storage.ts';

export const PREFERRED_LANGUAGE_KEY = 'preferred_language';
export const CONSENT_KEY = 'consent';
export const AD_METRICS_KEY = 'ad_metrics';
export const AD_FORCE_PLATFORM_KEY = 'ad_force_platform';

/** Direct-campaign counts (daily cap, dashboard totals): src/ads/campaign-store.ts. */
export const AD_CAMPAIGNS_KEY = 'ad_campaigns';

/** Keys written only with consent to ad storage. */
const CONSENT_GATED_KEYS: readonly string[] = [AD_METRICS_KEY, AD_CAMPAIGNS_KEY];

export type ConsentChoice = 'accepted' | 'rejected';
/** What `consent` holds: {"v":1,"choice":"accepted","at":1767225600000}. */
export type ConsentRecord = { v: 1; choice: ConsentChoice; at: number };

/**
 * The stored consent choice, or null when absent or not exactly our shape.
 * Self-contained (no outside references): it is also inlined into the page head.
 */
export function parseConsentRecord(raw: string | null | undefined): ConsentRecord | null {
  try {
    const r = raw ? JSON.parse(raw) : null;
    return r && r.v === 1 && (r.choice === 'accepted' || r.choice === 'rejected') && typeof r.at === 'number'
      ? { v: 1, choice: r.choice, at: r.at }
      : null;
  } catch {
    return null;
  }
}

const storage = localArea;

let adStorageAllowed: () => boolean = () => readConsentRecord()?.choice === 'accepted';

/** The ad layer tells the storage who decides (consent mode none: always; tcf: the CMP's answer). */
export function setAdStorageConsent(check: () => boolean): void {
  adStorageAllowed = check;
}

export function readRaw(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function readPreference<T extends string>(key: string, isValid: (v: string) => v is T): T | null {
  const v = readRaw(key);
  return v != null && isValid(v) ? v : null;
}

/** Returns false when the value was not stored (no consent for that key, storage full or blocked). */
export function writePreference(key: string, value: string): boolean {
  if (CONSENT_GATED_KEYS.includes(key) && !adStorageAllowed()) return false;
  try {
    const s = storage();
    if (!s) return false;
    s.setItem(key, value);
    return true;
  } catch {
    // Storage full or blocked: the preference is simply not remembered.
    return false;
  }
}

export function removePreference(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // ignore
  }
}

export function readConsentRecord(): ConsentRecord | null {
  return parseConsentRecord(readRaw(CONSENT_KEY));
}

export function writeConsentRecord(choice: ConsentChoice, at: number = Date.now()): ConsentRecord {
  const record: ConsentRecord = { v: 1, choice, at };
  writePreference(CONSENT_KEY, JSON.stringify(record));
  // Consent withdrawn: ad data goes with it.
  if (choice === 'rejected') removePreference(AD_METRICS_KEY);
  return record;
}

/** The storage as the ad core sees it (src/ads/core/tracker.ts KeyValueStore). */
export const preferenceStore = {
  get: readRaw,
  set: writePreference,
  remove: removePreference,
};
