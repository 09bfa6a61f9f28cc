import { describe, expect, it } from 'vitest';
import { describeFallbacks, localizeCatalog } from '../../../src/catalog/localize-catalog.ts';
import { entityLanguage, foldText, resolveText, textIn } from '../../../src/catalog/localized.ts';
import { parseCatalog } from '../../../src/catalog/parse-catalog.ts';
import { queryTokens, tokenize } from '../../../src/catalog/query.ts';
import { type LocalizedCatalog, localizedTextSchema } from '../../../src/catalog/schemas.ts';

const pair = (lang: 'en' | 'es' | 'fr' | 'de') => ({ lang, defaultLang: 'en' as const });

describe('localizedTextSchema: a string or a per-language object', () => {
  it('accepts a plain string and an object of known languages', () => {
    expect(localizedTextSchema.safeParse('Electronics').success).toBe(true);
    expect(localizedTextSchema.safeParse({ en: 'Electronics', es: 'Electrónica' }).success).toBe(true);
    expect(localizedTextSchema.safeParse({ de: 'Elektronik' }).success).toBe(true);
  });

  it('refuses an unknown language code with its path and the languages it knows', () => {
    const r = localizedTextSchema.safeParse({ en: 'Shoes', pt: 'Sapatos' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['pt']);
    expect(r.error?.issues[0]?.message).toBe('Unknown language "pt": use one of en, es, fr, de');
  });

  it('refuses an empty object, a non-text value and a number', () => {
    expect(localizedTextSchema.safeParse({}).error?.issues[0]?.message).toMatch(/at least one language/);
    expect(localizedTextSchema.safeParse({ es: 5 }).error?.issues[0]?.path).toEqual(['es']);
    expect(localizedTextSchema.safeParse(42).success).toBe(false);
    expect(localizedTextSchema.safeParse(undefined).success).toBe(false);
  });

  it('a catalog file with an unknown code drops that item and names the full JSON path', () => {
    const parsed = parseCatalog({
      categories: [
        {
          id: 1,
          slug: 'shoes',
          name: { en: 'Shoes', xx: 'Zapatos' },
          description: '',
          icon: '👟',
          color: '#000000',
          totalCoupons: 0,
          totalDeals: 0,
          featured: false,
          createdAt: null,
          updatedAt: null,
        },
      ],
      brands: [],
      coupons: [],
      deals: [],
      stats: { totalCoupons: 0, totalDeals: 0, totalBrands: 0, totalSavings: 0 },
      trending: [{ en: 'shoes', es: 'zapatos' }],
    });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.catalog.categories).toHaveLength(0);
    expect(parsed.problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      'categories[0].name.xx: Unknown language "xx": use one of en, es, fr, de',
    ]);
  });
});

describe('resolution', () => {
  it('a plain string is the default language; a plain brand name is every language', () => {
    expect(textIn('Shoes', 'en', 'en')).toBe('Shoes');
    expect(textIn('Shoes', 'es', 'en')).toBeUndefined();
    expect(textIn('Acme', 'es', 'en', true)).toBe('Acme');
  });

  it('an entity takes the page language only when it has all its texts in it', () => {
    const full = [{ value: { en: 'A', es: 'A-es' } }, { value: { en: 'B', es: 'B-es' } }];
    const half = [{ value: { en: 'A', es: 'A-es' } }, { value: { en: 'B' } }];
    expect(entityLanguage(full, pair('es'))).toBe('es');
    expect(entityLanguage(half, pair('es'))).toBe('en');
    // An empty description does not need a translation.
    expect(entityLanguage([{ value: { en: 'A', es: 'A-es' } }, { value: '' }], pair('es'))).toBe('es');
    expect(resolveText({ en: 'B' }, 'es', 'en')).toBe('B');
    expect(resolveText({ fr: 'seul' }, 'es', 'en')).toBe('seul');
  });
});

