/**
 * The built-in sample speaks the shopper's language (issue 24): every shopper-facing text is
 * written in en, es, fr and de, with no English left in the others, articles that agree, and the
 * figure of each card's badge (as the cards format it in that language) in its title.
 */
import { describe, expect, it } from 'vitest';
import { formatPrice } from '../../../src/catalog/display.ts';
import { localizeCatalog } from '../../../src/catalog/localize-catalog.ts';
import { CATALOG_LANGUAGES, type LocalizedText } from '../../../src/catalog/localized.ts';
import { createSampleCatalog, generateCatalog } from '../../../src/catalog/sample.ts';
import type { LocalizedCatalog } from '../../../src/catalog/schemas.ts';
import { discountLabel } from '../../../src/components/coupons/format.ts';
import { createTranslator } from '../../../src/i18n/client.ts';
import { getResources } from '../../../src/i18n/index.ts';

const now = new Date('2026-05-10T12:00:00Z');
const catalogs: Record<string, LocalizedCatalog> = {
  sample: createSampleCatalog(now),
  generated: generateCatalog({ brands: 150, coupons: 1500, deals: 600, seed: 11, now, categories: 14 }),
  'generated without brands': generateCatalog({ brands: 0, coupons: 60, deals: 30, seed: 3, now }),
};
const OTHERS = ['es', 'fr', 'de'] as const;

/** Every shopper-facing text of a catalog, with where it is. */
function texts(c: LocalizedCatalog): { where: string; value: LocalizedText }[] {
  return [
    ...c.categories.flatMap((x) => [
      { where: `category ${x.slug} name`, value: x.name },
      { where: `category ${x.slug} description`, value: x.description },
    ]),
    ...c.brands.flatMap((x) => [
      { where: `brand ${x.slug} description`, value: x.description },
      { where: `brand ${x.slug} category name`, value: x.category!.name },
    ]),
    ...c.coupons.flatMap((x) => [
      { where: `coupon ${x.id} name`, value: x.name },
      { where: `coupon ${x.id} description`, value: x.description },
      { where: `coupon ${x.id} category name`, value: x.category!.name },
    ]),
    ...c.deals.flatMap((x) => [
      { where: `deal ${x.id} title`, value: x.title },
      { where: `deal ${x.id} description`, value: x.description },
      { where: `deal ${x.id} category name`, value: x.category!.name },
    ]),
    ...c.trending.map((value, i) => ({ where: `trending ${i}`, value })),
  ];
}

/**
 * English words that must not show in a Spanish, French or German text ("a", "an", "stock",
 * "standard" are left out: they are Spanish, German or French words too).
 */
const ENGLISH = new Set(
  (
    'off orders order over free shipping while last save buy get one sitewide sells and at on the of now instead ' +
    'with more everything take spend when store deals coupons sales seasonal else second'
  ).split(' '),
);
const brandNames = (c: LocalizedCatalog) => c.brands.map((b) => b.name as string).sort((a, b) => b.length - a.length);
function englishWords(text: string, brands: readonly string[]): string[] {
  let rest = text;
  for (const name of brands) rest = rest.split(name).join(' ');
  return (rest.match(/[\p{L}]+/gu) ?? []).filter((w) => ENGLISH.has(w.toLowerCase()));
}

