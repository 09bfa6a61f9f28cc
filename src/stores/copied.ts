/**
 * Which coupons were just copied (SPEC §9: the card shows the copied state for 3 s). Its own
 * module: every coupon card reads it, on every page, without the coupons page's filters.
 */
import { atom } from 'nanostores';

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
