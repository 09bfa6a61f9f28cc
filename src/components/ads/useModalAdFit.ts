/**
 * Keeps the code modal's main button in view (issue 25): before the first paint the modal
 * measures where "Copy Code & Visit Store" landed; when a top ad pushed it below the visible
 * part of the modal (a 360x640 phone), the ad shrinks to 320x50, then goes. Layout effects run
 * before paint, so the shopper never sees the bigger box. A bottom ad sits below the button and
 * is kept.
 */
import { type RefObject, useLayoutEffect, useState } from 'react';
import { buttonInView, type ModalAdPlacement, modalAdMaxWidth, smallerModalAd } from '../../ads/modal-placement.ts';

/** The nearest scrolling ancestor (the modal panel), or null. */
function scroller(el: HTMLElement): HTMLElement | null {
  for (let p = el.parentElement; p; p = p.parentElement) {
    const o = getComputedStyle(p).overflowY;
    if (o === 'auto' || o === 'scroll') return p;
  }
  return null;
}

export function useModalAdFit(
  ad: ModalAdPlacement | null,
  button: RefObject<HTMLElement | null>,
): ModalAdPlacement | null {
  const [placed, setPlaced] = useState(ad);
  useLayoutEffect(() => {
    const el = button.current;
    if (placed?.position !== 'top' || !el) return;
    const rect = el.getBoundingClientRect();
    const panel = scroller(el)?.getBoundingClientRect();
    const top = Math.max(0, panel?.top ?? 0);
    const bottom = Math.min(window.innerHeight, panel?.bottom ?? window.innerHeight);
    if (!buttonInView(rect, top, bottom)) setPlaced(smallerModalAd(placed, modalAdMaxWidth(window.innerWidth)));
  }, [placed, button]);
  return placed;
}
