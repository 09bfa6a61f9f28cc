/**
 * The sample's texts in the four catalog languages (issue 24): category names and
 * descriptions, brand descriptions, coupon and deal titles and descriptions, trending terms.
 * English is exactly what the sample has always said; es, fr and de are written as shops there
 * write them. Amounts are formatted as the cards format the discount badge and prices
 * (src/components/coupons/format.ts `discountLabel`, `formatPrice` in the page's language), so
 * a card's badge and title give the same figure in every language. Pure.
 */
import { formatPrice } from '../display.ts';
import type { CatalogLanguage } from '../localized.ts';
import type { CategoryName, Product, ProductName } from './categories.ts';
import { DE_CATEGORIES, DE_PRODUCTS, type DeGender } from './lang-de.ts';
import { ES_CATEGORIES, ES_PRODUCTS, type EsGender } from './lang-es.ts';
import { FR_CATEGORIES, FR_PRODUCTS } from './lang-fr.ts';

/** A text in every catalog language. */
export type AllLanguages = Record<CatalogLanguage, string>;
type SampleProduct = Product<ProductName>;

const usd = (amount: number, lang: Exclude<CatalogLanguage, 'en'>) => formatPrice(amount, 'USD', lang);
/** "20%" / "20 %", as the badge writes it (coupons:discount.percent of each language). */
const percent = {
  en: (n: number) => `${n}%`,
  es: (n: number) => `${n}%`,
  fr: (n: number) => `${n} %`,
  de: (n: number) => `${n} %`,
};
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const lower = (s: string) => s.toLowerCase();

const es = (p: SampleProduct) => {
  const [name, one, g] = ES_PRODUCTS[p.name];
  return { name, line: lower(name), one, g };
};
const fr = (p: SampleProduct) => {
  const [name, one, g, the, some] = FR_PRODUCTS[p.name];
  return { name, line: lower(name), one, g, the: the ?? `les ${lower(name)}`, some: some ?? `des ${lower(name)}` };
};
const de = (p: SampleProduct) => {
  const [name, one, g] = DE_PRODUCTS[p.name];
  return { name, one, g };
};

const ES_OTHER: Record<EsGender, string> = { m: 'otro', f: 'otra', mp: 'otros' };
/** German indefinite article: nominative and accusative; "a second one" in the accusative. */
const DE_A: Record<DeGender, { nom: string; acc: string; second: string }> = {
  m: { nom: 'ein', acc: 'einen', second: 'einen zweiten' },
  f: { nom: 'eine', acc: 'eine', second: 'eine zweite' },
  n: { nom: 'ein', acc: 'ein', second: 'ein zweites' },
};

/** Where the offer is, after a verb: "at Voltura" / "en Voltura" / "chez Voltura" / "bei Voltura". */
const at = {
  es: (brand: string | null) => (brand ? `en ${brand}` : 'en la tienda'),
  fr: (brand: string | null) => (brand ? `chez ${brand}` : 'chez le marchand'),
  de: (brand: string | null) => (brand ? `bei ${brand}` : 'im Shop'),
};

/** A category's name (with " 2", " 3"… on repeated rounds of a generated catalog). */
export function categoryName(name: CategoryName, round: number): AllLanguages {
  const n = (s: string) => (round === 0 ? s : `${s} ${round + 1}`);
  return { en: n(name), es: n(ES_CATEGORIES[name]), fr: n(FR_CATEGORIES[name]), de: n(DE_CATEGORIES[name]) };
}

export function categoryDescription(products: readonly SampleProduct[]): AllLanguages {
  return {
    en: `Coupons, promo codes and deals on ${products
      .map((p) => p.name)
      .join(', ')
      .toLowerCase()} and more.`,
    es: `Cupones, códigos promocionales y ofertas en ${products.map((p) => es(p).line).join(', ')} y mucho más.`,
    fr: `Codes promo, bons de réduction et bons plans sur ${products.map((p) => fr(p).the).join(', ')} et bien plus encore.`,
    de: `Gutscheine, Rabattcodes und Angebote für ${products.map((p) => de(p).name).join(', ')} und vieles mehr.`,
  };
}

