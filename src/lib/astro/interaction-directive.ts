/**
 * `client:interaction`: hydrates an island on the visitor's first interaction with the page
 * (pointer down or over, touch, key, focus, or a bare click), not before. For islands that show nothing until
 * the visitor acts — the modal host (code modal, deal modal, toast) — so their JavaScript is not
 * part of what a page loads before any interaction. A finger or a mouse reaches the page before
 * its click does, so the island's code loads while the tap is still under way; a click that
 * lands on another island opens its modal through a shared store, which the island reads as soon
 * as it hydrates, so nothing the visitor did is lost.
 *
 * Optional value: a CSS selector; then only interactions inside matching elements count
 * (`client:interaction="[data-open-code]"`).
 */
import type { ClientDirective } from 'astro';

// `click` too: assistive technology (voice control, some screen readers) and scripts may send a
// click with no pointer, key or focus event before it.
export const INTERACTION_EVENTS = ['pointerdown', 'pointerover', 'touchstart', 'keydown', 'focusin', 'click'] as const;

const interaction: ClientDirective = (load, options, _el) => {
  const selector = typeof options.value === 'string' && options.value.trim() ? options.value : null;
  let started = false;
  const stop = () => {
    for (const type of INTERACTION_EVENTS) document.removeEventListener(type, onEvent, true);
  };
  async function onEvent(event: Event) {
    if (started) return;
    if (selector && !(event.target instanceof Element && event.target.closest(selector))) return;
    started = true;
    stop();
    const hydrate = await load();
    await hydrate();
  }
  for (const type of INTERACTION_EVENTS) document.addEventListener(type, onEvent, { capture: true, passive: true });
};

export default interaction;
