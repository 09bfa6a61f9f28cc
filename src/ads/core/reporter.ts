/**
 * Ad event reporting (SPEC §7 "Ads"): the event bus's events go to the API — one event with
 * POST /ads/events, several with POST /ads/events/batch {events} — only in API mode and only
 * while the visitor's consent allows it. Events are queued (bounded: the oldest are dropped
 * beyond `maxQueue`) and sent a moment later in batches; on `pagehide` what is left goes by
 * `sendBeacon`, or by a normal POST when there is no beacon or it refuses. Each event is sent
 * once: it leaves the queue before its request starts, and a failed request is only logged.
 * Events emitted before consent are not kept. No DOM: the bus, client, beacon and timers come in.
 */
import type { ApiClient } from '../../api/client.ts';
import { AD_EVENT_PATH, AD_EVENTS_BATCH_PATH, type SendBeacon, sendAdEvents } from '../../api/tracking.ts';
import type { AdEvent, AdEventBus } from './events.ts';

export const MAX_QUEUE = 200;
export const MAX_BATCH = 50;
export const FLUSH_DELAY_MS = 2000;

/** What the API receives: the bus payload with a stable type name (impression, click, …) and an id. */
export type ReportedAdEvent = {
  id: string;
  /** viewable → impression, clicked → click; others keep the bus name (requested, rendered, failed, …). */
  type: string;
  platform: string;
  slotId: string;
  position: string;
  at: number;
  mock: boolean;
  error?: string;
  loadMs?: number;
  /** Direct-sold campaign id. */
  campaign?: string;
};

export function toReported(event: AdEvent, id: string): ReportedAdEvent {
  const p = event.payload;
  const type = event.type === 'viewable' ? 'impression' : event.type === 'clicked' ? 'click' : event.type;
  const out: ReportedAdEvent = {
    id,
    type,
    platform: p.platform,
    slotId: p.slotId,
    position: p.position,
    at: p.at,
    mock: p.mock === true,
  };
  if ('error' in p) out.error = String(p.error).slice(0, 300);
  if ('loadMs' in p) out.loadMs = p.loadMs;
  if (p.campaign) out.campaign = p.campaign;
  return out;
}

export interface ReporterOptions {
  bus: AdEventBus;
  /** Called only when there is something to send (loads the client lazily). */
  client: () => ApiClient | Promise<ApiClient>;
  /** False in static-data mode: the reporter then does nothing at all. */
  apiMode: boolean;
  /** The visitor's consent allows reporting now. */
  allowed: () => boolean;
  sendBeacon?: SendBeacon | undefined;
  maxQueue?: number;
  maxBatch?: number;
  flushDelayMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  warn?: (...args: unknown[]) => void;
  /** Unique ids for events (default: random). */
  newId?: () => string;
}

export interface Reporter {
  /** Sends what is queued now (normal POSTs). */
  flush(): Promise<void>;
  /** For pagehide: beacon, then a normal POST when the beacon refuses. */
  flushOnHide(): Promise<void>;
  /** Events waiting (for tests and adDebug). */
  pending(): readonly ReportedAdEvent[];
  stop(): void;
}

export function createReporter(opts: ReporterOptions): Reporter {
  const maxQueue = opts.maxQueue ?? MAX_QUEUE;
  const maxBatch = opts.maxBatch ?? MAX_BATCH;
  const delay = opts.flushDelayMs ?? FLUSH_DELAY_MS;
  const setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const warn = opts.warn ?? ((...a: unknown[]) => console.warn(...a));
  let counter = 0;
  const newId =
    opts.newId ?? (() => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}-${++counter}`);
  let queue: ReportedAdEvent[] = [];
  let timer = false;

  const take = (): ReportedAdEvent[] => {
    const batch = queue.slice(0, maxBatch);
    queue = queue.slice(batch.length);
    return batch;
  };

  const post = async (batch: ReportedAdEvent[]) => {
    try {
      const client = await opts.client();
      const result =
        batch.length === 1 ? await client.post(AD_EVENT_PATH, batch[0]) : await sendAdEvents(client, batch);
      if (result && 'success' in result && !result.success) {
        warn(`Failed to report ${batch.length} ad event(s):`, result.error, result.message);
      }
    } catch (error) {
      warn(`Failed to report ${batch.length} ad event(s):`, error);
    }
  };

  const flush = async () => {
    timer = false;
    if (!opts.allowed()) {
      queue = [];
      return;
    }
    while (queue.length > 0) await post(take());
  };

  const schedule = () => {
    if (timer) return;
    timer = true;
    setTimer(() => void flush(), delay);
  };

  const stop = opts.apiMode
    ? opts.bus.onAny((event) => {
        if (!opts.allowed()) return;
        queue.push(toReported(event, newId()));
        if (queue.length > maxQueue) queue = queue.slice(queue.length - maxQueue);
        schedule();
      })
    : () => {};

  return {
    flush,
    async flushOnHide() {
      if (!opts.allowed()) {
        queue = [];
        return;
      }
      while (queue.length > 0) {
        const batch = take();
        let sent = false;
        if (opts.sendBeacon) {
          try {
            const client = await opts.client();
            const single = batch.length === 1;
            const body = single ? batch[0] : { events: batch };
            const blob = new Blob([JSON.stringify(body)], { type: 'application/json' });
            sent = opts.sendBeacon(client.url(single ? AD_EVENT_PATH : AD_EVENTS_BATCH_PATH), blob);
          } catch {
            sent = false;
          }
        }
        if (!sent) await post(batch);
      }
    },
    pending: () => queue,
    stop() {
      stop();
      queue = [];
    },
  };
}
