/**
 * Wire values (SPEC §3): the coercions the wire schemas (wire.ts) apply to what an API sends:
 * numbers as strings, several spellings of one field, unsafe links and colours normalized with
 * the same tests the model schemas reject with (src/catalog/refinements.ts).
 */
import { z } from 'zod';
import {
  CATALOG_LANGUAGES,
  type CatalogLanguage,
  isCatalogLanguage,
  type LocalizedText,
  type TextByLanguage,
} from '../../catalog/localized.ts';
import {
  isCurrencyCode,
  isHexColor,
  isOutboundUrl,
  isSafeSlug,
  isSitePath,
  SLUG_MAX_LENGTH,
} from '../../catalog/refinements.ts';
import { type DiscountType, slugify } from '../../catalog/schemas.ts';

export type Dict = Record<string, unknown>;

/** The first of `keys` whose value is neither undefined nor null. */
export function first(o: Dict, ...keys: string[]): unknown {
  for (const k of keys) {
    const v = o[k];
    if (v !== undefined && v !== null) return v;
  }
  return undefined;
}

/** 42 or "42" → 42; anything else → undefined. */
export function toInt(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return v;
  if (typeof v === 'string' && /^\d+$/.test(v.trim()) && Number.isSafeInteger(Number(v.trim())))
    return Number(v.trim());
  return undefined;
}

/** 12.5 or "12.5" → 12.5; anything else → null. */
export function toNum(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
}

export function toCount(v: unknown): number {
  const n = toNum(v);
  return n !== null && n >= 0 ? Math.min(Math.floor(n), Number.MAX_SAFE_INTEGER) : 0;
}

/** true/false, 1/0, "true"/"false", "1"/"0", "yes"/"no". Unknown → false. */
export function toBool(v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'string') return ['true', '1', 'yes', 'y'].includes(v.trim().toLowerCase());
  return false;
}

export function toText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return '';
}

export function toTextOrNull(v: unknown): string | null {
  const s = toText(v).trim();
  return s === '' ? null : s;
}

/**
 * Only http: and https: addresses survive (`isOutboundUrl`, after trimming surrounding spaces);
 * anything else (javascript:, data:, vbscript:, "//host", relative, control characters) → null.
 */
export function toOutboundUrl(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const s = v.trim();
  if (!isOutboundUrl(s)) return null;
  const href = new URL(s).href;
  return isOutboundUrl(href) ? href : null;
}

/** Images: http(s) addresses or site paths ("/logos/a.svg", `isImageUrl`); anything else → null. */
export function toImageUrl(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const s = v.trim();
  if (isSitePath(s)) return s;
  return toOutboundUrl(s);
}

/** The colour used when a wire value is not #RRGGBB. */
export const DEFAULT_COLOR = '#6b7280';

export function toColor(v: unknown): string {
  return isHexColor(v) ? v : DEFAULT_COLOR;
}

/** A wire slug when safe (`isSafeSlug`); otherwise one derived from it, from the name, or the id. */
export function toSlug(v: unknown, name: string, id: number): string {
  const given = toText(v).trim();
  if (isSafeSlug(given)) return given;
  for (const candidate of [slugify(given), slugify(name)]) {
    const cut = candidate.slice(0, SLUG_MAX_LENGTH).replace(/-+$/, '');
    if (isSafeSlug(cut)) return cut;
  }
  return String(id);
}

/** "usd" → "USD"; anything that is not a 3-letter code → "USD". */
export function toCurrency(v: unknown): string {
  const s = toText(v).trim().toUpperCase();
  return isCurrencyCode(s) ? s : 'USD';
}

export function toStatus(v: unknown): string | null {
  return toTextOrNull(v);
}

/** Normalize discountType spellings; infer from the discount text when missing. */
export function toDiscountType(v: unknown, discountText: string): DiscountType {
  const s =
    typeof v === 'string'
      ? v
          .trim()
          .toLowerCase()
          .replace(/[\s-]+/g, '_')
      : '';
  if (['percentage', 'percent', '%', 'pct'].includes(s)) return 'percentage';
  if (['fixed', 'amount', 'fixed_amount', 'flat', 'cash'].includes(s)) return 'fixed';
  if (['free_shipping', 'freeshipping', 'shipping'].includes(s)) return 'free_shipping';
  if (['bogo', 'buy_one_get_one', 'b1g1'].includes(s)) return 'bogo';
  if (discountText.includes('%')) return 'percentage';
  if (/free\s*ship/i.test(discountText)) return 'free_shipping';
  if (/bogo|buy\s*one/i.test(discountText)) return 'bogo';
  return 'fixed';
}

