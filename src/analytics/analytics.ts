/**
 * Google Analytics 4 with Google Consent Mode v2 (analytics.googleAnalytics, a G- id):
 * - before anything else, consent defaults are set to denied (ad_storage, ad_user_data,
 *   ad_personalization, analytics_storage) in the dataLayer;
 * - gtag.js is requested only once the visitor's choice allows it (<html data-consent>
 *   "accepted", or consent mode "none"); then the consent is updated to granted, and the page
 *   view is sent by `config`;
 * - after "Reject all" the consent stays denied and gtag.js is never requested;
 * - a later change of mind (the banner reopened) updates the consent (a withdrawal takes full
 *   effect on the next page: a loaded tag cannot be unloaded).
 * With consent mode "tcf" this tag does not load (Google's TCF integration is not wired here).
 * The tracked actions (code copied, store visited, search) go through `trackAction`.
 */
import { createScriptElement } from '../ads/core/script-element.ts';

export const GTAG_URL = 'https://www.googletagmanager.com/gtag/js';
export const GA4_ID = /^G-[A-Z0-9]{4,20}$/;
export const CONSENT_EVENT = 'consentchange';

export type ConsentValue = 'granted' | 'denied';
export interface ConsentModeState {
  ad_storage: ConsentValue;
  ad_user_data: ConsentValue;
  ad_personalization: ConsentValue;
  analytics_storage: ConsentValue;
}

export function consentModeFor(granted: boolean): ConsentModeState {
  const v: ConsentValue = granted ? 'granted' : 'denied';
  return { ad_storage: v, ad_user_data: v, ad_personalization: v, analytics_storage: v };
}

/** The <html data-consent> mark that allows loading the tag. */
export function mayLoadAnalytics(mark: string | null | undefined): boolean {
  return mark === 'accepted' || mark === 'none';
}

type Gtag = (...args: unknown[]) => void;
type AnalyticsWindow = Window & { dataLayer?: unknown[]; gtag?: Gtag };

export function gtagScriptUrl(id: string): string {
  return `${GTAG_URL}?id=${encodeURIComponent(id)}`;
}

/** Starts analytics for `id` (ignored unless a GA4 G- id). Returns what happened, for tests. */
export function startAnalytics(id: string, win: Window = window): { loaded: () => boolean; stop: () => void } {
  const w = win as AnalyticsWindow;
  const doc = win.document;
  if (!GA4_ID.test(id)) {
    console.warn(`analytics.googleAnalytics.trackingId "${id}" is not a GA4 measurement id (G-…): analytics is off`);
    return { loaded: () => false, stop: () => {} };
  }
  w.dataLayer = w.dataLayer ?? [];
  const gtag: Gtag =
    w.gtag ??
    function gtag() {
      // gtag.js reads the arguments object itself, as Google's snippet does.
      // biome-ignore lint/complexity/noArguments: the gtag contract
      w.dataLayer?.push(arguments);
    };
  w.gtag = gtag;
  gtag('consent', 'default', { ...consentModeFor(false), wait_for_update: 500 });
  let loaded = false;
  let granted = false;
  const apply = () => {
    const allow = mayLoadAnalytics(doc.documentElement.getAttribute('data-consent'));
    if (allow === granted) return;
    granted = allow;
    gtag('consent', 'update', consentModeFor(allow));
    if (!allow || loaded) return;
    loaded = true;
    gtag('js', new Date());
    gtag('config', id);
    const s = createScriptElement(doc, gtagScriptUrl(id));
    s.onerror = () => console.warn('Google Analytics could not be loaded');
    doc.head.appendChild(s);
  };
  apply();
  doc.addEventListener(CONSENT_EVENT, apply);
  return { loaded: () => loaded, stop: () => doc.removeEventListener(CONSENT_EVENT, apply) };
}

/**
 * A GA4 event for a tracked action (SPEC: code copied, store visited, search). Queued in the
 * dataLayer; sent only if the tag loads (after consent). Does nothing without analytics.
 */
export function trackAction(
  name: 'code_copied' | 'store_visited' | 'search',
  params: Record<string, string | number> = {},
): void {
  const g = (globalThis as unknown as { gtag?: Gtag }).gtag;
  if (typeof g === 'function') g('event', name, params);
}
