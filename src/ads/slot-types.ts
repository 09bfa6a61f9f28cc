/** The ad slot API of src/ads/runtime.ts: what a slot is given (`mountAdSlot`) and what it reports. */
import type { AdPosition, DecisionInput } from './core/decision.ts';
import type { CreativeTexts } from './providers/creatives.ts';
import type { AdKind, AdSize } from './providers/types.ts';

export type SlotState = 'waiting' | 'loading' | 'loaded' | 'failed' | 'empty';

export interface MountOptions {
  position: AdPosition;
  size: AdSize;
  /** Formats to try per platform, in order: the modal tries the banner, then the generic ad. */
  kinds?: AdKind[];
  /** "Ad temporarily unavailable", the mock template, and the first-party creatives' texts. */
  texts: { unavailable: string; mock: string } & Partial<CreativeTexts>;
  /** Direct-campaign targeting beyond the page (the code modal's coupon brand and category slugs). */
  target?: { brand?: string | undefined; category?: string | undefined };
  /** What a slot shows when every platform failed: the "unavailable" text, or nothing. */
  onFail: 'text' | 'nothing';
  input?: Partial<DecisionInput>;
  onState?: (state: SlotState) => void;
}

export interface SlotHandle {
  destroy(): void;
}
