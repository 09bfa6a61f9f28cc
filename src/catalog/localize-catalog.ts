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
  Brand,
  BrandRef,
  Catalog,
  Category,
  CategoryRef,
  Coupon,
  Deal,
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
export const mark = (chosen: CatalogLanguage, pair: LanguagePair): { lang?: CatalogLanguage } =>
  chosen === pair.lang ? {} : { lang: chosen };

type Resolved = { chosen: CatalogLanguage; get: (v: LocalizedText | undefined, neutral?: boolean) => string };

/** How one entity's texts resolve on a page: the one language chosen for all of them, and a getter. */
export function resolveEntity(texts: readonly EntityText[], pair: LanguagePair): Resolved {
  const chosen = entityLanguage(texts, pair);
  return { chosen, get: (v, neutral = false) => resolveText(v, chosen, pair.defaultLang, neutral) };
}

type NamedMark = { name: string; lang?: CatalogLanguage };

/**
 * The per-entity resolution of `localizeCatalog`, one entity at a time: the HTTP source resolves
 * each API reply item with it (src/sources/http), the whole-catalog function below every list.
 * Categories and brands resolved first lend their names to the refs of later items (one name per
 * entity on a page); an unknown ref resolves on its own. `fallbacks` counts the texts shown in
 * another language than the page's.
 */
export function createLocalizer(pair: LanguagePair) {
  const state = { fallbacks: 0 };
  const categoryName = new Map<number, NamedMark>();
  const brandName = new Map<number, NamedMark>();

  function resolver(texts: readonly EntityText[]): Resolved {
    const resolved = resolveEntity(texts, pair);
    state.fallbacks += countFallbacks(texts, resolved.chosen, pair);
    return resolved;
  }
  function categoryRef<T extends { id: number; name: LocalizedText }>(ref: T): Omit<T, 'name'> & NamedMark {
    const known = categoryName.get(ref.id);
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
    category: o.category ? (categoryRef(o.category) as CategoryRef) : null,
  });

  return {
    get fallbacks() {
      return state.fallbacks;
    },
    category(c: LocalizedCategory): Category {
      const r = resolver([{ value: c.name }, { value: c.description }]);
      const name = r.get(c.name);
      categoryName.set(c.id, { name, ...mark(r.chosen, pair) });
      return { ...c, name, description: r.get(c.description), ...mark(r.chosen, pair) };
    },
    brand(b: LocalizedBrand): Brand {
      const r = resolver([{ value: b.name, neutral: true }, { value: b.description }]);
      const name = r.get(b.name, true);
      // The name alone decides the mark of lists that show only the name (brand rows, refs).
      const nameLang = entityLanguage([{ value: b.name, neutral: true }], pair);
      brandName.set(b.id, { name, ...mark(nameLang, pair) });
      const category = b.category ? categoryRef(b.category) : null;
      return { ...b, name, description: r.get(b.description), category, ...mark(r.chosen, pair) };
    },
    coupon(c: LocalizedCoupon): Coupon {
      const r = resolver([{ value: c.name }, { value: c.description }]);
      return { ...c, name: r.get(c.name), description: r.get(c.description), ...refs(c), ...mark(r.chosen, pair) };
    },
    deal(d: LocalizedDeal): Deal {
      const r = resolver([{ value: d.title }, { value: d.description }]);
      return { ...d, title: r.get(d.title), description: r.get(d.description), ...refs(d), ...mark(r.chosen, pair) };
    },
    /**
     * A trending term is something to type into search: one with no text in the page's language
     * is left out (a plain string is kept: a single-language catalog's terms).
     */
    trending(terms: readonly LocalizedText[]): string[] {
      return terms.flatMap((term) => {
        if (typeof term === 'string') return [term];
        const t = textIn(term, pair.lang, pair.defaultLang);
        return t ? [t] : [];
      });
    },
  };
}

export function localizeCatalog(source: LocalizedCatalog, pair: LanguagePair): LocalizeResult {
  const l = createLocalizer(pair);
  const categories = source.categories.map(l.category);
  const brands = source.brands.map(l.brand);
  const coupons = source.coupons.map(l.coupon);
  const deals = source.deals.map(l.deal);
  const trending = l.trending(source.trending);
  return { catalog: { ...source, categories, brands, coupons, deals, trending }, fallbacks: l.fallbacks };
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
