/**
 * What every page's chrome does in the browser, in one small module (one file to load instead of
 * four, compressed together): the consent banner (src/ads/consent-banner.ts), the language
 * choice remembered from the header's select and the footer's language links, and the search
 * boxes, whose island loads on the first interaction with a box, never with the page (on the
 * search page they show its query from the start).
 * BaseLayout runs `installPageChrome()` once.
 */
import { installConsentBanner } from '../ads/consent-banner.ts';
import { PREFERRED_LANGUAGE_KEY, writePreference } from '../preferences/preferences.ts';

function installLanguageChoice(doc: Document): void {
  for (const select of doc.querySelectorAll<HTMLSelectElement>('[data-language-select]')) {
    const go = () => {
      const option = select.selectedOptions[0];
      const href = option?.dataset.href;
      if (!option || !href) return;
      writePreference(PREFERRED_LANGUAGE_KEY, option.value);
      location.assign(href + location.search + location.hash);
    };
    select.addEventListener('change', go);
    // Chosen before this script ran (it starts after the first paint): the early-click script
    // marked it (src/page-chrome/early-clicks.ts). A value the browser restored on Back fires no change.
    if (select.dataset.earlyChange) {
      delete select.dataset.earlyChange;
      go();
    }
  }
  for (const a of doc.querySelectorAll<HTMLAnchorElement>('[data-set-language]')) {
    a.addEventListener('click', () => writePreference(PREFERRED_LANGUAGE_KEY, a.dataset.setLanguage ?? ''));
  }
}

function installSearchBoxes(doc: Document): void {
  // On the search page the boxes show the query whose results are on screen.
  // (loaded only there: other pages' chrome stays within its budget).
  if (doc.querySelector('[data-search-page]'))
    void import('./search-query.ts').then((m) => m.showQueryInSearchBoxes(doc, m.queryOfSearch(location.search)));
  let loading: Promise<typeof import('../components/search/mount-search-box.tsx')> | undefined;
  const load = () => (loading ??= import('../components/search/mount-search-box.tsx'));
  for (const host of doc.querySelectorAll<HTMLElement>('[data-search-box]')) {
    // Scripts run: a plain-form search is to be recorded by the search page (see SearchSlot.astro).
    for (const field of host.querySelectorAll<HTMLInputElement>('input[type="hidden"]:disabled'))
      field.disabled = false;
    const start = () => {
      host.removeEventListener('focusin', start);
      load().then(
        (m) => m.mountSearchBox(host),
        (error) => console.error('Search box failed to load', error),
      );
    };
    host.addEventListener('focusin', start);
    // Warm up while the pointer comes near, so the box is ready when it gets focus.
    host.addEventListener('pointerenter', () => void load().catch(() => undefined), { once: true });
    if (host.contains(doc.activeElement)) start();
  }
}

export function installPageChrome(doc: Document = document): void {
  // Consent mode "banner" renders the banner (ConsentBanner.astro); other modes have none.
  if (doc.querySelector('[data-consent-banner]')) installConsentBanner(doc);
  installLanguageChoice(doc);
  installSearchBoxes(doc);
  // Clicks on these controls made before now were held (src/page-chrome/early-clicks.ts): replay them.
  doc.documentElement.setAttribute('data-chrome-ready', '');
  doc.dispatchEvent(new Event('page-chrome:ready'));
}
