/**
 * Island props that refer to the page's data instead of carrying it (issue 31: each offer and
 * each translation string serialized once per page). A page builds its data with
 * `createPageData` (./write.ts) and passes its islands references: at build time (and in an
 * edge Worker) a reference holds its value under a symbol key, which the island renders from;
 * Astro writes an island's props from their own enumerable string keys only, so the HTML
 * carries the reference (namespaces, offer keys), and in the browser the island reads the value
 * from the page's one `<script type="application/json" id="page-data">` (./read.ts).
 */
import type { FormatSeed } from '../catalog/intl.ts';
import type { Page } from '../catalog/source.ts';
import type { Messages } from '../i18n/index.ts';

/** Symbol.for: the same key whichever copy of this module a build or Worker bundle loads. */
export const HELD: unique symbol = Symbol.for('page-data.held') as never;

/** The value a reference holds where the page was rendered (absent in the browser). */
export type Held<T> = { readonly [HELD]?: T };

/** An island's translation strings: its namespaces, in order, of the page's strings. */
export type StringsRef = Held<Record<string, Messages>> & { readonly ns: string };

/** A list of offers: their keys in the page's offers ("c12" a coupon, "d7" a deal), space separated. */
export type OffersRef<T> = Held<T[]> & { readonly ids: string };

/** A page of a listing whose items are a reference. */
export type PageRef<T> = Omit<Page<T>, 'items'> & { readonly items: OffersRef<T> };

/** The build's texts of prices and dates an island shows first: the page's, all islands' together. */
export type FormatsRef = Held<FormatSeed>;

/** Any other value an island needs (e.g. the choices of a filter), under its key in the page's `values`. */
export type ValueRef<T> = Held<T> & { readonly key: string };

/** The page's data as the JSON script carries it. */
export type PageData = {
  /** Namespace → key → text, the union of what the page's islands render. */
  strings: Record<string, Messages>;
  /**
   * Offer key ("c12", "d7") → the offer. Its `brand` and `category` are written once per page in
   * `refs` (key "b<id>" / "k<id>"), the offer holding that key instead of the object.
   */
  offers: Record<string, unknown>;
  /** The offers' brand and category objects, by key. */
  refs: Record<string, unknown>;
  /** The islands' format seeds, merged (src/catalog/intl.ts). */
  formats?: FormatSeed;
  /** Other island values, by key. */
  values?: Record<string, unknown>;
};

/** The element id of the page's data script. */
export const PAGE_DATA_ID = 'page-data';

/** An offer's key in the page data. */
export function offerKey(kind: 'coupon' | 'deal', id: number): string {
  return `${kind === 'coupon' ? 'c' : 'd'}${id}`;
}
