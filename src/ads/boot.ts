/**
 * The only ad code a listing page loads before interaction: it loads the ad runtime
 * (src/ads/runtime.ts, a separate chunk) once the page is interactive — at the first idle
 * moment after `load` (2 s at most; 1 s timer without requestIdleCallback) — and never while
 * the visitor's consent choice is pending (it waits for `consentchange`). Slots that need the
 * runtime earlier (the code modal) import it themselves.
 */
import { CONSENT_EVENT } from './consent-banner.ts';

export const IDLE_TIMEOUT_MS = 2000;
export const IDLE_FALLBACK_MS = 1000;

export function bootAds(win: Window = window): void {
  const doc = win.document;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    import('./runtime.ts').then((m) => m.startAds()).catch((err) => console.warn('Ad code could not be loaded', err));
  };
  const whenIdle = () => {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS });
    else win.setTimeout(start, IDLE_FALLBACK_MS);
  };
  const afterLoad = () => {
    if (doc.readyState === 'complete') whenIdle();
    else win.addEventListener('load', whenIdle, { once: true });
  };
  if (doc.documentElement.getAttribute('data-consent') === 'pending') {
    doc.addEventListener(CONSENT_EVENT, afterLoad, { once: true });
  } else afterLoad();
}
