/**
 * Coupon UI state shared across islands: which coupons were just copied (3 s, SPEC §9), the
 * coupons page filters (mirrored in the URL by the listing island) and the grid/list view.
 */
import { atom, map } from 'nanostores';
import { type CouponFilters, EMPTY_COUPON_FILTERS } from '../lib/listing.ts';

export const COPIED_MS = 3000;

export const $copiedCoupons = atom<ReadonlySet<number>>(new Set());

const timers = new Map<number, ReturnType<typeof setTimeout>>();

/** Mark a coupon as copied for 3 s (its card shows the copied state). */
export function markCouponCopied(id: number, ms = COPIED_MS): void {
  const next = new Set($copiedCoupons.get());
  next.add(id);
  $copiedCoupons.set(next);
  const old = timers.get(id);
  if (old) clearTimeout(old);
  timers.set(
    id,
    setTimeout(() => {
      timers.delete(id);
      const after = new Set($copiedCoupons.get());
      after.delete(id);
      $copiedCoupons.set(after);
    }, ms),
  );
}

/** Coupons page filters (SPEC §5 "Query params"). */
export const $couponFilters = map<CouponFilters>({ ...EMPTY_COUPON_FILTERS });

export function setCouponFilters(next: Partial<CouponFilters>): void {
  $couponFilters.set({ ...$couponFilters.get(), ...next });
}

export type ListingView = 'grid' | 'list';
export const $couponView = atom<ListingView>('grid');
