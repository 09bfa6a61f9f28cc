/**
 * The typed ad lifecycle event bus (after Prebid.js src/events.ts). Providers and the slot
 * runner emit; the tracker listens now (viewable → impression, clicked → click); the dashboard,
 * the event reporter (POST /ads/events) and analytics subscribe later. No DOM.
 */

export interface AdEventBase {
  /** The platform asked (adsense, adsterra, …). */
  platform: string;
  /** Unique per mounted slot, e.g. "modal-top-3" or "page-top-1"; "" for page-level scripts. */
  slotId: string;
  /** modal-top, modal-bottom, top, bottom, left, right; "" for page-level scripts. */
  position: string;
  /** Time of the event (ms since the epoch). */
  at: number;
  /** True when a mock ad (local host) produced the event. */
  mock?: boolean;
  /** Direct-sold campaign id (platform "direct"), so reports and the dashboard count per campaign. */
  campaign?: string;
}

export interface AdEventMap {
  /** A slot asks a platform for an ad (before its script loads). */
  requested: AdEventBase & { attempt: number; kind: 'banner' | 'generic' };
  /** The platform's script is in and the ad request was made. */
  loaded: AdEventBase & { loadMs: number };
  /** The platform could not serve (script error, blocked, push error, unfilled). */
  failed: AdEventBase & { error: string };
  /** A script did not load within the loader's timeout (also counted as failed). */
  'timed-out': AdEventBase & { url: string; timeoutMs: number };
  /** A creative filled the slot. */
  rendered: AdEventBase & { width: number; height: number };
  /** MRC viewable impression: ≥ 50 % in view (30 % for ≥ 242,500 px ads) for 1 continuous second. */
  viewable: AdEventBase;
  /** The visitor clicked the ad. */
  clicked: AdEventBase;
}

export type AdEventType = keyof AdEventMap;
export type AdEvent = { [K in AdEventType]: { type: K; payload: AdEventMap[K] } }[AdEventType];
export const AD_EVENT_TYPES: readonly AdEventType[] = [
  'requested',
  'loaded',
  'failed',
  'timed-out',
  'rendered',
  'viewable',
  'clicked',
];

export interface AdEventBus {
  on<K extends AdEventType>(type: K, listener: (payload: AdEventMap[K]) => void): () => void;
  /** Every event, in order. */
  onAny(listener: (event: AdEvent) => void): () => void;
  emit<K extends AdEventType>(type: K, payload: AdEventMap[K]): void;
}

export function createEventBus(onListenerError: (err: unknown) => void = (e) => console.warn(e)): AdEventBus {
  const typed = new Map<AdEventType, Set<(p: never) => void>>();
  const any = new Set<(e: AdEvent) => void>();
  return {
    on(type, listener) {
      let set = typed.get(type);
      if (!set) {
        set = new Set();
        typed.set(type, set);
      }
      set.add(listener as (p: never) => void);
      return () => set.delete(listener as (p: never) => void);
    },
    onAny(listener) {
      any.add(listener);
      return () => any.delete(listener);
    },
    emit(type, payload) {
      // A listener that throws never stops the others (or the ad).
      for (const l of [...(typed.get(type) ?? [])]) {
        try {
          (l as (p: typeof payload) => void)(payload);
        } catch (err) {
          onListenerError(err);
        }
      }
      for (const l of [...any]) {
        try {
          l({ type, payload } as AdEvent);
        } catch (err) {
          onListenerError(err);
        }
      }
    },
  };
}
