/** i18next options shared by the build (pages) and the browser (islands). */
import type { InitOptions } from 'i18next';

/** Flat dotted keys ("header.openMenu"), namespaces per feature ("common:nav.home"). */
export function i18nextOptions(lang: string, resources: InitOptions['resources'], ns: string[]): InitOptions {
  return {
    lng: lang,
    fallbackLng: false,
    resources,
    ns,
    defaultNS: ns[0] ?? 'common',
    keySeparator: false,
    nsSeparator: ':',
    initAsync: false,
    returnNull: false,
    // Astro and React escape output themselves; text is never injected as HTML.
    interpolation: { escapeValue: false },
  };
}
