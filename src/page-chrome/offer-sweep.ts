/**
 * Pre-rendered offers that ended since the build are never shown (docs/offer-truth.md), even
 * before their island hydrates or on a page whose island has not loaded yet.
 * Each card carries `data-ends-at` (its end in epoch ms, from src/catalog/offer-time.ts
 * `endTime`; statuses were judged at build time). This tiny inline script, placed before the
 * first card (OfferSweep.astro), hides the grid item of every card whose end is at or before the
 * visitor's clock: as the parser adds cards (a MutationObserver, whose callbacks run before the
 * browser paints them), then once more at each next end while the page is open (islands remove
 * those cards too, and correct their counts, as soon as they hydrate). A hidden item takes no
 * room, so nothing moves: the first frame is already without it.
 */
export function installOfferSweep(doc: Document): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const sweep = () => {
    const now = Date.now();
    let next = Number.POSITIVE_INFINITY;
    for (const el of doc.querySelectorAll('[data-ends-at]')) {
      const end = Number(el.getAttribute('data-ends-at'));
      if (!Number.isFinite(end)) continue;
      if (end <= now) {
        const box = (el.closest('li') ?? el) as HTMLElement;
        if (!box.hidden) {
          box.hidden = true;
          box.setAttribute('data-offer-ended', '');
        }
      } else if (end < next) next = end;
    }
    return next;
  };
  const observer = new MutationObserver(sweep);
  observer.observe(doc.documentElement, { childList: true, subtree: true });
  const later = () => {
    const next = sweep();
    clearTimeout(timer);
    if (next !== Number.POSITIVE_INFINITY) timer = setTimeout(later, Math.min(2_147_483_647, next - Date.now()));
  };
  doc.addEventListener('DOMContentLoaded', () => {
    observer.disconnect();
    later();
  });
  doc.addEventListener('visibilitychange', () => {
    if (doc.visibilityState === 'visible') later();
  });
}

/** The inline <script> body of OfferSweep.astro. */
export function offerSweepScript(): string {
  return `(${installOfferSweep.toString()})(document);`;
}
