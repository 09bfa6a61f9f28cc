/**
 * One page language's `Catalog` from a catalog in every language (issue 24): each entity's
 * texts come all from one language (src/catalog/localized.ts `entityLanguage`), and an entity
 * shown in another language than the page's carries `lang` (rendered as a `lang` attribute).
 * Nested brand and category refs take the names their entities resolve to. Pure.
 */
import {
  type CatalogLanguage,
  countFallbacks,
  type EntityText,
  entityLanguage,
  type LanguagePair,
  type LocalizedText,
  resolveText,
  textIn,
} from './localized.ts';
import type {
  BrandRef,
  Catalog,
  CategoryRef,
  LocalizedBrand,
  LocalizedCatalog,
  LocalizedCategory,
  LocalizedCoupon,
  LocalizedDeal,
} from './schemas.ts';

export type LocalizeResult = {
  catalog: Catalog;
  /** How many texts are shown in another language than the page's (marked fallbacks). */
  fallbacks: number;
};

/** `{ lang }` when `chosen` is not the page's language, else nothing (no key at all). */
const mark = (chosen: CatalogLanguage, pair: LanguagePair): { lang?: CatalogLanguage } =>
  chosen === pair.lang ? {} : { lang: chosen };

type Resolved = { chosen: CatalogLanguage; get: (v: LocalizedText | undefined, neutral?: boolean) => string };

function resolver(texts: readonly EntityText[], pair: LanguagePair, count: (n: number) => void): Resolved {
  const chosen = entityLanguage(texts, pair);
  count(countFallbacks(texts, chosen, pair));
  return { chosen, get: (v, neutral = false) => resolveText(v, chosen, pair.defaultLang, neutral) };
}

export function localizeCatalog(source: LocalizedCatalog, pair: LanguagePair): LocalizeResult {
  let fallbacks = 0;
  const count = (n: number) => {
    fallbacks += n;
  };

  const categoryName = new Map<number, { name: string; lang?: CatalogLanguage }>();
  const categories = source.categories.map((c: LocalizedCategory) => {
    const r = resolver([{ value: c.name }, { value: c.description }], pair, count);
    const name = r.get(c.name);
    categoryName.set(c.id, { name, ...mark(r.chosen, pair) });
    return { ...c, name, description: r.get(c.description), ...mark(r.chosen, pair) };
  });

  const brandName = new Map<number, { name: string; lang?: CatalogLanguage }>();
  const brands = source.brands.map((b: LocalizedBrand) => {
    const r = resolver([{ value: b.name, neutral: true }, { value: b.description }], pair, count);
    const name = r.get(b.name, true);
    // The name alone decides the mark of lists that show only the name (brand rows, refs).
    const nameLang = entityLanguage([{ value: b.name, neutral: true }], pair);
    brandName.set(b.id, { name, ...mark(nameLang, pair) });
    const category = b.category ? categoryRef(b.category, b.category.id) : null;
    return { ...b, name, description: r.get(b.description), category, ...mark(r.chosen, pair) };
  });

  function categoryRef<T extends { id: number; name: LocalizedText }>(ref: T, id: number) {
    const known = categoryName.get(id);
    if (known) return { ...ref, ...known };
    const chosen = entityLanguage([{ value: ref.name }], pair);
    return { ...ref, name: resolveText(ref.name, chosen, pair.defaultLang), ...mark(chosen, pair) };
  }
  function brandRef(ref: { id: number; name: LocalizedText } & Omit<BrandRef, 'name'>): BrandRef {
    const known = brandName.get(ref.id);
    if (known) return { ...ref, ...known };
    const chosen = entityLanguage([{ value: ref.name, neutral: true }], pair);
    return { ...ref, name: resolveText(ref.name, chosen, pair.defaultLang, true), ...mark(chosen, pair) };
  }
  const refs = (o: LocalizedCoupon | LocalizedDeal) => ({
    brand: o.brand ? brandRef(o.brand) : null,
    category: o.category ? (categoryRef(o.category, o.category.id) as CategoryRef) : null,
  });

  const coupons = source.coupons.map((c) => {
    const r = resolver([{ value: c.name }, { value: c.description }], pair, count);
    return { ...c, name: r.get(c.name), description: r.get(c.description), ...refs(c), ...mark(r.chosen, pair) };
  });
  const deals = source.deals.map((d) => {
    const r = resolver([{ value: d.title }, { value: d.description }], pair, count);
    return { ...d, title: r.get(d.title), description: r.get(d.description), ...refs(d), ...mark(r.chosen, pair) };
  });

  // A trending term is something to type into search: one with no text in the page's language
  // is left out (a plain string is kept: a single-language catalog's terms).
  const trending = source.trending.flatMap((term) => {
    if (typeof term === 'string') return [term];
    const t = textIn(term, pair.lang, pair.defaultLang);
    return t ? [t] : [];
  });

  return { catalog: { ...source, categories, brands, coupons, deals, trending }, fallbacks };
}

/**
 * One build-log line: per language of a site, how many catalog texts are shown in another
 * language (marked fallbacks), e.g. `Catalog text: en 0, es 12 fell back to en, …`.
 */
export function describeFallbacks(
  siteId: string,
  catalog: LocalizedCatalog,
  site: { defaultLanguage: string; supportedLanguages: readonly string[] },
): string {
  const defaultLang = site.defaultLanguage as CatalogLanguage;
  const parts = site.supportedLanguages.map((l) => {
    const n = localizeCatalog(catalog, { lang: l as CatalogLanguage, defaultLang }).fallbacks;
    return n === 0 ? `${l} all translated` : `${l} ${n} text(s) shown in another language`;
  });
  return `  Catalog text of site "${siteId}": ${parts.join(', ')}`;
}
