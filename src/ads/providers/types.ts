/**
 * The one small interface every ad network provider implements (after Prebid.js's adapters):
 * preload its script, render into a container, and say whether a creative filled it. The
 * slot runner (src/ads/runtime.ts) reports loaded / failed / rendered / viewable / clicked on
 * the event bus; providers only render.
 */
import type { ConsentState } from '../core/consent.ts';
import type { AdEventBus } from '../core/events.ts';
import type { ScriptLoader } from '../core/loader.ts';
import type { AdRegistry } from '../core/registry.ts';

export type AdKind = 'banner' | 'generic';
export interface AdSize {
  width: number;
  height: number;
}

export interface SlotSpec {
  /** Unique per mounted slot. */
  id: string;
  /** modal-top, modal-bottom, top, bottom, left, right. */
  position: string;
  /** The box reserved for the ad. */
  size: AdSize;
  kind: AdKind;
  /** The platform name shown by the mock (adsense, adsterra, …). */
  platform: string;
  /** The mock's text template, "Mock ad · {{platform}} · {{width}}×{{height}}". */
  mockText: string;
}

export interface ProviderContext {
  win: Window;
  doc: Document;
  loader: ScriptLoader;
  bus: AdEventBus;
  registry: AdRegistry;
  consent: () => ConsentState;
  now: () => number;
}

export interface RenderedAd {
  /** The ad element (ins, iframe, mock box): measured for viewability, watched for clicks. */
  element: HTMLElement;
  /** Its size. */
  size: AdSize;
  /** true when a creative filled the slot, false when the network had none (unfilled). */
  filled: Promise<boolean>;
  /** The mock reports its impression on a timer (SPEC §4) instead of the viewability rule. */
  impressionAfterMs?: number;
  dispose(): void;
}

export interface AdProvider {
  readonly platform: string;
  /** Can it fill a slot of this size and kind with the configured units? */
  supports(kind: AdKind, size: AdSize, registry: AdRegistry): boolean;
  /** Loads the network's script or opens its connection ahead of need (smart preload). */
  preload(ctx: ProviderContext): Promise<void>;
  /** Renders into `container`; rejects with the SPEC §8 message when it cannot. */
  render(container: HTMLElement, slot: SlotSpec, ctx: ProviderContext, signal: AbortSignal): Promise<RenderedAd>;
}

/** Resolves after `ms`, or rejects when `signal` aborts. */
export function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Error('aborted'));
    const id = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(id);
        reject(new Error('aborted'));
      },
      { once: true },
    );
  });
}
