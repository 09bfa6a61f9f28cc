/** Browser-side translations for islands: built from the messages passed in as a prop. */
import i18next, { type TFunction } from 'i18next';
import type { Messages } from './index.ts';
import { i18nextOptions } from './options.ts';

const cache = new Map<string, TFunction>();

export function createTranslator(lang: string, resources: Record<string, Messages>): TFunction {
  const ns = Object.keys(resources);
  const key = `${lang}:${ns.join(',')}`;
  let t = cache.get(key);
  if (!t) {
    const instance = i18next.createInstance();
    instance.init(i18nextOptions(lang, { [lang]: resources }, ns));
    t = instance.t;
    cache.set(key, t);
  }
  return t;
}