describe.each(Object.entries(catalogs))('%s catalog in four languages', (_name, catalog) => {
  it('writes every shopper-facing text in en, es, fr and de, none empty; brand names stay proper names', () => {
    const all = texts(catalog);
    expect(all.length).toBeGreaterThan(0);
    for (const { where, value } of all) {
      expect(typeof value, where).toBe('object');
      for (const lang of CATALOG_LANGUAGES)
        expect((value as Record<string, string>)[lang]?.trim(), `${where} ${lang}`).toBeTruthy();
    }
    for (const b of catalog.brands) expect(typeof b.name).toBe('string');
  });

  it('leaves no English in the es, fr and de texts (store names aside)', () => {
    const brands = brandNames(catalog);
    for (const { where, value } of texts(catalog)) {
      const v = value as Record<string, string>;
      for (const lang of OTHERS) {
        expect(englishWords(v[lang]!, brands), `${where} ${lang}: ${v[lang]}`).toEqual([]);
        if (!where.startsWith('trending')) expect(v[lang], `${where} ${lang}`).not.toBe(v.en);
      }
    }
  });

  it('shows every language with no fallback and no lang mark', () => {
    for (const lang of CATALOG_LANGUAGES) {
      const { catalog: one, fallbacks } = localizeCatalog(catalog, { lang, defaultLang: 'en' });
      expect(fallbacks, lang).toBe(0);
      for (const list of [one.categories, one.brands, one.coupons, one.deals])
        for (const item of list) expect(item.lang, `${lang} ${item.id}`).toBeUndefined();
      expect(one.trending).toHaveLength(catalog.trending.length);
    }
  });

  describe.each(CATALOG_LANGUAGES)('%s cards', (lang) => {
    const t = createTranslator(lang, getResources(lang, ['coupons']));
    const { catalog: one } = localizeCatalog(catalog, { lang, defaultLang: 'en' });

    it('a coupon title gives the figure of its badge, as the badge writes it', () => {
      const kinds = new Set<string>();
      for (const c of one.coupons) {
        const badge = discountLabel(t, c, lang);
        kinds.add(c.discountType);
        if (c.discountType === 'percentage') {
          const figure = /\d+ ?%/.exec(badge)![0];
          expect(figure).toMatch(new RegExp(`^${/\d+/.exec(c.discount)![0]}`));
          expect(c.name, `${c.id}: badge "${badge}"`).toContain(figure);
        } else if (c.discountType === 'fixed') {
          const figure = formatPrice(Number(/\d+/.exec(c.discount)![0]), 'USD', lang);
          expect(badge).toContain(figure);
          expect(c.name.startsWith(figure), `${c.id}: "${c.name}" vs badge "${badge}"`).toBe(true);
        } else {
          // Free shipping and "buy one get one": the badge's words start the title.
          expect(c.name.toLowerCase().startsWith(badge.toLowerCase()), `${c.id}: "${c.name}" vs "${badge}"`).toBe(true);
        }
      }
      expect(kinds).toEqual(new Set(['percentage', 'fixed', 'free_shipping', 'bogo']));
    });

    it('a deal title gives the percentage of its badge, and the real one', () => {
      for (const d of one.deals) {
        const badge = discountLabel(t, d, lang);
        const figure = /(\d+) ?%/.exec(badge)!;
        expect(d.title, `${d.id}: badge "${badge}"`).toContain(figure[0]);
        expect(Math.round((1 - d.salePrice! / d.originalPrice!) * 100)).toBe(Number(figure[1]));
      }
    });

    it.skipIf(lang === 'en')('a deal description gives both prices as the card prints them', () => {
      for (const d of one.deals) {
        expect(d.description).toContain(formatPrice(d.salePrice!, 'USD', lang));
        expect(d.description).toContain(formatPrice(d.originalPrice!, 'USD', lang));
      }
    });
  });

  it('says "while stocks last" in every language exactly on deals with a stock', () => {
    const phrase = {
      en: 'While stocks last.',
      es: 'Hasta agotar existencias.',
      fr: 'Dans la limite des stocks disponibles.',
      de: 'Nur solange der Vorrat reicht.',
    };
    expect(catalog.deals.some((d) => d.stock !== null)).toBe(true);
    for (const d of catalog.deals) {
      const description = d.description as Record<string, string>;
      for (const lang of CATALOG_LANGUAGES)
        expect(description[lang]!.endsWith(` ${phrase[lang]}`), `${d.id} ${lang}`).toBe(d.stock !== null);
    }
  });

  it('makes articles agree in "buy one, get one" descriptions', () => {
    const bogo = catalog.coupons.filter((c) => c.discountType === 'bogo');
    expect(bogo.length).toBeGreaterThan(0);
    for (const c of bogo) {
      const { es, fr, de } = c.description as Record<string, string>;
      const esOne = /^Compra (una?|unos) .+ y llévate (\w+) gratis\.$/.exec(es!);
      expect(esOne, es).not.toBeNull();
      expect({ una: 'otra', un: 'otro', unos: 'otros' }[esOne![1]!]).toBe(esOne![2]);
      expect(fr).toMatch(/^Pour (un .+ acheté, le deuxième est offert|une .+ achetée, la deuxième est offerte) /);
      const deOne = /^Kauf (einen|eine|ein) .+ und du bekommst (\w+ \w+) gratis dazu\.$/.exec(de!);
      expect(deOne, de).not.toBeNull();
      expect({ einen: 'einen zweiten', eine: 'eine zweite', ein: 'ein zweites' }[deOne![1]!]).toBe(deOne![2]);
    }
  });
});

describe('the four-language sample', () => {
  it('is deterministic: same now and seed, same texts in every language', () => {
    expect(createSampleCatalog(now)).toEqual(catalogs.sample);
    expect(generateCatalog({ brands: 150, coupons: 1500, deals: 600, seed: 11, now, categories: 14 })).toEqual(
      catalogs.generated,
    );
    const later = createSampleCatalog(new Date(now.getTime() + 3 * 86_400_000));
    expect(later.coupons.map((c) => [c.name, c.description])).toEqual(
      catalogs.sample!.coupons.map((c) => [c.name, c.description]),
    );
  });

  it('keeps the English site as it was: the English texts of a few known items', () => {
    const { catalog } = localizeCatalog(catalogs.sample!, { lang: 'en', defaultLang: 'en' });
    expect(catalog.categories[0]!.name).toBe('Electronics');
    expect(catalog.categories[0]!.description).toBe(
      'Coupons, promo codes and deals on headphones, laptops, smart watches, tablets and more.',
    );
    expect(catalog.brands[0]!.description).toBe(
      'Voltura sells headphones and laptops online, with regular promo codes and seasonal sales.',
    );
    expect(catalog.coupons[0]).toMatchObject({
      name: '15% Off Sitewide',
      description: 'Save 15% on everything at Voltura.',
    });
    expect(catalog.deals[1]).toMatchObject({
      title: '65% Off Bedding at Hearthly',
      description: 'A bedding set now $124.46 instead of $355.61. While stocks last.',
    });
    expect(catalog.trending.slice(0, 2)).toEqual(['free shipping', 'headphones']);
  });

  it('reads as shops write it: a few known items in es, fr and de', () => {
    const c = catalogs.sample!;
    expect(c.categories[0]!.name).toEqual({
      en: 'Electronics',
      es: 'Electrónica',
      fr: 'Électronique',
      de: 'Elektronik',
    });
    expect(c.coupons[2]!.name).toEqual({
      en: '65% Off Lamps',
      es: '65% de descuento en lámparas',
      fr: '65 % de réduction sur les lampes',
      de: '65 % Rabatt auf Lampen',
    });
    const fixed = c.coupons.find((x) => x.discount === '$20 OFF')!;
    expect(fixed.name).toEqual({
      en: '$20 Off Orders Over $80',
      es: '20\u00a0US$ de descuento en pedidos superiores a 80\u00a0US$',
      fr: "20\u00a0$US de réduction dès 80\u00a0$US d'achat",
      de: '20\u00a0$ Rabatt ab 80\u00a0$ Bestellwert',
    });
  });
});
