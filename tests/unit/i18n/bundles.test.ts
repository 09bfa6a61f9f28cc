import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { UI_LANGUAGES } from '../../../src/config/schema.ts';
import { i18nextOptions } from '../../../src/i18n/options.ts';

const DIR = resolve(import.meta.dirname, '../../../src/i18n/locales');
const read = (lang: string, ns: string): Record<string, string> =>
  JSON.parse(readFileSync(join(DIR, lang, `${ns}.json`), 'utf8'));
const namespaces = readdirSync(join(DIR, 'en'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''));
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
/** The CLDR plural forms a language needs (i18next picks one with Intl.PluralRules). */
const pluralForms = (lang: string) => new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
/** "card.coupons_one" → "card.coupons"; other keys unchanged. */
const baseKey = (key: string) => key.replace(PLURAL_SUFFIX, '');
/** A bundle's keys with every plural key reduced to its base (each base once). */
const baseKeys = (messages: Record<string, string>) => [...new Set(Object.keys(messages).map(baseKey))].sort();
/** The base keys that are plural in this bundle. */
const pluralBases = (messages: Record<string, string>) =>
  [
    ...new Set(
      Object.keys(messages)
        .filter((k) => PLURAL_SUFFIX.test(k))
        .map(baseKey),
    ),
  ].sort();

describe('translation bundles', () => {
  it('every language has every namespace', () => {
    for (const lang of UI_LANGUAGES) {
      const files = readdirSync(join(DIR, lang)).filter((f) => f.endsWith('.json'));
      expect(files.sort(), lang).toEqual(namespaces.map((n) => `${n}.json`).sort());
    }
  });

  for (const ns of namespaces) {
    it(`${ns}: es, fr and de have the English keys (plural forms per language), non-empty, same placeholders`, () => {
      const en = read('en', ns);
      for (const lang of UI_LANGUAGES.filter((l) => l !== 'en')) {
        const other = read(lang, ns);
        expect(baseKeys(other), `${lang}/${ns}.json keys`).toEqual(baseKeys(en));
        expect(pluralBases(other), `${lang}/${ns}.json plural keys`).toEqual(pluralBases(en));
        for (const [key, value] of Object.entries(other)) {
          expect(value.trim(), `${lang}/${ns}.json ${key}`).not.toBe('');
          const english = en[key] ?? en[`${baseKey(key)}_other`] ?? '';
          expect(placeholders(value), `${lang}/${ns}.json ${key} placeholders`).toEqual(placeholders(english));
        }
      }
    });

    it(`${ns}: every plural key has exactly the plural forms of its language`, () => {
      for (const lang of UI_LANGUAGES) {
        const messages = read(lang, ns);
        for (const base of pluralBases(messages)) {
          const forms = Object.keys(messages)
            .filter((k) => baseKey(k) === base && k !== base)
            .map((k) => k.slice(base.length + 1))
            .sort();
          expect(forms, `${lang}/${ns}.json ${base}`).toEqual([...pluralForms(lang)].sort());
        }
      }
    });

    it(`${ns}: every text with a {{count}} is a plural key (no "1 coupons")`, () => {
      for (const lang of UI_LANGUAGES) {
        for (const [key, value] of Object.entries(read(lang, ns))) {
          if (placeholders(value).includes('count')) {
            expect(PLURAL_SUFFIX.test(key), `${lang}/${ns}.json ${key} has {{count}} but no plural forms`).toBe(true);
          }
        }
      }
    });
  }

  it('i18next picks the right form for 1, 2 and a million in every language', () => {
    const resources = (lang: string) => ({ [lang]: Object.fromEntries(namespaces.map((ns) => [ns, read(lang, ns)])) });
    const t = (lang: string) => {
      const instance = i18next.createInstance();
      instance.init(i18nextOptions(lang, resources(lang), namespaces));
      return instance.t;
    };
    const en = t('en');
    expect(en('brands:offers.showingCoupons', { shown: 1, count: 1 })).toBe('Showing 1 of 1 coupon');
    expect(en('brands:offers.showingCoupons', { shown: 2, count: 2 })).toBe('Showing 2 of 2 coupons');
    expect(en('brands:list.showing', { shown: 1, count: 1 })).toBe('Showing 1 of 1 brand');
    expect(en('deals:page.showing', { shown: 1, count: 1 })).toBe('Showing 1 of 1 deal');
    expect(t('es')('deals:card.onlyLeft', { count: 1 })).toBe('¡Solo queda 1!');
    expect(t('es')('deals:card.onlyLeft', { count: 3 })).toBe('¡Solo quedan 3!');
    expect(t('de')('brands:offers.showingDeals', { shown: 1, count: 1 })).toBe('1 von 1 Deal wird angezeigt');
    expect(t('fr')('brands:list.showing', { shown: 1, count: 1 })).toBe('1 marque affichée sur 1');
    // fr and es use the "many" form for a million: it must exist (else i18next prints the key).
    expect(t('fr')('coupons:results.summary', { shown: 20, count: 1_000_000 })).toBe('20 sur 1000000 coupons affichés');
    expect(t('es')('search:page.results', { count: 1_000_000, q: 'tv' })).toBe('1000000 resultados para «tv»');
  });
});