/** What a store sells, from the first two product lines of its category. */
export function brandDescription(name: string, [a, b]: readonly [SampleProduct, SampleProduct]): AllLanguages {
  return {
    en: `${name} sells ${[a, b]
      .map((p) => p.name)
      .join(' and ')
      .toLowerCase()} online, with regular promo codes and seasonal sales.`,
    es: `${name} vende ${es(a).line} y ${es(b).line} en línea, con códigos promocionales frecuentes y rebajas de temporada.`,
    fr: `${name} vend ${fr(a).some} et ${fr(b).some} en ligne, avec des codes promo réguliers et des soldes saisonniers.`,
    de: `${name} verkauft ${de(a).name} und ${de(b).name} online, mit regelmäßigen Rabattcodes und saisonalen Aktionen.`,
  };
}

export type CouponKind =
  | { type: 'percentage'; pct: number; sitewide: boolean }
  | { type: 'fixed'; amount: number }
  | { type: 'free_shipping' }
  | { type: 'bogo' };

/** A coupon's name and description; `brand` is the store's name (null: no store). */
export function couponTexts(
  kind: CouponKind,
  product: SampleProduct,
  brand: string | null,
): { name: AllLanguages; description: AllLanguages } {
  const en = { line: product.name.toLowerCase(), store: brand ?? 'the store' };
  const [e, f, d] = [es(product), fr(product), de(product)];
  if (kind.type === 'percentage') {
    const { pct, sitewide } = kind;
    const p = { es: percent.es(pct), fr: percent.fr(pct), de: percent.de(pct) };
    return sitewide
      ? {
          name: {
            en: `${pct}% Off Sitewide`,
            es: `${p.es} de descuento en toda la tienda`,
            fr: `${p.fr} de réduction sur tout le site`,
            de: `${p.de} Rabatt auf das gesamte Sortiment`,
          },
          description: {
            en: `Save ${pct}% on everything at ${en.store}.`,
            es: `Ahorra un ${p.es} en todo comprando ${at.es(brand)}.`,
            fr: `Économisez ${p.fr} sur tout le site ${at.fr(brand)}.`,
            de: `Spare ${p.de} auf das gesamte Sortiment ${at.de(brand)}.`,
          },
        }
      : {
          name: {
            en: `${pct}% Off ${product.name}`,
            es: `${p.es} de descuento en ${e.line}`,
            fr: `${p.fr} de réduction sur ${f.the}`,
            de: `${p.de} Rabatt auf ${d.name}`,
          },
          description: {
            en: `Save ${pct}% on ${en.line} at ${en.store}.`,
            es: `Ahorra un ${p.es} en ${e.line} comprando ${at.es(brand)}.`,
            fr: `Économisez ${p.fr} sur ${f.the} ${at.fr(brand)}.`,
            de: `Spare ${p.de} auf ${d.name} ${at.de(brand)}.`,
          },
        };
  }
  if (kind.type === 'fixed') {
    const { amount } = kind;
    const off = { es: usd(amount, 'es'), fr: usd(amount, 'fr'), de: usd(amount, 'de') };
    const min = { es: usd(amount * 4, 'es'), fr: usd(amount * 4, 'fr'), de: usd(amount * 4, 'de') };
    return {
      name: {
        en: `$${amount} Off Orders Over $${amount * 4}`,
        es: `${off.es} de descuento en pedidos superiores a ${min.es}`,
        fr: `${off.fr} de réduction dès ${min.fr} d'achat`,
        de: `${off.de} Rabatt ab ${min.de} Bestellwert`,
      },
      description: {
        en: `Take $${amount} off when you spend $${amount * 4} or more on ${en.line} at ${en.store}.`,
        es: `${off.es} de descuento en ${e.line} al gastar ${min.es} o más ${at.es(brand)}.`,
        fr: `${off.fr} de remise sur ${f.the} ${at.fr(brand)} pour ${min.fr} d'achat minimum.`,
        de: `Spare ${off.de} auf ${d.name} ${at.de(brand)} ab einem Einkaufswert von ${min.de}.`,
      },
    };
  }
  if (kind.type === 'free_shipping') {
    return {
      name: {
        en: 'Free Shipping on All Orders',
        es: 'Envío gratis en todos los pedidos',
        fr: 'Livraison offerte sur toutes les commandes',
        de: 'Gratis Versand für alle Bestellungen',
      },
      description: {
        en: `Free standard shipping on ${en.line} and everything else at ${en.store}.`,
        es: `Envío estándar gratis en ${e.line} y en todo lo demás que compres ${at.es(brand)}.`,
        fr: `Livraison standard offerte sur ${f.the} et tout le reste ${at.fr(brand)}.`,
        de: `Kostenloser Standardversand für ${d.name} und alles andere ${at.de(brand)}.`,
      },
    };
  }
  const a = DE_A[d.g];
  const bought = f.g === 'f' ? 'achetée, la deuxième est offerte' : 'acheté, le deuxième est offert';
  return {
    name: {
      en: `Buy One Get One Free ${product.name}`,
      es: `2x1 en ${e.line}`,
      fr: `1 acheté = 1 offert sur ${f.the}`,
      de: `2 für 1 auf ${d.name}`,
    },
    description: {
      en: `Buy one ${product.one} and get a second ${product.one} free at ${en.store}.`,
      es: `Compra ${e.one} ${at.es(brand)} y llévate ${ES_OTHER[e.g]} gratis.`,
      fr: `Pour ${f.one} ${bought} ${at.fr(brand)}.`,
      de: `Kauf ${a.acc} ${d.one} ${at.de(brand)} und du bekommst ${a.second} gratis dazu.`,
    },
  };
}

