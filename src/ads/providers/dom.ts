/** Small DOM helpers shared by the providers and the slot runner (browser only). */
import { createViewabilityMeter } from '../core/viewability.ts';

type Win = Window & typeof globalThis;

/** SPEC §9: the visibility observer margin. */
export const VISIBILITY_MARGIN_PX = 50;

/** Resolves once `el` is within 50 px of the viewport and has a width (push only then). */
export function whenVisibleWithWidth(el: Element, win: Window, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const Observer = (win as Win).IntersectionObserver;
    const ready = () => (el as HTMLElement).clientWidth > 0;
    if (!Observer) {
      if (ready()) resolve();
      else reject(new Error('No slot width'));
      return;
    }
    const io = new Observer(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && ready()) {
          io.disconnect();
          resolve();
        }
      },
      { rootMargin: `${VISIBILITY_MARGIN_PX}px` },
    );
    io.observe(el);
    signal.addEventListener(
      'abort',
      () => {
        io.disconnect();
        reject(new Error('aborted'));
      },
      { once: true },
    );
  });
}

/** Feeds the MRC meter from IntersectionObserver and the tab's visibility. Returns dispose. */
export function observeViewability(
  el: Element,
  size: { width: number; height: number },
  win: Window,
  onViewable: () => void,
): () => void {
  const Observer = (win as Win).IntersectionObserver;
  if (!Observer) return () => {};
  const meter = createViewabilityMeter({ ...size, onViewable });
  let ratio = 0;
  const visible = () => win.document.visibilityState !== 'hidden';
  const io = new Observer(
    (entries) => {
      for (const e of entries) ratio = e.isIntersecting ? e.intersectionRatio : 0;
      meter.update(ratio, visible());
    },
    { threshold: [0, 0.3, 0.5, 0.75, 1] },
  );
  io.observe(el);
  const onVisibility = () => meter.update(ratio, visible());
  win.document.addEventListener('visibilitychange', onVisibility);
  return () => {
    io.disconnect();
    meter.dispose();
    win.document.removeEventListener('visibilitychange', onVisibility);
  };
}

/** Waits for an attribute on `el` to take a value; returns a promise and a stop function. */
export function watchAttribute(el: Element, name: string, win: Window): { value: Promise<string>; stop: () => void } {
  let stop = () => {};
  const value = new Promise<string>((resolve) => {
    const now = el.getAttribute(name);
    if (now) return resolve(now);
    const mo = new (win as Win).MutationObserver(() => {
      const v = el.getAttribute(name);
      if (v) {
        mo.disconnect();
        resolve(v);
      }
    });
    mo.observe(el, { attributes: true, attributeFilter: [name] });
    stop = () => mo.disconnect();
  });
  return { value, stop: () => stop() };
}
