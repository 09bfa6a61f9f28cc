/**
 * Tracking calls from the modals, loaded on demand so the API client is not part of the
 * JavaScript a page loads before any interaction. Failures are only logged (SPEC §7).
 */
import type { Coupon, Deal } from '../../catalog/schemas.ts';

const api = () => import('../../data/browser-source.ts').then((m) => m.getApiClient());
const calls = () => import('../../api/tracking.ts');

const warn = (what: string) => (error: unknown) => console.warn(`Failed to record ${what}:`, error);

export function trackCouponClick(coupon: Pick<Coupon, 'id'>): void {
  Promise.all([api(), calls()])
    .then(([client, t]) => t.recordCouponClick(client, coupon.id))
    .catch(warn('coupon click'));
}

/** POST /coupons/{id}/usage, retried 3 times with a doubling delay from 1 s. */
export function trackCouponUsage(coupon: Pick<Coupon, 'id'>): void {
  Promise.all([api(), calls()])
    .then(async ([client, t]) => {
      const result = await t.recordCouponUsage(client, coupon.id);
      if (!result.success) console.warn('Failed to record coupon usage:', result.error, result.message);
    })
    .catch(warn('coupon usage'));
}

export function trackDealClick(deal: Pick<Deal, 'id'>): void {
  Promise.all([api(), calls()])
    .then(([client, t]) => t.recordDealClick(client, deal.id))
    .catch(warn('deal click'));
}
