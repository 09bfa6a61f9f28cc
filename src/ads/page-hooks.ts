/**
 * The ad runtime's page-level hooks (src/ads/runtime.ts installs them once per page): ad event
 * reporting, clicks into cross-origin ad frames, and the `adDebug` console helpers.
 */
import type { ApiClient } from '../api/client.ts';
import { browserSendBeacon } from '../api/tracking.ts';
import { siteRuntime } from '../config/site-runtime.ts';
import { $adDecisions, adEvents, clearForcedPlatform, forcePlatform, getAdTracker } from '../stores/ads.ts';
import { $consent } from '../stores/consent.ts';
import { createReporter } from './core/reporter.ts';
import type { CreativeTexts } from './providers/creatives.ts';

/** What the runtime knows of each slot it filled (for click attribution). */
export type MountedSlot = { platform: string; slotId: string; position: string; mock: boolean };

/**
 * Ad event reporting (POST /ads/events, /ads/events/batch; beacon on pagehide): API mode only,
 * and only while the visitor's consent is granted. The API client is loaded once, up front,
 * so the pagehide flush can beacon synchronously.
 */
export function startReporting(win: Window): void {
  if (siteRuntime.staticData) return;
  let client: ApiClient | undefined;
  const loadClient = () =>
    import('../sources/api.ts').then((m) => {
      client = m.getApiClient();
      return client;
    });
  loadClient().catch((err) => console.warn('[ads] event reporting unavailable', err));
  const reporter = createReporter({
    bus: adEvents,
    client: () => client ?? loadClient(),
    apiMode: true,
    allowed: () => $consent.get().status === 'granted',
    sendBeacon: browserSendBeacon(),
  });
  win.addEventListener('pagehide', () => void reporter.flushOnHide());
}

/** Clicks inside cross-origin ad iframes: the window loses focus to the iframe. */
export function installClickWatch(win: Window, mounted: ReadonlyMap<Element, MountedSlot>): void {
  win.addEventListener('blur', () => {
    setTimeout(() => {
      const active = win.document.activeElement;
      if (active?.tagName !== 'IFRAME') return;
      for (const [el, base] of mounted) {
        if (el === active || el.contains(active)) adEvents.emit('clicked', { ...base, at: Date.now() });
      }
    }, 0);
  });
}

/** Console helpers (SPEC §4 "Manual override"): adDebug.force(name), .clear(), .decisions(). */
export function installAdDebug(win: Window): void {
  (win as Window & { adDebug?: unknown }).adDebug = {
    force(name: unknown) {
      const value = forcePlatform(name);
      if (value) console.info(`[ads] every later ad decision is forced to ${value} (saved as ad_force_platform)`);
      return value;
    },
    clear() {
      clearForcedPlatform();
      console.info('[ads] forced platform cleared: the decision engine decides again');
    },
    decisions() {
      return $adDecisions.get();
    },
    metrics() {
      return getAdTracker().metrics();
    },
  };
}

/** The creative texts a slot brought, without the empty ones. */
export function definedTexts(texts: Partial<CreativeTexts>): Partial<CreativeTexts> {
  const out: Partial<CreativeTexts> = {};
  for (const k of ['sponsored', 'textCta', 'amazonDisclosure', 'amazonCta'] as const) {
    const v = texts[k];
    if (v) out[k] = v;
  }
  return out;
}
