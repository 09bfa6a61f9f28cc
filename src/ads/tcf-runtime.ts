/**
 * Consent mode "tcf" in the browser: installs the IAB's `__tcfapi` queueing stub
 * (@iabtechlabtcf/stub) unless a CMP already did, loads the CMP named in the site config
 * (consent.cmpScriptUrl — the one script allowed before a choice, since it is what asks), and
 * follows its answers (src/ads/core/tcf.ts). Loaded as its own chunk, only in tcf mode.
 */
import installStub from '@iabtechlabtcf/stub';
import type { ConsentState } from './core/consent.ts';
import type { AdEventBus } from './core/events.ts';
import { createScriptLoader } from './core/loader.ts';
import { type TcfApi, watchTcf } from './core/tcf.ts';

export function startTcf(opts: {
  cmpScriptUrl: string;
  win: Window;
  onState: (state: ConsentState) => void;
  bus?: AdEventBus;
}): () => void {
  const w = opts.win as Window & { __tcfapi?: TcfApi };
  if (typeof w.__tcfapi !== 'function') installStub();
  const loader = createScriptLoader({
    doc: w.document,
    allowedOrigins: [new URL(opts.cmpScriptUrl).origin],
    canLoad: () => true,
    ...(opts.bus ? { bus: opts.bus } : {}),
  });
  loader
    .load('cmp', opts.cmpScriptUrl)
    .catch((err: Error) => console.warn('Consent platform could not be loaded:', err.message));
  const api = w.__tcfapi;
  return api ? watchTcf(api, opts.onState) : () => {};
}