/** A deal's title and description: a percentage off one product line, with both prices. */
export function dealTexts(
  deal: { pct: number; salePrice: number; originalPrice: number; limited: boolean },
  product: SampleProduct,
  brand: string | null,
): { title: AllLanguages; description: AllLanguages } {
  const { pct, salePrice: sale, originalPrice: original } = deal;
  const [e, f, d] = [es(product), fr(product), de(product)];
  const stock = (s: string) => (deal.limited ? ` ${s}` : '');
  return {
    title: {
      en: `${pct}% Off ${product.name}${brand ? ` at ${brand}` : ''}`,
      es: `${e.name} con un ${percent.es(pct)} de descuento${brand ? ` en ${brand}` : ''}`,
      fr: `${percent.fr(pct)} de réduction sur ${f.the}${brand ? ` chez ${brand}` : ''}`,
      de: `${percent.de(pct)} Rabatt auf ${d.name}${brand ? ` bei ${brand}` : ''}`,
    },
    description: {
      en: `${/^[aeiou]/.test(product.one) ? 'An' : 'A'} ${product.one} now $${sale.toFixed(2)} instead of $${original.toFixed(2)}.${stock('While stocks last.')}`,
      es: `${capitalize(e.one)}, ahora por ${usd(sale, 'es')} en lugar de ${usd(original, 'es')}.${stock('Hasta agotar existencias.')}`,
      fr: `${capitalize(f.one)} à ${usd(sale, 'fr')} au lieu de ${usd(original, 'fr')}.${stock('Dans la limite des stocks disponibles.')}`,
      de: `${capitalize(DE_A[d.g].nom)} ${d.one} jetzt für ${usd(sale, 'de')} statt ${usd(original, 'de')}.${stock('Nur solange der Vorrat reicht.')}`,
    },
  };
}

/** Trending search terms, most popular first: words a shopper types, found in the offers' texts. */
export const TRENDING: readonly AllLanguages[] = [
  { en: 'free shipping', es: 'envío gratis', fr: 'livraison offerte', de: 'Gratis Versand' },
  ...(
    [
      'Headphones',
      'Sneakers',
      'Laptops',
      'Skincare',
      'Hotel Stays',
      'Meal Kits',
      'Pet Food',
      'Board Games',
      'Vitamins',
      'Luggage',
      'Running Shoes',
    ] as const
  ).map((name) => ({
    en: name.toLowerCase(),
    es: lower(ES_PRODUCTS[name][0]),
    fr: lower(FR_PRODUCTS[name][0]),
    de: DE_PRODUCTS[name][0],
  })),
];
