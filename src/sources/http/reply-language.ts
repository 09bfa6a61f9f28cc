/**
 * API replies in the page's language (issue 24, docs/operators.md "API contract: languages").
 * Each request names its language (`lang` and `Accept-Language`), so a plain-string text of a reply
 * is in that language, unless its item (or nested brand/category) says otherwise with its own
 * `"lang"` (an API that fell back). Per-language objects are kept as they are. Brand names are
 * proper names: a plain one is the same in every language.
 *
 * - `inLanguage(item, replyLang)`: a reply item as catalog data (a plain text becomes
 *   `{ "<its language>": "…" }`), what the build's pull merges (fetch-catalog.ts).
 * - `pageLocalizer(pair)`: reply items resolved for a page with the catalog's own per-entity rule
 *   (src/catalog/localize-catalog.ts `createLocalizer`): one language per entity, `lang` on a
 *   fallback.
 */
import { createLocalizer, mark, resolveEntity } from '../../catalog/localize-catalog.ts';
import type { CatalogLanguage, LanguagePair, LocalizedText } from '../../catalog/localized.ts';
import type {
  Brand,
  BrandSummary,
  Category,
  Coupon,
  Deal,
  LocalizedBrand,
  LocalizedCategory,
  LocalizedCoupon,
  LocalizedDeal,
} from '../../catalog/schemas.ts';
import type { SearchSuggestion } from '../../catalog/search-schemas.ts';
import type {
  WireBrand,
  WireBrandSummary,
  WireCategory,
  WireCoupon,
  WireDeal,
  WireHomeData,
  WireSearchResult,
  WireSuggestion,
} from './wire.ts';

/** A plain text in `lang` as catalog data; objects (and neutral brand names) unchanged. */
const textIn =
  (lang: CatalogLanguage) =>
  (v: LocalizedText, neutral = false): LocalizedText =>
    typeof v === 'string' && !neutral ? { [lang]: v } : v;

/** `o` without its `lang` key (a reply's mark is turned into the texts' language). */
function unmarked<T extends { lang?: CatalogLanguage }>(o: T): Omit<T, 'lang'> {
  const { lang: _, ...rest } = o;
  return rest;
}

function ref<T extends { name: LocalizedText; lang?: CatalogLanguage }>(
  r: T | null,
  replyLang: CatalogLanguage,
  neutral = false,
) {
  if (!r) return null;
  return { ...unmarked(r), name: textIn(r.lang ?? replyLang)(r.name, neutral) };
}

/** Reply items as catalog data, texts under the language they are written in. */
export const inLanguage = {
  category(c: WireCategory, replyLang: CatalogLanguage): LocalizedCategory {
    const t = textIn(c.lang ?? replyLang);
    return { ...unmarked(c), name: t(c.name), description: t(c.description) };
  },
  brand(b: WireBrand, replyLang: CatalogLanguage): LocalizedBrand {
    const t = textIn(b.lang ?? replyLang);
    return {
      ...unmarked(b),
      name: t(b.name, true),
      description: t(b.description),
      category: ref(b.category, replyLang),
    };
  },
  coupon(c: WireCoupon, replyLang: CatalogLanguage): LocalizedCoupon {
    const t = textIn(c.lang ?? replyLang);
    return {
      ...unmarked(c),
      name: t(c.name),
      description: t(c.description),
      brand: ref(c.brand, replyLang, true),
      category: ref(c.category, replyLang),
    };
  },
  deal(d: WireDeal, replyLang: CatalogLanguage): LocalizedDeal {
    const t = textIn(d.lang ?? replyLang);
    return {
      ...unmarked(d),
      title: t(d.title),
      description: t(d.description),
      brand: ref(d.brand, replyLang, true),
      category: ref(d.category, replyLang),
    };
  },
};

/**
 * Does a reply write any shopper-facing text as a plain string (one language only, so other
 * languages need their own request)? Brand names do not count: they are the same in every language.
 */
export function hasPlainTexts(
  items: readonly (WireCategory | WireBrand | WireCoupon | WireDeal)[],
  kind: 'category' | 'brand' | 'coupon' | 'deal',
): boolean {
  const plain = (v: LocalizedText | undefined) => typeof v === 'string' && v.trim() !== '';
  return items.some((o) => {
    const x = o as {
      name?: LocalizedText;
      title?: LocalizedText;
      description: LocalizedText;
      category?: { name: LocalizedText } | null;
    };
    return (kind !== 'brand' && plain(x.name)) || plain(x.title) || plain(x.description) || plain(x.category?.name);
  });
}

/**
 * Reply items resolved for a page in `pair.lang` (the language the request asked for): the same
 * per-entity rule as static pages, so one card never mixes languages.
 */
export function pageLocalizer(pair: LanguagePair) {
  const l = createLocalizer(pair);
  const lang = pair.lang;
  const summary = (b: WireBrandSummary): BrandSummary => {
    const name = textIn(b.lang ?? lang)(b.name, true);
    const r = resolveEntity([{ value: name, neutral: true }], pair);
    return { ...unmarked(b), name: r.get(name, true), ...mark(r.chosen, pair) };
  };
  const category = (c: WireCategory): Category => l.category(inLanguage.category(c, lang));
  const brand = (b: WireBrand): Brand => l.brand(inLanguage.brand(b, lang));
  const coupon = (c: WireCoupon): Coupon => l.coupon(inLanguage.coupon(c, lang));
  const deal = (d: WireDeal): Deal => l.deal(inLanguage.deal(d, lang));
  return {
    category,
    brand,
    summary,
    coupon,
    deal,
    suggestion(s: WireSuggestion): SearchSuggestion {
      const t = textIn(s.lang ?? lang);
      // A brand's title and an offer's subtitle are brand names (the same in every language).
      const title = t(s.title, s.type === 'brand');
      const subtitle = t(s.subtitle, s.type === 'coupon' || s.type === 'deal');
      const r = resolveEntity(
        [
          { value: title, neutral: s.type === 'brand' },
          { value: subtitle, neutral: s.type === 'coupon' || s.type === 'deal' },
        ],
        pair,
      );
      return {
        ...unmarked(s),
        title: r.get(title, s.type === 'brand'),
        subtitle: r.get(subtitle, s.type === 'coupon' || s.type === 'deal'),
        ...mark(r.chosen, pair),
      };
    },
    trending: (terms: readonly LocalizedText[]) => l.trending(terms),
    home: (h: WireHomeData) => ({
      stats: h.stats,
      featuredCategories: h.featuredCategories.map(category),
      featuredBrands: h.featuredBrands.map(summary),
      featuredCoupons: h.featuredCoupons.map(coupon),
      featuredDeals: h.featuredDeals.map(deal),
    }),
    search: (r: WireSearchResult) => ({
      coupons: { ...r.coupons, items: r.coupons.items.map(coupon) },
      deals: { ...r.deals, items: r.deals.items.map(deal) },
      brands: r.brands.map(summary),
      categories: r.categories.map(category),
    }),
  };
}
