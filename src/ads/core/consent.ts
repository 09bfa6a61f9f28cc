/**
 * The consent gate (ARCHITECTURE "consent"): what the visitor's choice allows.
 * - pending: nothing third-party, no ad script, nothing stored under ad_metrics;
 * - granted: every configured network, personalized where the visitor agreed;
 * - denied (Reject all): no personalized ads — AdSense only, with requestNonPersonalizedAds
 *   (with a TCF CMP, Google reads the TC string itself); other networks load nothing; no ad storage.
 * Pure: the stored record and the CMP's signals come in as arguments.
 */
import type { ConsentMode } from '../../config/schema.ts';
import type { ConsentRecord } from '../../preferences/preferences.ts';
import type { RenderablePlatform } from './platforms.ts';

export type ConsentStatus = 'pending' | 'granted' | 'denied';

export interface ConsentState {
  status: ConsentStatus;
  /** Personalized ads allowed (AdSense requestNonPersonalizedAds = 0). */
  personalized: boolean;
  /** Which mechanism decided. */
  source: ConsentMode;
  /** tcf: the CMP's TC string. */
  tcString?: string;
}

/**
 * The state from the site's mode and the stored banner choice. In tcf mode the state stays
 * pending until the CMP answers (see tcf.ts).
 */
export function consentFromRecord(mode: ConsentMode, record: ConsentRecord | null): ConsentState {
  if (mode === 'none') return { status: 'granted', personalized: true, source: 'none' };
  if (mode === 'tcf' || !record) return { status: 'pending', personalized: false, source: mode };
  return record.choice === 'accepted'
    ? { status: 'granted', personalized: true, source: 'banner' }
    : { status: 'denied', personalized: false, source: 'banner' };
}

/** Networks that may serve under `state`, from those the site can render, in the same order. */
export function servingPlatforms<P extends RenderablePlatform>(state: ConsentState, renderable: readonly P[]): P[] {
  if (state.status === 'pending') return [];
  if (state.status === 'granted') return [...renderable];
  return renderable.filter((p) => p === 'adsense');
}

/** Ad data (ad_metrics) may be stored only with full consent. */
export function mayStoreAdData(state: ConsentState): boolean {
  return state.status === 'granted';
}

/** Any third-party request (scripts, preconnect) only once the visitor has chosen. */
export function mayContactThirdParties(state: ConsentState): boolean {
  return state.status !== 'pending';
}

/**
 * What the page head records on <html data-consent> before first paint:
 * pending | accepted | rejected (banner), tcf (the CMP will tell), none (no consent needed).
 */
export type ConsentMark = 'pending' | 'accepted' | 'rejected' | 'tcf' | 'none';

export function consentMark(mode: ConsentMode, record: ConsentRecord | null): ConsentMark {
  if (mode !== 'banner') return mode;
  return record ? record.choice : 'pending';
}
