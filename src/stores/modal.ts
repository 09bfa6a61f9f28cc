/**
 * Which shopper modal is open (code modal or deal modal), shared by every grid island and the
 * one modal host (src/components/modals/ModalRoot.tsx). Opening remembers the element that
 * opened it; closing gives focus back to it. Opening a coupon records the click (SPEC §7).
 * What the open modals do (copy, visit the store) is in ./modal-actions.ts, loaded with the
 * modals themselves on the first interaction, not with every card.
 */
import { atom } from 'nanostores';
import type { Coupon, Deal } from '../catalog/schemas.ts';
import { records } from './tracking.ts';

type Focusable = { focus(options?: FocusOptions): void; isConnected?: boolean };

export type ModalState =
  | { kind: 'none' }
  | { kind: 'coupon'; coupon: Coupon; toastOnCopy: boolean; returnFocus: Focusable | null; openedAt: number }
  | { kind: 'deal'; deal: Deal; returnFocus: Focusable | null; openedAt: number };

export const $modal = atom<ModalState>({ kind: 'none' });

let opened = 0;

export type OpenOptions = {
  /** The button that opened the modal: focus returns to it on close. */
  trigger?: Focusable | null;
};

/** Open the code modal. `toastOnCopy`: also show "Coupon code copied!" (the coupons list does). */
export function openCouponModal(coupon: Coupon, options: OpenOptions & { toastOnCopy?: boolean } = {}): void {
  void records.couponOpened(coupon);
  $modal.set({
    kind: 'coupon',
    coupon,
    toastOnCopy: options.toastOnCopy ?? false,
    returnFocus: options.trigger ?? null,
    openedAt: ++opened,
  });
}

export function openDealModal(deal: Deal, options: OpenOptions = {}): void {
  $modal.set({ kind: 'deal', deal, returnFocus: options.trigger ?? null, openedAt: ++opened });
}

/** Close whatever is open and give focus back to the element that opened it. */
export function closeModal(): void {
  const current = $modal.get();
  if (current.kind === 'none') return;
  $modal.set({ kind: 'none' });
  const target = current.returnFocus;
  if (target) focusSoon(target);
}

/**
 * Focus `target` once the modal has unmounted (the page behind it is inert until then):
 * tries now and again on the next few ticks until the element really has focus.
 */
export function focusSoon(target: Focusable, attempts = 5): void {
  const tryFocus = (left: number) => {
    if (target.isConnected === false) return;
    try {
      target.focus({ preventScroll: true });
    } catch {
      return;
    }
    const active = typeof document === 'undefined' ? target : document.activeElement;
    if (active !== target && left > 0) setTimeout(() => tryFocus(left - 1), 0);
  };
  tryFocus(attempts);
}
