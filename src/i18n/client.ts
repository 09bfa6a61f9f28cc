/**
 * Browser-side translations for islands, without the i18next runtime. An island receives the
 * messages it needs as a prop, already in its language; this helper does the little of i18next
 * those messages use, with the same results (checked key by key against i18next in
 * tests/unit/i18n/client.test.ts):
 *   - keys "ns:key" (flat dotted keys, no key separator) or a key of the first namespace;
 *   - plurals: with a numeric `count`, `key_<plural category>` (Intl.PluralRules of the language),
 *     then `key_other`, then `key`;
 *   - interpolation `{{name}}` with the option's value, unescaped (React escapes on output); an
 *     unknown placeholder stays as it is;
 *   - a missing key returns the key without its namespace (or `defaultValue`), as i18next does.
 */
import type { TFunction } from 'i18next';
import type { Messages } from './index.ts';

type Options = Record<string, unknown>;

/**
 * By the resources object, then language: two islands may carry different keys of the same
 * namespaces (each is shipped only the keys it renders), so namespaces alone cannot name a
 * translator; an island's resources keep their identity across its renders (props, page data).
 */
const cache = new WeakMap<object, Map<string, TFunction>>();
const pluralRules = new Map<string, Intl.PluralRules>();

function rulesFor(lang: string): Intl.PluralRules {
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    pluralRules.set(lang, rules);
  }
  return rules;
}

const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/g;

export function interpolate(text: string, options: Options | undefined): string {
  if (!options || !text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? whole : String(value);
  });
}

export function createTranslator(lang: string, resources: Record<string, Messages>): TFunction {
  const ns = Object.keys(resources);
  let byLang = cache.get(resources);
  if (!byLang) {
    byLang = new Map();
    cache.set(resources, byLang);
  }
  const cached = byLang.get(lang);
  if (cached) return cached;
  const defaultNs = ns[0] ?? 'common';

  const translate = (fullKey: string, options?: Options): string => {
    const colon = fullKey.indexOf(':');
    const [space, key] = colon > 0 ? [fullKey.slice(0, colon), fullKey.slice(colon + 1)] : [defaultNs, fullKey];
    const messages = resources[space];
    let text: string | undefined;
    if (messages) {
      const count = options?.count;
      if (typeof count === 'number') {
        text = messages[`${key}_${rulesFor(lang).select(count)}`] ?? messages[`${key}_other`];
      }
      text ??= messages[key];
    }
    if (text === undefined) {
      const fallback = options?.defaultValue;
      return typeof fallback === 'string' ? interpolate(fallback, options) : key;
    }
    return interpolate(text, options);
  };
  const t = translate as unknown as TFunction;
  byLang.set(lang, t);
  return t;
}