export const dictSchema = z.record(z.string(), z.unknown());

/** A wire object: any JSON object; required fields are checked in `requireFields`. */
export function wire<T>(build: (o: Dict, ctx: z.RefinementCtx) => T | typeof z.NEVER) {
  return dictSchema.transform((o, ctx) => build(o, ctx));
}

/** Reports a missing/invalid required field as a zod issue; returns undefined when missing. */
export function requireId(o: Dict, ctx: z.RefinementCtx, ...keys: string[]): number | undefined {
  const id = toInt(first(o, ...keys));
  if (id === undefined)
    ctx.addIssue({ code: 'custom', message: `${keys[0]} must be a whole number`, path: [keys[0]!] });
  return id;
}

export function requireText(o: Dict, ctx: z.RefinementCtx, ...keys: string[]): string | undefined {
  const s = toText(first(o, ...keys)).trim();
  if (s === '') {
    ctx.addIssue({ code: 'custom', message: `${keys.join(' or ')} is required`, path: [keys[0]!] });
    return undefined;
  }
  return s;
}

export function asDict(v: unknown): Dict | null {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Dict) : null;
}

/**
 * A text an API sends (issue 24): a string, or `{ "en": "…", "es": "…" }`. Values are trimmed
 * like `toText`. Keys that are not one of the catalog languages are dropped, and the item is
 * kept: an operator's API may hold more languages than the site (`"it"`, `"pt"`), and one extra
 * language must not remove an offer from every page (catalog files, written for this project,
 * refuse an unknown code with its path instead). A regional key (`"es-MX"`, `"ES"`) stands for its
 * language when the plain code is missing. Empty texts are dropped; an object with no text left is
 * `undefined` (a missing text: a required one drops the item, an optional one is "").
 */
export function toLocalizedText(v: unknown, trim = true): LocalizedText | undefined {
  const clean = (s: string) => (s.trim() === '' ? undefined : trim ? s.trim() : s);
  if (typeof v === 'string' || typeof v === 'number') return clean(toText(v));
  const o = asDict(v);
  if (!o) return undefined;
  const out: TextByLanguage = {};
  const regional: TextByLanguage = {};
  for (const [key, raw] of Object.entries(o)) {
    const text = typeof raw === 'string' ? clean(raw) : undefined;
    if (text === undefined) continue;
    if (isCatalogLanguage(key)) out[key] = text;
    else {
      const base = key.toLowerCase().split(/[-_]/)[0];
      if (isCatalogLanguage(base) && regional[base] === undefined) regional[base] = text;
    }
  }
  for (const l of CATALOG_LANGUAGES) if (out[l] === undefined && regional[l] !== undefined) out[l] = regional[l];
  return Object.keys(out).length > 0 ? out : undefined;
}

/** A required text field (`requireText` for localized texts): reported as a zod issue when missing. */
export function requireLocalizedText(o: Dict, ctx: z.RefinementCtx, ...keys: string[]): LocalizedText | undefined {
  const t = toLocalizedText(first(o, ...keys));
  if (t === undefined) ctx.addIssue({ code: 'custom', message: `${keys.join(' or ')} is required`, path: [keys[0]!] });
  return t;
}

/** An item's own `"lang"`: the language its plain-string texts are in, when one of the catalog languages. */
export function toTextLang(v: unknown): { lang?: CatalogLanguage } {
  const s = typeof v === 'string' ? v.trim().toLowerCase().split(/[-_]/)[0] : undefined;
  return isCatalogLanguage(s) ? { lang: s } : {};
}

/** One text of a localized value for what needs a single string (a slug derived from a name): English first. */
export function anyText(v: LocalizedText): string {
  if (typeof v === 'string') return v;
  return v.en ?? Object.values(v).find((t) => t !== undefined) ?? '';
}
