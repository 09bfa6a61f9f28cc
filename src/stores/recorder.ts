/**
 * The record calls islands make (SPEC §7): a coupon opened (click), a code copied (copy record
 * and usage), a shopper's answer to "Did {CODE} work?", a deal opened (click) and a search submitted. Fire and forget: failures are only
 * logged. The API client and the calls load on first use, so they are not part of the
 * JavaScript a page loads before any interaction. Static-data mode has no API: nothing is sent.
 */
import type { ApiClient } from '../api/client.ts';
import type { Coupon, Deal } from '../catalog/schemas.ts';
import { siteRuntime } from '../config/site-runtime.ts';
import { loadApiClient } from './source.ts';

type Calls = typeof import('../api/tracking.ts');
type Warn = (...args: unknown[]) => void;

export type RecorderOptions = {
  /** False in static-data mode: no call is made, nothing is loaded. */
  enabled: boolean;
  load: () => Promise<{ client: ApiClient; calls: Calls }>;
  warn?: Warn;
};

export type Recorder = {
  /** POST /coupons/{id}/click, when a coupon's modal opens. */
  couponOpened(coupon: Pick<Coupon, 'id'>): Promise<void>;
  /** POST /coupons/{id}/copy and POST /coupons/{id}/usage (retried), after a code was copied. */
  couponCopied(coupon: Pick<Coupon, 'id'>): Promise<void>;
  /** POST /coupons/{id}/feedback {worked}, the shopper's answer to "Did {CODE} work?". */
  couponFeedback(answer: { coupon: Pick<Coupon, 'id'>; worked: boolean }): Promise<void>;
  /** POST /deals/{id}/click, when a deal's link is followed. */
  dealOpened(deal: Pick<Deal, 'id'>): Promise<void>;
  /** POST /search/record {query}. */
  search(query: string): Promise<void>;
  /** Loads what a record needs (the API client and the calls), so the next record leaves at once. */
  prepare(): Promise<void>;
};

export function createRecorder({ enabled, load, warn = console.warn }: RecorderOptions): Recorder {
  const run = async (what: string, call: (api: { client: ApiClient; calls: Calls }) => Promise<unknown>) => {
    if (!enabled) return;
    try {
      await call(await load());
    } catch (error) {
      warn(`Failed to record ${what}:`, error);
    }
  };
  return {
    couponOpened: (coupon) =>
      run('coupon click', ({ client, calls }) => calls.recordCouponClick(client, coupon.id, warn)),
    couponCopied: (coupon) =>
      run('coupon copy', ({ client, calls }) =>
        Promise.all([
          calls.recordCouponCopy(client, coupon.id, warn),
          calls.recordCouponUsage(client, coupon.id).then((result) => {
            if (!result.success) warn('Failed to record coupon usage:', result.error, result.message);
          }),
        ]),
      ),
    couponFeedback: ({ coupon, worked }) =>
      run('coupon feedback', ({ client, calls }) => calls.sendCouponFeedback(client, coupon.id, worked, warn)),
    dealOpened: (deal) => run('deal click', ({ client, calls }) => calls.recordDealClick(client, deal.id, warn)),
    prepare: async () => {
      if (!enabled) return;
      try {
        await load();
      } catch (error) {
        warn('Failed to load the recorder:', error);
      }
    },
    search: (query) =>
      run('search', async ({ client, calls }) => {
        const result = await calls.recordSearch(client, query);
        if (result && !result.success) warn('Failed to record search:', result.error, result.message);
      }),
  };
}

/** The page's recorder on the site's API (loaded by ./tracking.ts in API mode or on an edge site only). */
export const apiRecorder: Recorder = createRecorder({
  enabled: !siteRuntime.staticData || siteRuntime.edgeApi,
  load: async () => {
    const [api, calls] = await Promise.all([loadApiClient(), import('../api/tracking.ts')]);
    return { client: api.getApiClient(), calls };
  },
});