const catalog: LocalizedCatalog = {
  categories: [
    {
      id: 1,
      slug: 'electronics',
      name: { en: 'Electronics', es: 'Electrónica' },
      description: { en: 'Gadgets', es: 'Aparatos' },
      icon: '💻',
      color: '#2563eb',
      totalCoupons: 2,
      totalDeals: 0,
      featured: true,
      createdAt: null,
      updatedAt: null,
    },
  ],
  brands: [
    {
      id: 7,
      slug: 'acme',
      name: 'Acme',
      description: { en: 'Acme sells gadgets.', es: 'Acme vende aparatos.' },
      logo: null,
      siteUrl: null,
      originUrl: null,
      trackingUrl: null,
      uniqueName: null,
      categoryId: 1,
      country: null,
      featured: false,
      supportedCountries: [],
      status: 1,
      totalCoupons: 2,
      totalDeals: 0,
      createdAt: null,
      updatedAt: null,
      category: { id: 1, slug: 'electronics', name: 'Electronics', icon: '💻', totalCoupons: 2 },
    },
  ],
  coupons: [1, 2].map((id) => ({
    id,
    brandId: 7,
    categoryId: 1,
    code: `CODE${id}`,
    // Coupon 1 is translated; coupon 2 has a Spanish name but no Spanish description.
    name:
      id === 1
        ? { en: '20% Off Laptops', es: '20 % de descuento en portátiles' }
        : { en: 'Free Shipping', es: 'Envío gratis' },
    description: id === 1 ? { en: 'On every laptop.', es: 'En todos los portátiles, envío incluido.' } : 'Any order.',
    discount: '20%',
    discountType: 'percentage' as const,
    featured: false,
    exclusive: false,
    verified: false,
    successRate: null,
    status: null,
    startsAt: null,
    expiresAt: null,
    link: null,
    createdAt: null,
    updatedAt: null,
    brand: { id: 7, slug: 'acme', name: 'Acme', logo: null },
    category: { id: 1, slug: 'electronics', name: 'Electronics', icon: '💻', color: '#2563eb' },
  })),
  deals: [],
  stats: { totalCoupons: 2, totalDeals: 0, totalBrands: 1, totalSavings: 0 },
  trending: [{ en: 'laptops', es: 'portátiles' }, { en: 'headphones' }, 'acme'],
};

describe('localizeCatalog', () => {
  it('gives the page language and marks nothing when everything is translated', () => {
    const { catalog: es } = localizeCatalog(catalog, pair('es'));
    const c1 = es.coupons[0]!;
    expect(c1.name).toBe('20 % de descuento en portátiles');
    expect(c1.lang).toBeUndefined();
    expect(c1.category?.name).toBe('Electrónica');
    expect(es.brands[0]!.category?.name).toBe('Electrónica');
    expect(es.brands[0]!.description).toBe('Acme vende aparatos.');
    expect('lang' in es.brands[0]!).toBe(false);
  });

  it('never mixes languages in one offer: a missing translation shows the whole offer in the default language, marked', () => {
    const { catalog: es, fallbacks } = localizeCatalog(catalog, pair('es'));
    const c2 = es.coupons[1]!;
    expect([c2.name, c2.description, c2.lang]).toEqual(['Free Shipping', 'Any order.', 'en']);
    // Both texts are shown in English, though the name has a Spanish version.
    expect(fallbacks).toBe(2);
  });

  it('the default language page marks nothing and counts no fallback', () => {
    const { catalog: en, fallbacks } = localizeCatalog(catalog, pair('en'));
    expect(en.coupons.map((c) => c.name)).toEqual(['20% Off Laptops', 'Free Shipping']);
    expect(en.coupons.every((c) => c.lang === undefined)).toBe(true);
    expect(fallbacks).toBe(0);
  });

  it('keeps trending terms of the page language (and plain ones), never another language’s', () => {
    expect(localizeCatalog(catalog, pair('es')).catalog.trending).toEqual(['portátiles', 'acme']);
    expect(localizeCatalog(catalog, pair('fr')).catalog.trending).toEqual(['acme']);
  });

  it('reports fallbacks per language in one build-log line', () => {
    expect(describeFallbacks('demo', catalog, { defaultLanguage: 'en', supportedLanguages: ['en', 'es'] })).toBe(
      '  Catalog text of site "demo": en all translated, es 2 text(s) shown in another language',
    );
  });
});

describe('accent folding', () => {
  it('folds accents, case and ß so "envio" finds "Envío"', () => {
    expect(foldText('Envío GRATIS')).toBe('envio gratis');
    expect(foldText('Straße')).toBe('strasse');
    expect(foldText('Élégance œuvre')).toBe('elegance oeuvre');
    expect(tokenize('20 % de descuento en portátiles')).toContain('portatiles');
    expect(queryTokens('ENVÍO')).toEqual(['envio']);
  });
});
