/**
 * Catalog text in the shopper's language (issue 24). Every shopper-facing text of the catalog
 * (category name and description, brand name and description, coupon name and description, deal
 * title and description, trending terms) is a plain string or a per-language object:
 *
 *   "name": "Electronics"
 *   "name": { "en": "Electronics", "es": "Electrónica", "fr": "Électronique", "de": "Elektronik" }
 *
 * A plain string is written in the site's default language (`site.defaultLanguage`); brand
 * names are the exception: a plain-string brand name is a proper name, the same in every
 * language. An object needs at least one of the catalog languages; an unknown code is refused
 * with its JSON path.
 *
 * Resolution is per entity, so one card never mixes languages: an entity's texts come all from
 * the page's language when it has every one of them, otherwise all from the default language
 * (the entity is then marked with that language, for a `lang` attribute, WCAG 3.1.2). Pure: no
 * I/O, no clock, no zod (browser bundles import it; the schema is in schemas.ts).
 */
/** The languages catalog text may be written in (the UI's languages). */
export const CATALOG_LANGUAGES = ['en', 'es', 'fr', 'de'] as const;
export type CatalogLanguage = (typeof CATALOG_LANGUAGES)[number];

export type TextByLanguage = Partial<Record<CatalogLanguage, string>>;
/** A plain string (the default language) or a per-language object. */
export type LocalizedText = string | TextByLanguage;

export const isCatalogLanguage = (v: unknown): v is CatalogLanguage =>
  typeof v === 'string' && (CATALOG_LANGUAGES as readonly string[]).includes(v);

/**
 * The problems of a localized text, each with the path inside it: `[]` when valid.
 * Used by the strict schema (schemas.ts). The lenient wire readers (src/sources/http/wire-values.ts
 * `toLocalizedText`) drop unknown language keys instead, keeping the item.
 */
export function localizedTextProblems(v: unknown): { path: (string | number)[]; message: string }[] {
  if (typeof v === 'string') return [];
  if (v === null || typeof v !== 'object' || Array.isArray(v))
    return [{ path: [], message: 'Expected text or an object of texts by language, e.g. { "en": "…", "es": "…" }' }];
  const entries = Object.entries(v as Record<string, unknown>);
  if (entries.length === 0)
    return [{ path: [], message: `Needs a text in at least one language (${CATALOG_LANGUAGES.join(', ')})` }];
  const out: { path: (string | number)[]; message: string }[] = [];
  for (const [key, text] of entries) {
    if (!isCatalogLanguage(key))
      out.push({ path: [key], message: `Unknown language "${key}": use one of ${CATALOG_LANGUAGES.join(', ')}` });
    else if (typeof text !== 'string') out.push({ path: [key], message: 'Expected text' });
  }
  return out;
}

/** Options of one resolution: the page's language and the site's default language. */
export type LanguagePair = { lang: CatalogLanguage; defaultLang: CatalogLanguage };

/**
 * The text of `value` in `lang`, if it has one. A plain string is the default language's text
 * (or every language's, when `neutral`: brand names).
 */
export function textIn(
  value: LocalizedText | undefined,
  lang: CatalogLanguage,
  defaultLang: CatalogLanguage,
  neutral = false,
): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return neutral || lang === defaultLang ? value : undefined;
  return value[lang];
}

/** Is the text empty in every language (nothing to translate)? */
const isBlank = (value: LocalizedText | undefined) =>
  value === undefined ||
  (typeof value === 'string' ? value.trim() === '' : Object.values(value).every((t) => !t?.trim()));

export type EntityText = { value: LocalizedText | undefined; neutral?: boolean };

/**
 * The one language an entity's texts are shown in on a `lang` page: `lang` when it has every
 * non-blank text in it, else the default language when that has them all, else the first other
 * catalog language that has them all (an API reply item written only in, say, French: its
 * `"lang": "fr"`), else `lang` again (texts missing in it then fall back one by one; only
 * malformed data gets there).
 */
export function entityLanguage(texts: readonly EntityText[], { lang, defaultLang }: LanguagePair): CatalogLanguage {
  const all = (l: CatalogLanguage) =>
    texts.every((t) => isBlank(t.value) || textIn(t.value, l, defaultLang, t.neutral) !== undefined);
  if (all(lang)) return lang;
  if (all(defaultLang)) return defaultLang;
  return CATALOG_LANGUAGES.find(all) ?? lang;
}

/** The text of `value` in `chosen`, else the default language, else any language, else "". */
export function resolveText(
  value: LocalizedText | undefined,
  chosen: CatalogLanguage,
  defaultLang: CatalogLanguage,
  neutral = false,
): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return (
    textIn(value, chosen, defaultLang, neutral) ??
    textIn(value, defaultLang, defaultLang, neutral) ??
    Object.values(value).find((t) => t !== undefined) ??
    ''
  );
}

/**
 * Counts the texts of an entity shown in another language than the page's when it is shown in
 * `chosen` (`entityLanguage`): a text that has a version in the page language but is shown in
 * the default language with the rest of its entity counts too.
 */
export function countFallbacks(
  texts: readonly EntityText[],
  chosen: CatalogLanguage,
  { lang, defaultLang }: LanguagePair,
): number {
  return texts.filter(
    (t) =>
      !isBlank(t.value) &&
      textIn(t.value, lang, defaultLang, t.neutral) !== resolveText(t.value, chosen, defaultLang, t.neutral),
  ).length;
}

/**
 * Accent and case folding for search ("Envío" → "envio", "Straße" → "strasse"): what the
 * search index, the suggestions and the listing text filter compare.
 */
export function foldText(s: string): string {
  return s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[æ]/g, 'ae')
    .replace(/[œ]/g, 'oe');
}
