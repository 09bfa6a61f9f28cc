/**
 * What the reference API serves of its catalog (server.ts): the code health it counted merged
 * into the coupons, and the language of a request (issue 24).
 */
import { type CatalogLanguage, isCatalogLanguage, type LocalizedText } from '../../../src/catalog/localized.ts';
import type { LocalizedCatalog } from '../../../src/catalog/schemas.ts';
import { mergeHealth } from '../../../src/server/handlers.ts';
import type { CouponHealthRow } from './store.ts';

/**
 * The catalog's coupons with the store's counts: votes, lastWorkedAt and lastFailedAt are what
 * this server counted (absent when nobody answered), never a catalog file's figures; verifiedAt
 * is the catalog's (an operator's check, not a count).
 */
export function withHealth<C extends LocalizedCatalog>(catalog: C, health: ReadonlyMap<number, CouponHealthRow>): C {
  const coupons = catalog.coupons.map((c) => mergeHealth(c, health.get(c.id)) as typeof c);
  return { ...catalog, coupons };
}

/** The languages of an `Accept-Language` value, most wanted first ("q=0" ones left out). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((x) => x.tag !== '' && Number.isFinite(x.q) && x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((x) => x.tag);
}

/**
 * The language a request is answered in: its `lang` parameter when that is a catalog language,
 * else the first catalog language of its `Accept-Language` ("es-MX" counts as "es"), else `fallback`.
 */
export function requestLanguage(
  query: URLSearchParams,
  acceptLanguage: string | undefined,
  fallback: CatalogLanguage = 'en',
): CatalogLanguage {
  const base = (tag: string | null | undefined) => tag?.trim().toLowerCase().split(/[-_]/)[0];
  const asked = base(query.get('lang'));
  if (isCatalogLanguage(asked)) return asked;
  return acceptedLanguages(acceptLanguage).map(base).find(isCatalogLanguage) ?? fallback;
}

/**
 * The catalog with every text as a per-language object (`{ "en": "…" }` for a plain string of the
 * default language; plain brand names stay: proper names), so a file saved from GET /api/catalog
 * means the same on a site whose default language is another one.
 */
export function explicitLanguages(catalog: LocalizedCatalog, defaultLang: CatalogLanguage): LocalizedCatalog {
  const t = (v: LocalizedText): LocalizedText => (typeof v === 'string' ? (v === '' ? v : { [defaultLang]: v }) : v);
  const ref = <R extends { name: LocalizedText }>(r: R | null, neutral = false) =>
    r && !neutral ? { ...r, name: t(r.name) } : r;
  return {
    ...catalog,
    categories: catalog.categories.map((c) => ({ ...c, name: t(c.name), description: t(c.description) })),
    brands: catalog.brands.map((b) => ({ ...b, description: t(b.description), category: ref(b.category) })),
    coupons: catalog.coupons.map((c) => ({
      ...c,
      name: t(c.name),
      description: t(c.description),
      category: ref(c.category),
    })),
    deals: catalog.deals.map((d) => ({
      ...d,
      title: t(d.title),
      description: t(d.description),
      category: ref(d.category),
    })),
  };
}
