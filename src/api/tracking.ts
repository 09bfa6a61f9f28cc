/**
 * Fire-and-forget calls of SPEC §7: coupon usage/click/copy, deal click, search record and ad
 * events. None of them throws.
 */
import type { ApiClient } from './client.ts';
import { type ApiResult, requestError } from './errors.ts';
import { type Sleep, withRetry } from './retry.ts';

type Id = string | number;
type Warn = (...args: unknown[]) => void;

const isFailure = (result: ApiResult<unknown>) => !result.success;
/**
 * 429: this address already counted this offer within the hour (the API's limits, issue 41):
 * nothing to retry and nothing to warn about.
 */
const alreadyCounted = (result: ApiResult<unknown>) => !result.success && result.error === 'HTTP 429';

/**
 * POST /coupons/{id}/usage (endpoint `couponUsage`) with no body; while it fails it is tried
 * again `client.retryCount` times (api.retryCount), waiting 1000 ms, then 2000 ms, doubling.
 */
export async function recordCouponUsage(
  client: ApiClient,
  id: Id,
  options: { sleep?: Sleep } = {},
): Promise<ApiResult<unknown>> {
  const path = client.endpoint('couponUsage', { id });
  if (!path) return requestError();
  return withRetry(() => client.post(path), {
    attempts: client.retryCount + 1,
    shouldRetry: (result) => isFailure(result) && !alreadyCounted(result),
    ...(options.sleep ? { sleep: options.sleep } : {}),
  });
}

/** Posts to a named endpoint; an unconfigured name (already logged) makes no request. */
function postTo(client: ApiClient, name: string, id?: Id, body?: unknown): Promise<ApiResult<unknown>> {
  const path = client.endpoint(name, id === undefined ? {} : { id });
  return path ? client.post(path, body) : Promise.resolve(requestError());
}

async function logOnly(what: string, call: Promise<ApiResult<unknown>>, warn: Warn): Promise<void> {
  try {
    const result = await call;
    if (!result.success && !alreadyCounted(result)) warn(`Failed to record ${what}:`, result.error, result.message);
  } catch (error) {
    warn(`Failed to record ${what}:`, error);
  }
}

/** POST /coupons/{id}/click, on opening a coupon. Failures are only logged. */
export function recordCouponClick(client: ApiClient, id: Id, warn: Warn = console.warn): Promise<void> {
  return logOnly('coupon click', postTo(client, 'couponClick', id), warn);
}

/** POST /coupons/{id}/copy, on copying a code. Failures are only logged. */
export function recordCouponCopy(client: ApiClient, id: Id, warn: Warn = console.warn): Promise<void> {
  return logOnly('coupon copy', postTo(client, 'couponCopy', id), warn);
}

/**
 * POST /coupons/{id}/feedback {worked} (endpoint `couponFeedback`), the shopper's answer to
 * "Did {CODE} work?". Sent once, not retried (an answer is not worth a second request that
 * could count twice); failures are only logged.
 */
export function sendCouponFeedback(
  client: ApiClient,
  id: Id,
  worked: boolean,
  warn: Warn = console.warn,
): Promise<void> {
  return logOnly('coupon feedback', postTo(client, 'couponFeedback', id, { worked }), warn);
}

/** POST /deals/{id}/click. Failures are only logged. */
export function recordDealClick(client: ApiClient, id: Id, warn: Warn = console.warn): Promise<void> {
  return logOnly('deal click', postTo(client, 'dealClick', id), warn);
}

/** POST /search/record {query}. A blank query makes no request and resolves to null. */
export async function recordSearch(client: ApiClient, query: string): Promise<ApiResult<unknown> | null> {
  const trimmed = query.trim();
  if (trimmed === '') return null;
  return postTo(client, 'searchRecord', undefined, { query: trimmed });
}

/** Ad event payload: its fields are not fixed by the SPEC. */
export type AdEventPayload = Readonly<Record<string, unknown>>;
export type SendBeacon = (url: string, data: Blob) => boolean;

export type AdEventDelivery = { transport: 'beacon' } | { transport: 'post'; result: ApiResult<unknown> };

export const AD_EVENT_PATH = '/ads/events';
export const AD_EVENTS_BATCH_PATH = '/ads/events/batch';

/** `navigator.sendBeacon` bound to navigator, or undefined where there is none. */
export function browserSendBeacon(): SendBeacon | undefined {
  const nav = globalThis.navigator as (Navigator & { sendBeacon?: Navigator['sendBeacon'] }) | undefined;
  return typeof nav?.sendBeacon === 'function' ? (url, data) => nav.sendBeacon(url, data) : undefined;
}

/**
 * POST /ads/events: by beacon first (a JSON Blob); by `client.post` when there is no beacon, it
 * throws, or it returns false (queue full).
 */
export async function sendAdEvent(
  event: AdEventPayload,
  options: { client: ApiClient; sendBeacon?: SendBeacon | undefined },
): Promise<AdEventDelivery> {
  const { client, sendBeacon } = options;
  if (sendBeacon) {
    try {
      const blob = new Blob([JSON.stringify(event)], { type: 'application/json' });
      if (sendBeacon(client.url(AD_EVENT_PATH), blob)) return { transport: 'beacon' };
    } catch {
      // fall through to a normal post
    }
  }
  return { transport: 'post', result: await client.post(AD_EVENT_PATH, event) };
}

/** POST /ads/events/batch {events}. An empty list makes no request and resolves to null. */
export async function sendAdEvents(
  client: ApiClient,
  events: readonly AdEventPayload[],
): Promise<ApiResult<unknown> | null> {
  if (events.length === 0) return null;
  return client.post(AD_EVENTS_BATCH_PATH, { events });
}
