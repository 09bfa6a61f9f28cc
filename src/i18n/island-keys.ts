/**
 * The strings an island is shipped: only the keys its components can render (issue 43 point 3).
 * Each island declares its keys ("ns:key") next to its component; `pickMessages` builds the
 * island's `messages` prop from those keys (a key with a `count` also brings its plural forms
 * `key_<category>`). tests/unit/i18n/island-keys.test.ts compares every declared list with the
 * `t('ns:key')` calls found in the island's component tree, so an unused or a missing key fails.
 */
import { getResources, type Messages } from './index.ts';

/**
 * Picked once per key list and language, then reused (issue 42: an edge site's Worker picked the
 * same lists on every page it rendered, a measurable share of its CPU per request). Callers
 * only read the result.
 */
const picked = new WeakMap<readonly string[], Map<string, Record<string, Messages>>>();

/** The messages of `keys` ("ns:key") in `lang` (English when the language lacks a namespace). */
export function pickMessages(lang: string, keys: readonly string[]): Record<string, Messages> {
  const byLang = picked.get(keys) ?? new Map<string, Record<string, Messages>>();
  picked.set(keys, byLang);
  const kept = byLang.get(lang);
  if (kept) return kept;
  const out = pick(lang, keys);
  byLang.set(lang, out);
  return out;
}

function pick(lang: string, keys: readonly string[]): Record<string, Messages> {
  const byNs = new Map<string, string[]>();
  for (const full of keys) {
    const at = full.indexOf(':');
    const ns = full.slice(0, at);
    const key = full.slice(at + 1);
    byNs.set(ns, [...(byNs.get(ns) ?? []), key]);
  }
  const all = getResources(lang, [...byNs.keys()]);
  const out: Record<string, Messages> = {};
  for (const [ns, wanted] of byNs) {
    const messages = all[ns] ?? {};
    const picked: Messages = {};
    for (const [k, v] of Object.entries(messages)) {
      if (wanted.some((w) => k === w || (k.startsWith(`${w}_`) && /^[a-z]+$/.test(k.slice(w.length + 1))))) {
        picked[k] = v;
      }
    }
    out[ns] = picked;
  }
  return out;
}
