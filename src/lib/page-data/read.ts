/**
 * The browser side of ./held.ts: an island's references resolved from the page's data script
 * (`<script type="application/json" id="page-data">`), parsed and checked once per page. The
 * check is by hand, not zod: a static-data page's islands load no zod (issue 13, the boundary
 * test); the offers in it were validated by the catalog schemas when the build read them.
 * Where the page was rendered (build, edge Worker) a reference holds its value and nothing is read.
 */
import type { Page } from '../../catalog/source.ts';
import type { Messages } from '../../i18n/index.ts';
import { HELD, type OffersRef, PAGE_DATA_ID, type PageData, type PageRef, type StringsRef } from './held.ts';

/** The page's data is missing or malformed: the message names the script and the field. */
export class PageDataError extends Error {
  override name = 'PageDataError';
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Parses and checks the script's text. */
export function parsePageData(text: string): PageData {
  const where = `<script id="${PAGE_DATA_ID}">`;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new PageDataError(`${where} is not valid JSON: ${(e as Error).message}`);
  }
  if (!isRecord(data)) throw new PageDataError(`${where} must hold an object`);
  const { strings, offers } = data;
  if (!isRecord(strings)) throw new PageDataError(`${where}: "strings" must be an object`);
  for (const [ns, messages] of Object.entries(strings)) {
    if (!isRecord(messages)) throw new PageDataError(`${where}: strings.${ns} must be an object`);
    for (const [key, text] of Object.entries(messages))
      if (typeof text !== 'string') throw new PageDataError(`${where}: strings.${ns}["${key}"] must be a string`);
  }
  if (!isRecord(offers)) throw new PageDataError(`${where}: "offers" must be an object`);
  for (const [key, offer] of Object.entries(offers))
    if (!isRecord(offer) || typeof offer.id !== 'number')
      throw new PageDataError(`${where}: offers.${key} must be an offer with a numeric id`);
  return { strings: strings as PageData['strings'], offers };
}

let read: PageData | null = null;

/** The page's data (parsed once). */
export function pageData(doc: Document = document): PageData {
  if (read) return read;
  const el = doc.getElementById(PAGE_DATA_ID);
  if (!el) throw new PageDataError(`the page has no <script id="${PAGE_DATA_ID}"> for its islands' data`);
  read = parsePageData(el.textContent ?? '');
  return read;
}

/** Forget the parsed data (tests load another page). */
export function resetPageData(): void {
  read = null;
}

const resolved = new WeakMap<object, unknown>();

/** `make()` once per reference object: the same value (identity) for every render of an island. */
export function once<T>(ref: object, make: () => T): T {
  if (resolved.has(ref)) return resolved.get(ref) as T;
  const value = make();
  resolved.set(ref, value);
  return value;
}

/** An island's translation strings, by its namespaces. */
export function pageStrings(ref: StringsRef): Record<string, Messages> {
  const held = ref[HELD];
  if (held) return held;
  return once(ref, () => {
    const { strings } = pageData();
    return Object.fromEntries(ref.ns.split(',').map((ns) => [ns, strings[ns] ?? {}]));
  });
}

/** A list of offers, in order. */
export function pageOffers<T>(ref: OffersRef<T>): T[] {
  const held = ref[HELD];
  if (held) return held;
  return once(ref, () => {
    const { offers } = pageData();
    return (ref.ids ? ref.ids.split(' ') : []).map((key) => {
      const offer = offers[key];
      if (!offer) throw new PageDataError(`<script id="${PAGE_DATA_ID}"> has no offer "${key}"`);
      return offer as T;
    });
  });
}

/** A listing page with its items. */
export function pagePage<T>(ref: PageRef<T>): Page<T> {
  return once(ref, () => ({ ...ref, items: pageOffers(ref.items) }));
}
