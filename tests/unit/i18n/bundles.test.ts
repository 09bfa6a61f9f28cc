import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UI_LANGUAGES } from '../../../src/config/schema.ts';

const DIR = resolve(import.meta.dirname, '../../../src/i18n/locales');
const read = (lang: string, ns: string): Record<string, string> =>
  JSON.parse(readFileSync(join(DIR, lang, `${ns}.json`), 'utf8'));
const namespaces = readdirSync(join(DIR, 'en'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''));
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('translation bundles', () => {
  it('every language has every namespace', () => {
    for (const lang of UI_LANGUAGES) {
      const files = readdirSync(join(DIR, lang)).filter((f) => f.endsWith('.json'));
      expect(files.sort(), lang).toEqual(namespaces.map((n) => `${n}.json`).sort());
    }
  });

  for (const ns of namespaces) {
    it(`${ns}: es, fr and de have exactly the English keys, non-empty, with the same placeholders`, () => {
      const en = read('en', ns);
      for (const lang of UI_LANGUAGES.filter((l) => l !== 'en')) {
        const other = read(lang, ns);
        expect(Object.keys(other).sort(), `${lang}/${ns}.json keys`).toEqual(Object.keys(en).sort());
        for (const [key, value] of Object.entries(other)) {
          expect(value.trim(), `${lang}/${ns}.json ${key}`).not.toBe('');
          expect(placeholders(value), `${lang}/${ns}.json ${key} placeholders`).toEqual(placeholders(en[key] ?? ''));
        }
      }
    });
  }
});
