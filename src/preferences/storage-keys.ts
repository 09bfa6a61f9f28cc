/**
 * Every key this site keeps in the visitor's browser: the one list the cookie policy and the
 * privacy policy are generated from (and the e2e suite compares with what a session really
 * writes). A module that starts writing a new key adds it here, with its purpose and lifetime
 * texts under `storage.<key>.*` in src/i18n/locales/<lang>/legal.json.
 */
import { AUTH_TOKEN_KEY } from '../api/client.ts';
import { PREFERRED_LANGUAGE_KEY } from './preferences.ts';

export const STORAGE_AREAS = ['localStorage', 'sessionStorage', 'cookie'] as const;
export const STORAGE_CATEGORIES = ['necessary', 'preferences', 'advertising'] as const;

export interface StorageEntry {
  key: string;
  area: (typeof STORAGE_AREAS)[number];
  category: (typeof STORAGE_CATEGORIES)[number];
  /** False for keys the site only reads (set by someone else), e.g. auth_token. */
  written: boolean;
  /** Written only after the visitor accepts advertising cookies. */
  afterConsent: boolean;
}

export const STORAGE_ENTRIES: readonly StorageEntry[] = [
  { key: 'consent', area: 'localStorage', category: 'necessary', written: true, afterConsent: false },
  { key: PREFERRED_LANGUAGE_KEY, area: 'localStorage', category: 'preferences', written: true, afterConsent: false },
  { key: 'coupon_feedback', area: 'localStorage', category: 'necessary', written: true, afterConsent: false },
  { key: 'ad_metrics', area: 'localStorage', category: 'advertising', written: true, afterConsent: true },
  { key: 'ad_campaigns', area: 'localStorage', category: 'advertising', written: true, afterConsent: true },
  { key: 'ad_force_platform', area: 'localStorage', category: 'advertising', written: true, afterConsent: false },
  { key: AUTH_TOKEN_KEY, area: 'localStorage', category: 'necessary', written: false, afterConsent: false },
];

/** The i18n key stem of an entry's texts ("storage.preferred_language"). */
export const storageTextKey = (key: string) => `storage.${key}`;
