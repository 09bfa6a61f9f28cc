/**
 * The islands' translator (src/i18n/client.ts) must say exactly what i18next says at build time:
 * every key of every namespace in every language, with plural counts and interpolation.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { UI_LANGUAGES } from '../../../src/config/schema.ts';
import { createTranslator, interpolate } from '../../../src/i18n/client.ts';
import { i18nextOptions } from '../../../src/i18n/options.ts';

const DIR = resolve(import.meta.dirname, '../../../src/i18n/locales');
const namespaces = readdirSync(join(DIR, 'en'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''));
const read = (lang: string, ns: string): Record<string, string> =>
  JSON.parse(readFileSync(join(DIR, lang, `${ns}.json`), 'utf8'));
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

describe.each([...UI_LANGUAGES])('islands translator (%s) matches i18next', (lang) => {
  const resources = Object.fromEntries(namespaces.map((ns) => [ns, read(lang, ns)]));
  const ours = createTranslator(lang, resources);
  const reference = i18next.createInstance();
  reference.init(i18nextOptions(lang, { [lang]: resources }, namespaces));
  const theirs = reference.t;

  it('on every key, with every count and placeholder', () => {
    let compared = 0;
    for (const ns of namespaces) {
      const bases = new Set(Object.keys(resources[ns] ?? {}).map((k) => k.replace(PLURAL_SUFFIX, '')));
      for (const key of bases) {
        const names = new Set<string>();
        for (const [k, text] of Object.entries(resources[ns] ?? {})) {
          if (k.replace(PLURAL_SUFFIX, '') !== key) continue;
          for (const m of text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)) names.add(m[1] as string);
        }
        const values = Object.fromEntries([...names].map((n) => [n, `<${n}>`]));
        for (const count of [undefined, 0, 1, 2, 5, 21, 1_000_000]) {
          const opts: Record<string, unknown> = count === undefined ? values : { ...values, count };
          expect(ours(`${ns}:${key}`, opts), `${lang} ${ns}:${key} ${JSON.stringify(opts)}`).toBe(
            theirs(`${ns}:${key}`, opts),
          );
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(500);
  });

  it('a missing key, a key of the first namespace and a missing value behave like i18next', () => {
    for (const key of ['common:no.such.key', 'no.such.key', 'nav.home', 'common:nav.home']) {
      expect(ours(key)).toBe(theirs(key));
    }
    expect(ours('common:no.such.key', { defaultValue: 'Hi {{who}}', who: 'you' })).toBe('Hi you');
  });
});

describe('interpolate', () => {
  it('fills placeholders, keeps unknown ones, never escapes', () => {
    expect(interpolate('{{a}} & {{ b }} {{c}}', { a: '<x>', b: 2 })).toBe('<x> & 2 {{c}}');
    expect(interpolate('plain', undefined)).toBe('plain');
  });
});

describe('createTranslator with islands shipped different keys of the same namespaces', () => {
  it('each island reads its own keys (the deals grid and the deals listing on one page)', async () => {
    const { pickMessages } = await import('../../../src/i18n/island-keys.ts');
    const { DEAL_GRID_KEYS, DEALS_LISTING_KEYS } = await import('../../../src/components/deals/keys.ts');
    const grid = createTranslator('de', pickMessages('de', DEAL_GRID_KEYS));
    const listing = createTranslator('de', pickMessages('de', DEALS_LISTING_KEYS));
    expect(Object.keys(pickMessages('de', DEAL_GRID_KEYS))).toEqual(
      Object.keys(pickMessages('de', DEALS_LISTING_KEYS)),
    );
    expect(listing('deals:page.sort')).toBe(read('de', 'deals')['page.sort']);
    expect(grid('deals:grid.label')).toBe(read('de', 'deals')['grid.label']);
  });

  it('the same messages object gives the same translator (an island re-rendering)', () => {
    const messages = { deals: { 'page.sort': 'Sortieren' } };
    expect(createTranslator('de', messages)).toBe(createTranslator('de', messages));
  });
});
