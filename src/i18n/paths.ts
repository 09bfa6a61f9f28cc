/** Localized path helpers: the default language is unprefixed, others live under /<lang>/. */

/** "/coupons" + "es" → "/es/coupons"; "/" + "es" → "/es"; default language → unchanged. */
export function localizePath(path: string, lang: string, defaultLang: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (lang === defaultLang) return clean;
  return clean === '/' ? `/${lang}` : `/${lang}${clean}`;
}

/** Splits "/es/coupons?x" into { lang: "es", path: "/coupons" } for a supported language. */
export function splitLocale(
  pathname: string,
  languages: readonly string[],
  defaultLang: string,
): { lang: string; path: string } {
  const m = /^\/([a-z]{2})(?=\/|$)(.*)$/.exec(pathname);
  if (m?.[1] && m[1] !== defaultLang && languages.includes(m[1])) {
    return { lang: m[1], path: m[2] || '/' };
  }
  return { lang: defaultLang, path: pathname || '/' };
}

/** An absolute URL on the site, without a trailing slash (except the root). */
export function absoluteUrl(origin: string, path: string): string {
  const base = origin.replace(/\/$/, '');
  return path === '/' ? `${base}/` : `${base}${path}`;
}
