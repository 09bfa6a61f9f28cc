/**
 * Shared field schemas of the site configuration (schema.ts): languages, bounded and localized
 * text, colours, images, links, and the secret-in-URL check every address goes through.
 */
import { z } from 'zod';
import { hasUnsafeUrlChar, isOutboundUrl, isSitePath } from '../catalog/refinements.ts';
import { urlSecretProblem } from './url-secrets.ts';

/** The languages the UI is translated into. A site supports a subset of these. */
export const UI_LANGUAGES = ['en', 'es', 'fr', 'de'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;
export const SITE_ID = /^[a-z0-9-]+$/;
/** A path under src/assets to a raster image, e.g. "hero/deals.jpg". */
export const HERO_IMAGE = /^[A-Za-z0-9_][A-Za-z0-9_./-]*\.(jpe?g|png|webp|avif)$/i;

/** A two-letter language code, e.g. "en". */
export const languageCodeSchema = z
  .string()
  .regex(/^[a-z]{2}$/, { error: 'Language code must be exactly 2 lowercase letters, e.g. "en"' });

/**
 * A string of at most `max` characters. Config texts are copied into every page of every
 * language, so an unbounded one multiplies into the whole site (a 1 MB hero title built 878 MB).
 */
export const tooLong = (max: number, what: string) => ({
  error: (issue: { input?: unknown }) =>
    `${what} must be at most ${max} characters (this one has ${typeof issue.input === 'string' ? issue.input.length : '?'})`,
});
export const boundedText = (max: number, what = 'Text') => z.string().max(max, tooLong(max, what));

/** The longest localized text (per language) when a field sets no lower bound. */
export const TEXT_MAX = 1000;

/** Text given per language, e.g. { "en": "Save more", "de": "Mehr sparen" }, each at most `max` characters. */
export const localizedText = (max: number) => z.record(languageCodeSchema, boundedText(max));
export const localizedTextSchema = localizedText(TEXT_MAX);
export type LocalizedText = z.infer<typeof localizedTextSchema>;

/** Refuses an address with a credential in it (`user:pass@`, `?apiKey=`, `?token=`…): it would be published. */
export const noUrlSecret = (v: string) => !urlSecretProblem(v);
export const urlSecretError = {
  error: (issue: { input?: unknown }) => urlSecretProblem(String(issue.input)) ?? 'Address contains a credential',
};

/** Featured ids per block (home page): the README's limit. */
export const FEATURED_MAX = 8;

/** A valid IANA time zone for Intl (what the build's date formatting needs). */
export function isTimeZone(v: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: v });
    return true;
  } catch {
    return false;
  }
}

/** The largest delay setTimeout accepts (2^31 - 1 ms); a larger one fires at once. */
export const TIMER_MAX_MS = 2147483647;

/** A bare host name, optionally with a port: "couponsaver.example", "shop.example:8443". */
export const DOMAIN =
  /^(?=.{1,253}(?::|$))(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?::\d{1,5})?$/i;

/** A logo or favicon: a file of this site ("/logo.svg") or an https image address. */
export const imageRefSchema = z
  .string()
  .min(1, { error: 'Image is required' })
  .refine((v) => isSitePath(v) || (isOutboundUrl(v) && /^https:/i.test(v)), {
    error: 'Image must be a path on this site starting with a single "/" (e.g. "/logo.svg") or an https:// address',
  })
  .refine(noUrlSecret, urlSecretError);

export const colourSchema = z
  .string()
  .regex(HEX_COLOUR, { error: 'Colour must be written as #RRGGBB, e.g. "#2563eb"' });

/**
 * An http(s) URL, a mailto: address or a path on this site starting with ONE "/" ("//host" and
 * "/\\host" are other hosts to a browser, so they are refused, as are spaces and control characters).
 */
export const hrefSchema = z
  .string()
  .min(1, { error: 'Link must not be empty' })
  .refine((v) => isSitePath(v) || isOutboundUrl(v) || (/^mailto:./i.test(v) && !hasUnsafeUrlChar(v)), {
    error:
      'Link must be a path on this site starting with a single "/" (not "//" or "/\\"), an http(s) address or a mailto: address',
  })
  .refine(noUrlSecret, urlSecretError);
