/**
 * The build side of ./held.ts (and an edge Worker's): one page's data, gathered while its
 * frontmatter builds its islands' props. Each offer and each namespace of strings is written
 * once, however many islands refer to it. Call it in the frontmatter of the page (or of the
 * component that renders the page's islands), before the template: the script element
 * (src/components/common/PageData.astro) is rendered from what was gathered.
 */
import type { FormatSeed } from '../catalog/intl.ts';
import type { Coupon, Deal } from '../catalog/schemas.ts';
import type { Page } from '../catalog/source.ts';
import { islandMessages } from '../components/modals/messages.ts';
import type { Messages } from '../i18n/index.ts';
import {
  type FormatsRef,
  HELD,
  type OffersRef,
  offerKey,
  type PageData,
  type PageRef,
  type StringsRef,
  type ValueRef,
} from './held.ts';

export interface PageDataWriter {
  /** The strings of these namespaces (islandMessages: of "common" only the error texts). */
  strings(namespaces: string[]): StringsRef;
  /** These strings (already picked, e.g. some keys of a namespace). */
  stringsOf(messages: Record<string, Messages>): StringsRef;
  coupons(list: Coupon[]): OffersRef<Coupon>;
  deals(list: Deal[]): OffersRef<Deal>;
  couponPage(page: Page<Coupon>): PageRef<Coupon>;
  dealPage(page: Page<Deal>): PageRef<Deal>;
  /** An island's format seed (merged into the page's: a seed is a cache of texts by format and value). */
  formats(seed: FormatSeed): FormatsRef;
  /** Any other value, under a key of the page's `values` (one key, one value). */
  value<T>(key: string, value: T): ValueRef<T>;
  /** The script's text: JSON with `<` escaped, safe inside a <script> element. */
  json(): string;
}

type Offer = { id: number; brand: { id: number } | null; category: { id: number } | null };

export function createPageData(lang: string): PageDataWriter {
  const data: PageData = { strings: {}, offers: {}, refs: {} };
  /** An offer's brand or category as a key of `refs` (an object already there under its key must be equal). */
  const shared = (prefix: string, value: { id: number } | null): unknown => {
    if (!value) return value;
    const key = `${prefix}${value.id}`;
    const known = data.refs[key];
    if (known && JSON.stringify(known) !== JSON.stringify(value)) return value;
    data.refs[key] = value;
    return key;
  };
  const held = <R extends object, T>(ref: R, value: T): R => Object.assign(ref, { [HELD]: value });
  const offers = <T extends Offer>(kind: 'coupon' | 'deal', list: T[]): OffersRef<T> => {
    const keys = list.map((o) => {
      const key = offerKey(kind, o.id);
      data.offers[key] = { ...o, brand: shared('b', o.brand), category: shared('k', o.category) };
      return key;
    });
    return held({ ids: keys.join(' ') }, list);
  };
  const page = <T extends Offer>(kind: 'coupon' | 'deal', p: Page<T>): PageRef<T> => ({
    ...p,
    items: offers(kind, p.items),
  });
  const stringsOf = (messages: Record<string, Messages>): StringsRef => {
    for (const [ns, texts] of Object.entries(messages)) data.strings[ns] = { ...data.strings[ns], ...texts };
    return held({ ns: Object.keys(messages).join(',') }, messages);
  };
  const formats = (seed: FormatSeed): FormatsRef => {
    data.formats ??= {};
    for (const [kind, texts] of Object.entries(seed)) data.formats[kind] = { ...data.formats[kind], ...texts };
    return held({}, seed);
  };
  const value = <T>(key: string, v: T): ValueRef<T> => {
    data.values ??= {};
    if (key in data.values && JSON.stringify(data.values[key]) !== JSON.stringify(v))
      throw new Error(`page data: two different values under "${key}"`);
    data.values[key] = v;
    return held({ key }, v);
  };
  return {
    formats,
    value,
    strings: (namespaces) => stringsOf(islandMessages(lang, namespaces)),
    stringsOf,
    coupons: (list) => offers('coupon', list),
    deals: (list) => offers('deal', list),
    couponPage: (p) => page('coupon', p),
    dealPage: (p) => page('deal', p),
    json: () => JSON.stringify(data).replaceAll('<', '\\u003c'),
  };
}
