/**
 * Build-time translations. Bundles live in ./locales/<lang>/<namespace>.json with flat
 * dotted keys; English is the source and every other language must have every key
 * (checked by tests/unit/i18n). Islands get only the namespaces they need through
 * `getResources`, and translate with `createTranslator` from ./client.ts.
 */
import i18next, { type TFunction } from 'i18next';
import type { UiLanguage } from '../config/schema.ts';
import { i18nextOptions } from './options.ts';

export type Messages = Record<string, string>;

const modules = import.meta.glob<Messages>('./locales/*/*.json', { eager: true, import: 'default' });

/** bundles[lang][namespace] = messages */
export const bundles: Record<string, Record<string, Messages>> = {};
for (const [file, messages] of Object.entries(modules)) {
  const m = /\.\/locales\/([a-z]{2})\/([\w-]+)\.json$/.exec(file);
  if (!m) continue;
  const [, lang, ns] = m as unknown as [string, string, string];
  bundles[lang] ??= {};
  bundles[lang][ns] = messages;
}

export const namespaces = (): string[] => Object.keys(bundles.en ?? {});

/** The messages of the given namespaces for one language (what an island receives as a prop). */
export function getResources(lang: string, ns: string[]): Record<string, Messages> {
  const out: Record<string, Messages> = {};
  for (const n of ns) out[n] = bundles[lang]?.[n] ?? bundles.en?.[n] ?? {};
  return out;
}

const cache = new Map<string, TFunction>();

/** A translate function for `lang`; keys are "ns:key" or a key of the default namespace "common". */
export function useTranslations(lang: UiLanguage | string): TFunction {
  let t = cache.get(lang);
  if (!t) {
    const ns = namespaces();
    const instance = i18next.createInstance();
    instance.init(
      i18nextOptions(lang, { [lang]: getResources(lang, ns) }, ['common', ...ns.filter((n) => n !== 'common')]),
    );
    t = instance.t;
    cache.set(lang, t);
  }
  return t;
}
