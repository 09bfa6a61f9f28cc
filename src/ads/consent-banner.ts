/**
 * The built-in consent banner's behaviour (consent mode "banner"), vanilla and tiny: it runs
 * on every page, content pages included, so it imports nothing but the storage module.
 * - "Accept all" / "Reject all" store the choice under `consent`, mark <html data-consent>,
 *   hide the banner and dispatch `consentchange` on document (the ad layer listens);
 * - one delegated listener: ANY element with `data-consent-settings` reopens the banner
 *   (the footer's "Cookie settings", the cookie policy page's button);
 * - reopened, it takes focus; Escape (with a previous choice) closes it; focus goes back.
 * The markup and its texts are static HTML rendered at build time (ConsentBanner.astro).
 */
import { type ConsentChoice, readConsentRecord, writeConsentRecord } from '../preferences/preferences.ts';

/** Also exported by src/stores/consent.ts; the banner stays free of stores. */
export const CONSENT_EVENT = 'consentchange';
export type ConsentChangeDetail = { choice: ConsentChoice; previous: ConsentChoice | null };

export function installConsentBanner(doc: Document = document): void {
  const html = doc.documentElement;
  const banner = doc.querySelector<HTMLElement>('[data-consent-banner]');
  let opener: HTMLElement | null = null;

  const close = () => {
    html.removeAttribute('data-consent-open');
    const back = opener;
    opener = null;
    if (back?.isConnected) back.focus({ preventScroll: true });
  };

  const choose = (choice: ConsentChoice) => {
    const previous = readConsentRecord()?.choice ?? null;
    writeConsentRecord(choice);
    html.setAttribute('data-consent', choice);
    const hadFocus = banner?.contains(doc.activeElement) ?? false;
    close();
    if (hadFocus && doc.activeElement === doc.body) doc.getElementById('main')?.focus({ preventScroll: true });
    doc.dispatchEvent(new CustomEvent<ConsentChangeDetail>(CONSENT_EVENT, { detail: { choice, previous } }));
  };

  doc.addEventListener('click', (e) => {
    const target = e.target as Element | null;
    const settings = target?.closest?.('[data-consent-settings]');
    if (settings && banner) {
      e.preventDefault();
      opener = settings as HTMLElement;
      html.setAttribute('data-consent-open', '');
      banner.querySelector<HTMLElement>('[data-consent-choice]')?.focus();
      return;
    }
    const button = target?.closest?.('[data-consent-choice]');
    if (button && banner?.contains(button)) {
      const choice = button.getAttribute('data-consent-choice');
      if (choice === 'accepted' || choice === 'rejected') choose(choice);
    }
  });

  banner?.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && html.hasAttribute('data-consent-open') && readConsentRecord()) close();
  });
}
