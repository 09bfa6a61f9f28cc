/**
 * The visitor's clock for islands (docs/offer-truth.md):
 * - on the server and while an island hydrates it is null (the markup stays the build's, so
 *   hydration never mismatches); right after hydration React re-renders with the real time, as a
 *   transition (see `useNow`);
 * - it ticks every 30 s, at the next end an island asked for (`wakeAt`), and when the tab comes
 *   back into view (timers sleep in hidden tabs), so "Ends in 5 h" and what is live stay right
 *   while the page is open.
 */
import { startTransition, useEffect, useState } from 'react';
import { endTime, liveOnly, type Timed } from '../../catalog/offer-time.ts';

const TICK_MS = 30_000;
/** setTimeout's ceiling (about 24.8 days). */
const MAX_DELAY = 2_147_483_647;

let now = Date.now();
const listeners = new Set<() => void>();
const wakes = new Set<number>();
let timer: ReturnType<typeof setTimeout> | undefined;

function tick(): void {
  now = Date.now();
  for (const w of wakes) if (w <= now) wakes.delete(w);
  for (const l of listeners) l();
  schedule();
}

function schedule(): void {
  clearTimeout(timer);
  if (listeners.size === 0) return;
  let next = now + TICK_MS;
  for (const w of wakes) if (w < next) next = w;
  timer = setTimeout(tick, Math.min(MAX_DELAY, Math.max(0, next - Date.now())));
}

const onVisible = () => {
  if (document.visibilityState === 'visible') tick();
};

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    now = Date.now();
    document.addEventListener('visibilitychange', onVisible);
  }
  listeners.add(listener);
  schedule();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    }
  };
}

/** Re-render every island that reads the clock at `at` (epoch ms): e.g. an offer's end. */
export function wakeAt(at: number): void {
  if (!Number.isFinite(at) || at <= Date.now() || wakes.has(at)) return;
  wakes.add(at);
  schedule();
}

/**
 * The visitor's time in epoch ms; null on the server and during hydration. The first client value
 * and every tick arrive as a transition: React renders them in short, interruptible slices after
 * hydration has committed, instead of re-rendering every card in hydration's own task (which made
 * one long main-thread task on listing pages: Lighthouse TBT). The inline sweep (OfferSweep.astro)
 * has already hidden ended cards before the first paint, so nothing is offered meanwhile.
 */
export function useNow(): number | null {
  const [value, setValue] = useState<number | null>(null);
  useEffect(() => {
    const update = () => startTransition(() => setValue(now));
    const unsubscribe = subscribe(update);
    update();
    return unsubscribe;
  }, []);
  return value;
}

/**
 * The items still live by the visitor's clock (all of them on the server and during hydration),
 * and how many of `items` ended since the build. Wakes the page at the soonest end.
 */
export function useLive<T extends Timed>(items: readonly T[]): { live: T[]; ended: number } {
  const at = useNow();
  const live = at === null ? (items as T[]) : liveOnly(items, at);
  useEffect(() => {
    if (at === null) return;
    let soonest = Number.POSITIVE_INFINITY;
    for (const item of live) {
      const end = endTime(item);
      if (end !== null && end < soonest) soonest = end;
    }
    if (soonest !== Number.POSITIVE_INFINITY) wakeAt(soonest);
  }, [at, live]);
  return { live, ended: items.length - live.length };
}
