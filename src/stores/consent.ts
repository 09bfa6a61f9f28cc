/**
 * The visitor's consent, shared by the islands and the ad runtime (ARCHITECTURE "consent"):
 * `$consent` starts from the site's consent mode and the stored choice, follows the banner
 * (`consentchange` on document) and, in tcf mode, the CMP's signals (set by the ad runtime).
 * For the ad layer, the dashboard and analytics: read `$consent`, never localStorage.
 */
import { atom } from 'nanostores';
import { type ConsentMark, type ConsentState, consentFromRecord } from '../ads/core/consent.ts';
import { siteRuntime } from '../config/site-runtime.ts';
import { readConsentRecord } from '../preferences/preferences.ts';

/** The CustomEvent the banner dispatches on document after a choice. */
export const CONSENT_EVENT = 'consentchange';

const mode = siteRuntime.consent.mode;

export const $consent = atom<ConsentState>(consentFromRecord(mode, readConsentRecord()));

/** The consent state the static HTML was rendered with (no stored choice at build time). */
export const CONSENT_AT_BUILD: ConsentState = consentFromRecord(mode, null);

/** The ad runtime reports the CMP's answer here (consent mode tcf). */
export function setConsentState(state: ConsentState): void {
  $consent.set(state);
}

/** What <html data-consent> says for this state (tcf while the CMP has not answered). */
export function consentMarkOf(state: ConsentState): ConsentMark {
  if (state.source === 'none') return 'none';
  if (state.source === 'tcf') return 'tcf';
  return state.status === 'granted' ? 'accepted' : state.status === 'denied' ? 'rejected' : 'pending';
}

if (typeof document !== 'undefined' && mode === 'banner') {
  document.addEventListener(CONSENT_EVENT, () => $consent.set(consentFromRecord(mode, readConsentRecord())));
}
