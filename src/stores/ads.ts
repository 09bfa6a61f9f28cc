/**
 * Ad state shared by the islands, the ad runtime and (later) the admin dashboard, the event
 * reporter and analytics:
 * - `adEvents`: the typed lifecycle bus (requested, loaded, failed, timed-out, rendered,
 *   viewable, clicked) — subscribe with `adEvents.on(type, fn)` / `adEvents.onAny(fn)`;
 * - `getAdTracker()`: per-platform figures and hourly history (`history({ bucketHours, buckets })`);
 * - `$adMetrics`: the tracker's per-platform figures, updated on every impression / click;
 * - `$adDecisions`: the latest decisions (newest last, at most 50);
 * - `$forcedPlatform` with `forcePlatform(name)` / `clearForcedPlatform()` (ad_force_platform);
 * - `$scriptStats`: per-platform script loads and the SPEC §9 script performance score.
 */
import { atom } from 'nanostores';
import { mayStoreAdData } from '../ads/core/consent.ts';
import type { Decision, PlatformMetrics } from '../ads/core/decision.ts';
import { createEventBus } from '../ads/core/events.ts';
import type { ScriptStats } from '../ads/core/loader.ts';
import { createForcedPlatformStore } from '../ads/core/override.ts';
import type { KnownPlatform } from '../ads/core/platforms.ts';
import { createTracker, type Tracker } from '../ads/core/tracker.ts';
import { preferenceStore } from '../preferences/preferences.ts';
import { $consent } from './consent.ts';

export const adEvents = createEventBus();

export const $adMetrics = atom<Record<string, PlatformMetrics>>({});

export type DecisionRecord = Decision & { at: number; slotId: string };
export const MAX_DECISIONS = 50;
export const $adDecisions = atom<DecisionRecord[]>([]);

export function recordDecision(record: DecisionRecord): void {
  $adDecisions.set([...$adDecisions.get(), record].slice(-MAX_DECISIONS));
}

export const $scriptStats = atom<Record<string, ScriptStats>>({});

let tracker: Tracker | undefined;

/** The one tracker of the page; it stores under ad_metrics only with consent. */
export function getAdTracker(): Tracker {
  if (!tracker) {
    const t = createTracker({
      storage: preferenceStore,
      canPersist: () => mayStoreAdData($consent.get()),
      onChange: () => $adMetrics.set(t.metrics()),
    });
    tracker = t;
    $adMetrics.set(t.metrics());
  }
  return tracker;
}

const forced = createForcedPlatformStore(preferenceStore);
export const $forcedPlatform = atom<KnownPlatform | null>(null);

/** Reads ad_force_platform (a bad stored value is logged and removed). */
export function loadForcedPlatform(): KnownPlatform | null {
  const value = forced.read();
  $forcedPlatform.set(value);
  return value;
}

/** Forces a platform for every later ad decision; invalid names are logged with the valid list. */
export function forcePlatform(name: unknown): KnownPlatform | null {
  const value = forced.force(name);
  if (value) $forcedPlatform.set(value);
  return value;
}

export function clearForcedPlatform(): void {
  forced.clear();
  $forcedPlatform.set(null);
}
