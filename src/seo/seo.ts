/** Per-page SEO data: title, description, canonical, hreflang alternates and JSON-LD. */
import { searchEnabled } from '../config/features.ts';
import { localize, type SiteConfig } from '../config/schema.ts';
import { absoluteUrl, localizePath } from '../i18n/paths.ts';

export interface Crumb {
  name: string;
  /** Unlocalized path; the last crumb may omit it (the current page). */
  path?: string;
}

export interface PageSeoInput {
  site: SiteConfig;
  lang: string;
  path: string;
  origin: string;
  title?: string;
  description?: string;
  breadcrumbs?: Crumb[];
  homeLabel: string;
}

export function pageSeo(input: PageSeoInput) {
  const { site, lang, path, origin } = input;
  const def = site.site.defaultLanguage;
  const siteTitle = localize(site.seo.title, lang, def);
  const title = input.title ? `${input.title} | ${site.site.name}` : siteTitle;
  const description = input.description ?? localize(site.seo.description, lang, def);
  const canonical = absoluteUrl(origin, localizePath(path, lang, def));
  const alternates = [
    ...site.site.supportedLanguages.map((l) => ({
      hreflang: l,
      href: absoluteUrl(origin, localizePath(path, l, def)),
    })),
    { hreflang: 'x-default', href: absoluteUrl(origin, localizePath(path, def, def)) },
  ];
  const jsonLd: object[] = [];
  if (path === '/') {
    jsonLd.push(
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: site.site.name,
        url: absoluteUrl(origin, '/'),
        logo: absoluteUrl(origin, site.branding.logo.light),
        sameAs: site.content.socialLinks.map((s) => s.url),
      },
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: site.site.name,
        url: absoluteUrl(origin, localizePath('/', lang, def)),
        inLanguage: lang,
        // The sitelinks search box points at /search: only when the site has it.
        ...(searchEnabled(site)
          ? {
              potentialAction: {
                '@type': 'SearchAction',
                target: `${absoluteUrl(origin, localizePath('/search', lang, def))}?q={search_term_string}`,
                'query-input': 'required name=search_term_string',
              },
            }
          : {}),
      },
    );
  }
  const crumbs = input.breadcrumbs ?? [];
  if (crumbs.length > 0) {
    const items = [{ name: input.homeLabel, path: '/' }, ...crumbs];
    jsonLd.push({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: items.map((c, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: c.name,
        ...(c.path !== undefined || i === items.length - 1
          ? { item: absoluteUrl(origin, localizePath(c.path ?? path, lang, def)) }
          : {}),
      })),
    });
  }
  return { title, description, canonical, alternates, jsonLd };
}

export interface ListEntry {
  name: string;
  /** Unlocalized site path (e.g. "/brands/acme") or an absolute URL. */
  path?: string | null;
}

/**
 * schema.org ItemList for a list a page shows (names and, where the item has a page, its URL).
 * Promo codes and deals are never described as Product or Offer.
 */
export function itemListJsonLd(
  name: string,
  entries: ListEntry[],
  opts: { origin: string; lang: string; defaultLang: string },
): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    numberOfItems: entries.length,
    itemListElement: entries.map((e, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: e.name,
      ...(e.path
        ? {
            url: /^https?:\/\//.test(e.path)
              ? e.path
              : absoluteUrl(opts.origin, localizePath(e.path, opts.lang, opts.defaultLang)),
          }
        : {}),
    })),
  };
}
