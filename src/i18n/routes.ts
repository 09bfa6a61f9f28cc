/** getStaticPaths helpers: one page per supported language, default language unprefixed. */
import { site } from '../config/site.ts';

export interface LangProps {
  lang: string;
}

export function localeStaticPaths() {
  const def = site.site.defaultLanguage;
  return site.site.supportedLanguages.map((lang) => ({
    params: { lang: lang === def ? undefined : lang },
    props: { lang },
  }));
}

/** Crosses every language with a list of extra params (e.g. one page per brand). */
export function localeStaticPathsWith<P extends Record<string, string>, X extends object>(
  items: { params: P; props: X }[],
) {
  return localeStaticPaths().flatMap((l) =>
    items.map((item) => ({ params: { ...l.params, ...item.params }, props: { ...l.props, ...item.props } })),
  );
}
