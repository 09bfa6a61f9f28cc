/**
 * What an imported offer's text says about its discount (issue 39 part 6), in the text's language
 * (en, es, fr, de): "20% off", "20 percent off", "20 % de descuento", "20 Prozent" → 20 percentage;
 * "half price", "mitad de precio", "moitié prix", "halber Preis" → 50 percentage; "£10 off",
 * "10 € de descuento", "10 € de réduction", "10 € Rabatt" → 10 fixed (with the currency when the
 * symbol names one); free shipping/delivery forms → free_shipping; "buy one get one free",
 * "2x1", "2 por 1", "2 pour 1", "2 für 1" → bogo. When nothing is known: an EMPTY `discount`
 * with the type "fixed" (never "percentage" without a figure): the cards show no badge. Pure.
 */
import type { CatalogLanguage } from '../catalog/localized.ts';
import type { DiscountType } from '../catalog/schemas.ts';

export type DiscountFound = { discount: string; discountType: DiscountType; currency?: string };

export const UNKNOWN_DISCOUNT: DiscountFound = { discount: '', discountType: 'fixed' };

const NUM = String.raw`(\d{1,3}(?:[.,]\d{1,2})?)`;
const PERCENT_WORDS: Record<CatalogLanguage, string> = {
  en: String.raw`(?:per\s?cent|pct\.?)`,
  es: String.raw`(?:por\s?ciento)`,
  fr: String.raw`(?:pour\s?cent|pourcent)`,
  de: '(?:prozent)',
};
const HALF: Record<CatalogLanguage, RegExp> = {
  en: /\bhalf[\s-]+(?:price|off)\b|\b50\s*\/\s*50\b/i,
  es: /\b(?:a\s+)?mitad\s+de\s+precio\b|\bmedio\s+precio\b/i,
  fr: /\bmoiti[ée]\s+prix\b|\b[àa]\s+moiti[ée]\s+prix\b/i,
  de: /\bhalbe[nr]?\s+preis\b|\bzum\s+halben\s+preis\b/i,
};
const FREE_SHIPPING: Record<CatalogLanguage, RegExp> = {
  // "Free standard delivery", "Free Mother's Day Shipping": up to three words between, none that
  // joins another offer ("free gift with delivery", "free returns and delivery").
  en: /\bfree\s+(?:(?!(?:with|and|or|on|for|when|if|gift|gifts|returns?|to|your|a|the|of)\b)[\w'’&-]+\s+){0,3}(?:shipping|delivery|postage|p&p)\b/i,
  es: /\benv[íi]o\s+(?:gratis|gratuito)\b|\benv[íi]os\s+gratis\b/i,
  fr: /\blivraison\s+(?:gratuite|offerte)\b|\bfrais\s+de\s+port\s+offerts\b/i,
  de: /\b(?:kostenlose[rn]?|gratis)\s+(?:versand|lieferung)\b|\bversandkostenfrei\b/i,
};
const BOGO: Record<CatalogLanguage, RegExp> = {
  en: /\bbogo\b|\bbuy\s+one,?\s+get\s+one(?:\s+free)?\b|\b2\s+for\s+1\b/i,
  es: /\b2\s*x\s*1\b|\b2\s+por\s+1\b|\bcompra\s+uno\s+y\s+ll[eé]vate\s+otro\b/i,
  fr: /\b2\s+pour\s+1\b|\bun\s+achet[ée]\s*,?\s+un\s+offert\b/i,
  de: /\b2\s+f[üu]r\s+1\b|\bkauf\s+eins,?\s+nimm\s+zwei\b/i,
};
const AMOUNT_OFF: Record<CatalogLanguage, string> = {
  en: '(?:off|discount|saving|savings)',
  es: String.raw`(?:de\s+descuento|dto\.?|menos)`,
  fr: String.raw`(?:de\s+r[ée]duction|de\s+remise|offerts?)`,
  de: '(?:rabatt|sparen|nachlass|g[uü]nstiger)',
};
const SYMBOLS: Record<string, string> = { '£': 'GBP', $: 'USD', '€': 'EUR', eur: 'EUR', usd: 'USD', gbp: 'GBP' };

const figure = (s: string) => s.replace(',', '.').replace(/\.0+$/, '');

/** Every language's forms, the text's own first: feeds mix ("20% OFF" in a Spanish title). */
type Forms = { langs: readonly CatalogLanguage[]; pct: RegExp; before: RegExp; after: RegExp };

/** The patterns of each text language, compiled once (not per offer: the import's hot path). */
const FORMS = new Map<CatalogLanguage, Forms>(
  (['en', 'es', 'fr', 'de'] as const).map((lang) => {
    const langs = [lang, ...(['en', 'es', 'fr', 'de'] as const).filter((l) => l !== lang)];
    const off = langs.map((l) => AMOUNT_OFF[l]).join('|');
    return [
      lang,
      {
        langs,
        pct: new RegExp(String.raw`${NUM}\s?%|${NUM}\s?(?:${langs.map((l) => PERCENT_WORDS[l]).join('|')})\b`, 'i'),
        before: new RegExp(String.raw`([£$€]|\b(?:eur|usd|gbp)\s?)\s?${NUM}\s*(?:${off})`, 'i'),
        after: new RegExp(String.raw`${NUM}\s?([£$€]|(?:eur|usd|gbp)\b)\s*(?:${off})`, 'i'),
      },
    ];
  }),
);

export function discountOf(text: string, lang: CatalogLanguage = 'en'): DiscountFound {
  const { langs, pct: pctForm, before: beforeForm, after: afterForm } = FORMS.get(lang) ?? FORMS.get('en')!;
  const pct = pctForm.exec(text);
  if (pct) {
    const n = Number(figure(pct[1] ?? pct[2]!));
    if (n > 0 && n <= 100) return { discount: figure(pct[1] ?? pct[2]!), discountType: 'percentage' };
  }
  for (const l of langs) if (HALF[l].test(text)) return { discount: '50', discountType: 'percentage' };
  for (const l of langs) if (BOGO[l].test(text)) return { discount: 'BOGO', discountType: 'bogo' };
  const before = beforeForm.exec(text);
  const after = before ? null : afterForm.exec(text);
  const m = before ? { sym: before[1]!, n: before[2]! } : after ? { sym: after[2]!, n: after[1]! } : null;
  if (m && Number(figure(m.n)) > 0) {
    const currency = SYMBOLS[m.sym.trim().toLowerCase()];
    return { discount: figure(m.n), discountType: 'fixed', ...(currency ? { currency } : {}) };
  }
  for (const l of langs)
    if (FREE_SHIPPING[l].test(text)) return { discount: 'Free Shipping', discountType: 'free_shipping' };
  return { ...UNKNOWN_DISCOUNT };
}
