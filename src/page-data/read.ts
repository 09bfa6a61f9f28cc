/**
 * The browser side of ./held.ts: an island's references resolved from the page's data script
 * (`<script type="application/json" id="page-data">`), parsed and checked once per page. The
 * check is by hand, not zod: a static-data page's islands load no zod (issue 13, the boundary
 * test); the offers in it were validated by the catalog schemas when the build read them.
 * Where the page was rendered (build, edge Worker) a reference holds its value and nothing is read.
 */
import type { FormatSeed } from '../catalog/intl.ts';
import type { Page } from '../catalog/source.ts';
import type { Messages } from '../i18n/index.ts';
import {
  type FormatsRef,
  HELD,
  type OffersRef,
  PAGE_DATA_ID,
  type PageData,
  type PageRef,
  type StringsRef,
  type ValueRef,
} from './held.ts';

const WHERE = `<script id="${PAGE_DATA_ID}">`;
/** An object (an array passes too: it then lacks the expected fields, and is refused by name). */
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** `v` is an object whose every value passes `ok`; else an Error naming the script and the field. */
function check(v: unknown, field: string, ok: (x: unknown) => boolean, what: string): Record<string, unknown> {
  if (!isRecord(v)) throw new Error(`${WHERE}: ${field} must be an object`);
  for (const k in v) if (!ok(v[k])) throw new Error(`${WHERE}: ${field}.${k} must be ${what}`);
  return v;
}

/** Parses and checks the script's text (a JSON syntax error names the script too). */
export function parsePageData(text: string): PageData {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new Error(`${WHERE} is not valid JSON: ${(e as Error).message}`);
  }
  const { strings, offers, refs, formats, values } = check(data, 'the page data', () => true, '');
  for (const [ns, texts] of Object.entries(check(strings, 'strings', isRecord, 'an object')))
    check(texts, `strings.${ns}`, (x) => typeof x === 'string', 'a text');
  const shared = check(refs, 'refs', isRecord, 'an object');
  // An offer's brand and category: an object, null, or the key of one in `refs`.
  const ref = (x: unknown) => x === null || isRecord(x) || (typeof x === 'string' && isRecord(shared[x]));
  check(
    offers,
    'offers',
    (o) => isRecord(o) && typeof o.id === 'number' && ref(o.brand) && ref(o.category),
    'an offer (numeric id; brand, category: null, object or refs key)',
  );
  if (formats !== undefined)
    for (const [kind, texts] of Object.entries(check(formats, 'formats', isRecord, 'an object')))
      check(texts, `formats.${kind}`, (x) => typeof x === 'string', 'a text');
  if (values !== undefined && (!isRecord(values) || Array.isArray(values)))
    throw new Error(`${WHERE}: values must be an object`);
  return data as PageData;
}

let read: PageData | undefined;

/** The page's data (parsed once). */
export function pageData(doc: Document = document): PageData {
  if (read) return read;
  const el = doc.getElementById(PAGE_DATA_ID);
  if (!el) throw new Error(`the page has no ${WHERE}`);
  read = parsePageData(el.textContent ?? '');
  return read;
}

/** Forget the parsed data (tests load another page). */
export function resetPageData(): void {
  read = undefined;
}

const resolved = new WeakMap<object, unknown>();

/** `make()` once per reference object: the same value (identity) for every render of an island. */
export function once<T>(ref: object, make: () => T): T {
  if (!resolved.has(ref)) resolved.set(ref, make());
  return resolved.get(ref) as T;
}

/** An island's translation strings, by its namespaces. */
export function pageStrings(ref: StringsRef): Record<string, Messages> {
  return (
    ref[HELD] ?? once(ref, () => Object.fromEntries(ref.ns.split(',').map((ns) => [ns, pageData().strings[ns] ?? {}])))
  );
}

/** A list of offers, in order. */
export function pageOffers<T>(ref: OffersRef<T>): T[] {
  return (
    ref[HELD] ??
    once(ref, () =>
      (ref.ids ? ref.ids.split(' ') : []).map((key) => {
        const { offers, refs } = pageData();
        const offer = offers[key] as Record<string, unknown> | undefined;
        if (!offer) throw new Error(`${WHERE} has no offer "${key}"`);
        const { brand, category } = offer;
        return {
          ...offer,
          brand: typeof brand === 'string' ? refs[brand] : brand,
          category: typeof category === 'string' ? refs[category] : category,
        } as T;
      }),
    )
  );
}

/** The build's format texts for an island (the page's, every island's together); none without a reference. */
export function pageFormats(ref: FormatsRef | undefined): FormatSeed | undefined {
  return ref && (ref[HELD] ?? pageData().formats);
}

/** A value of the page's `values`. */
export function pageValue<T>(ref: ValueRef<T>): T {
  return (
    ref[HELD] ??
    once(ref, () => {
      const values = pageData().values ?? {};
      if (!(ref.key in values)) throw new Error(`${WHERE} has no value "${ref.key}"`);
      return values[ref.key] as T;
    })
  );
}

/** A listing page with its items. */
export function pagePage<T>(ref: PageRef<T>): Page<T> {
  return once(ref, () => ({ ...ref, items: pageOffers(ref.items) }));
}
