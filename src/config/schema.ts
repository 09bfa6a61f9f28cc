/**
 * The site configuration schema (SPEC §3 "Site configuration", §5 "Whole-config schema"
 * and "Site config minimum"). One schema per area, combined once in `siteConfigSchema`.
 * Unknown keys are rejected so a typo in an operator's JSON is reported, not ignored.
 * Types come from `z.infer`; nothing here imports React, the DOM or node:fs. The shared field
 * schemas are in schema-fields.ts, the api section in schema-api.ts, the ads, consent and
 * analytics sections in schema-ads.ts, the features in schema-features.ts, the markets in
 * schema-markets.ts (all re-exported here).
 */
import { z } from 'zod';
import { isOutboundUrl, isSitePath } from '../catalog/refinements.ts';
import {
  type ADSTERRA_TYPES,
  type adPlatformConfigSchema,
  adsSchema,
  analyticsSchema,
  type CONSENT_MODES,
  consentSchema,
} from './schema-ads.ts';
import { apiSchema } from './schema-api.ts';
import { deploySchema } from './schema-deploy.ts';
import { featuresSchema } from './schema-features.ts';
import {
  boundedText,
  colourSchema,
  DOMAIN,
  FEATURED_MAX,
  HERO_IMAGE,
  hrefSchema,
  imageRefSchema,
  isTimeZone,
  type LocalizedText,
  languageCodeSchema,
  localizedText,
  noUrlSecret,
  SITE_ID,
  tooLong,
  UI_LANGUAGES,
  urlSecretError,
} from './schema-fields.ts';
import { healthSchema } from './schema-health.ts';
import { checkImportTarget, importConfigSchema } from './schema-import.ts';
import { limitsSchema } from './schema-limits.ts';
import { marketsSchema } from './schema-markets.ts';

export * from './schema-ads.ts';
export * from './schema-api.ts';
export * from './schema-deploy.ts';
export * from './schema-features.ts';
export {
  boundedText,
  FEATURED_MAX,
  isTimeZone,
  type LocalizedText,
  languageCodeSchema,
  localizedText,
  localizedTextSchema,
  TEXT_MAX,
  TIMER_MAX_MS,
  UI_LANGUAGES,
  type UiLanguage,
} from './schema-fields.ts';
export * from './schema-limits.ts';
export * from './schema-markets.ts';

export const siteSchema = z.strictObject({
  /** Lowercase letters, digits or hyphens, e.g. "default" or "coupon-saver-uk". */
  id: z
    .string({ error: 'Site ID is required' })
    .min(1, { error: 'Site ID is required' })
    .regex(SITE_ID, { error: 'Site ID may only contain lowercase letters, digits or hyphens, e.g. "my-site"' }),
  /** Display name, e.g. "CouponSaver". */
  name: z.string().min(1, { error: 'Site name is required' }).max(120, tooLong(120, 'Site name')),
  /** Public host name, e.g. "couponsaver.example" (no scheme, user, path or spaces; a port is allowed). */
  domain: z
    .string({ error: 'Site domain is required' })
    .min(1, { error: 'Site domain is required' })
    .refine((v) => DOMAIN.test(v), {
      error:
        'Site domain must be a bare host name such as "couponsaver.example" (no "https://", no "user@", no "/path", no spaces)',
    }),
  defaultLanguage: languageCodeSchema,
  supportedLanguages: z.array(languageCodeSchema).min(1, { error: 'At least 1 supported language is required' }),
  /** IANA time zone, e.g. "America/New_York". */
  timezone: z
    .string()
    .min(1)
    .refine(isTimeZone, {
      error: (issue) =>
        `Unknown time zone ${JSON.stringify(String(issue.input).slice(0, 60))}: use an IANA zone name such as "America/New_York" or "Europe/Berlin"`,
    })
    .default('America/New_York'),
});

/** A font family name such as "Inter Variable" (letters, digits, spaces and hyphens). */
const fontNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, { error: 'Font name may only contain letters, digits, spaces and hyphens' });

export const brandingSchema = z.strictObject({
  logo: z.strictObject({
    light: imageRefSchema,
    dark: imageRefSchema.optional(),
    favicon: imageRefSchema,
  }),
  /** Eight colours, each #RRGGBB. */
  colors: z.strictObject({
    primary: colourSchema,
    secondary: colourSchema,
    accent: colourSchema,
    background: colourSchema,
    surface: colourSchema,
    text: colourSchema,
    textMuted: colourSchema,
    border: colourSchema,
  }),
  /** Two font families; self-hosted fonts are used when the name matches one we ship. */
  fonts: z.strictObject({
    heading: fontNameSchema,
    body: fontNameSchema,
  }),
  theme: z.enum(['light', 'dark', 'auto'], { error: 'Theme must be one of light, dark or auto' }),
});

export const SOCIAL_PLATFORMS = ['facebook', 'twitter', 'instagram', 'linkedin', 'youtube'] as const;
export const NAV_ITEMS = ['home', 'coupons', 'deals', 'brands', 'categories'] as const;
export const FOOTER_SECTIONS = ['company', 'support', 'legal'] as const;

const linkSchema = z.strictObject({ label: localizedText(80), href: hrefSchema });

/** An e-mail address such as "support@example.com". */
const emailSchema = z.email({ error: 'Must be an e-mail address, e.g. "support@example.com"' });

/**
 * Contact details used by the contact, careers and legal pages (`content.contact`). Every
 * address defaults to `<role>@<site.domain>`; see `src/config/contact.ts`.
 */
export const contactSchema = z.strictObject({
  /** Where shoppers' questions go (contact form, privacy requests), e.g. "support@example.com". */
  supportEmail: emailSchema.optional(),
  /** Brand and affiliate partnership requests. */
  partnershipsEmail: emailSchema.optional(),
  /** Journalists and media. */
  pressEmail: emailSchema.optional(),
  /** Job applications (careers page "Apply" links). */
  careersEmail: emailSchema.optional(),
  /** Postal address of the operator, lines separated by "\n"; shown on contact and legal pages when set. */
  postalAddress: z.string().min(1).max(500, tooLong(500, 'Postal address')).optional(),
  /**
   * Where the contact form posts (JSON) instead of the default: `POST /contact` on the API in
   * API mode, or a hand-off to the visitor's e-mail app in static-data mode. e.g. a form service URL.
   */
  formEndpoint: z
    .string()
    .refine((v) => isSitePath(v) || (/^https:\/\//i.test(v) && isOutboundUrl(v)), {
      error:
        'Contact form endpoint must be a path on this site starting with a single "/" (not "//host") or an https:// address',
    })
    .refine(noUrlSecret, urlSecretError)
    .optional(),
  /** Live chat: the chat page to link to (http(s)) and the hours shown on the contact page. */
  liveChat: z
    .strictObject({
      url: z
        .url({ protocol: /^https?$/, error: 'Live chat URL must be an http(s) URL' })
        .refine(noUrlSecret, urlSecretError)
        .optional(),
      hours: localizedText(200).optional(),
    })
    .optional(),
});

export const contentSchema = z.strictObject({
  hero: z.strictObject({
    title: localizedText(160),
    subtitle: localizedText(400),
    ctaText: localizedText(60),
    /**
     * An image file under src/assets, e.g. "hero/deals.jpg" (JPEG, PNG, WebP or AVIF), shown behind
     * the hero; the build makes responsive AVIF and WebP versions of it (src/components/home/HeroBackground.astro).
     */
    backgroundImage: z
      .string()
      .regex(HERO_IMAGE, {
        error:
          'Hero background image must be a .jpg, .jpeg, .png, .webp or .avif file under src/assets, e.g. "hero/deals.jpg"',
      })
      .refine((v) => !v.split('/').includes('..'), { error: 'Hero background image must not contain ".."' })
      .optional(),
  }),
  /** Header navigation, in order. `id` picks the translated label when `label` is absent. */
  navigation: z
    .array(
      z.strictObject({
        id: z.enum(NAV_ITEMS),
        href: hrefSchema,
        label: localizedText(60).optional(),
      }),
    )
    .min(1),
  showSearch: z.boolean().default(true),
  showLanguageSelector: z.boolean().default(true),
  footer: z.strictObject({
    description: localizedText(600),
    sections: z.array(
      z.strictObject({
        id: z.enum(FOOTER_SECTIONS),
        title: localizedText(60).optional(),
        links: z.array(linkSchema),
      }),
    ),
  }),
  socialLinks: z.array(
    z.strictObject({
      platform: z.enum(SOCIAL_PLATFORMS, {
        error: 'Social platform must be one of facebook, twitter, instagram, linkedin or youtube',
      }),
      url: z
        .url({ protocol: /^https?$/, error: 'Social link must be an http(s) URL' })
        .refine(isOutboundUrl, { error: 'Social link must be an http(s) URL without spaces or control characters' })
        .refine(noUrlSecret, urlSecretError),
    }),
  ),
  /** Copyright line; "{year}" and "{siteName}" are filled in. */
  copyright: localizedText(200),
  featuredCategories: z
    .array(z.number().int())
    .max(FEATURED_MAX, { error: `At most ${FEATURED_MAX} featured categories (the home page shows ${FEATURED_MAX})` })
    .default([]),
  featuredBrands: z
    .array(z.number().int())
    .max(FEATURED_MAX, { error: `At most ${FEATURED_MAX} featured brands (the home page shows ${FEATURED_MAX})` })
    .default([]),
  /** Contact addresses and live chat; every field has a default (see contactSchema). */
  contact: contactSchema.default({}),
});

export const seoSchema = z.strictObject({
  title: localizedText(160),
  description: localizedText(400),
  /** Share image: a path on this site, e.g. "/og-image.png" (the absolute URL is built from site.domain). */
  ogImage: z
    .string()
    .refine(isSitePath, {
      error: 'Share image must be a path on this site starting with a single "/", e.g. "/og-image.png"',
    })
    .optional(),
  twitterCard: z
    .enum(['summary', 'summary_large_image'], { error: 'twitterCard must be summary or summary_large_image' })
    .default('summary_large_image'),
  twitterHandle: boundedText(50, 'twitterHandle').optional(),
});

/** The admin dashboard's password gate: only the hex SHA-256 of the password (never the password). */
export const adminSchema = z.strictObject({
  passwordSha256: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, { error: 'admin.passwordSha256 must be the 64-character hex SHA-256 of the password' })
    .optional(),
});

export const staticDataSchema = z.strictObject({
  /** "sample" for the built-in sample catalog, or a path (relative to the repo) to a catalog JSON file. */
  catalog: z.string().min(1).default('sample'),
});

/** The whole site configuration. */
export const siteConfigSchema = z
  .strictObject({
    $schema: z.string().optional(),
    site: siteSchema,
    branding: brandingSchema,
    content: contentSchema,
    features: featuresSchema,
    seo: seoSchema,
    api: apiSchema,
    ads: adsSchema,
    consent: consentSchema.default({ mode: 'banner', policyHref: '/cookie-policy' }),
    analytics: analyticsSchema.default({}),
    admin: adminSchema.default({}),
    staticData: staticDataSchema.default({ catalog: 'sample' }),
    deploy: deploySchema.default({ target: 'static', prerender: { maxFiles: 20_000 } }),
    limits: limitsSchema.default(limitsSchema.parse({})),
    import: importConfigSchema.optional(),
    markets: marketsSchema.optional(),
    /** When shoppers' answers stop a code being offered (issue 40, ./schema-health.ts). */
    health: healthSchema.default({ hideAfter: 5, windowHours: 24 }),
  })
  .superRefine((cfg, ctx) => {
    checkImportTarget(cfg, ctx);
    const langs = cfg.site.supportedLanguages;
    for (const lang of Object.keys(cfg.markets ?? {})) {
      if (!langs.includes(lang)) {
        ctx.addIssue({
          code: 'custom',
          path: ['markets', lang],
          message: `Language "${lang}" has a market but is not one of supportedLanguages (${langs.join(', ')})`,
        });
      }
    }
    if (!langs.includes(cfg.site.defaultLanguage)) {
      ctx.addIssue({
        code: 'custom',
        path: ['site', 'defaultLanguage'],
        message: `Default language "${cfg.site.defaultLanguage}" must be one of supportedLanguages (${langs.join(', ')})`,
      });
    }
    for (const [i, lang] of langs.entries()) {
      if (!(UI_LANGUAGES as readonly string[]).includes(lang)) {
        ctx.addIssue({
          code: 'custom',
          path: ['site', 'supportedLanguages', i],
          message: `Language "${lang}" has no UI translation; use one of ${UI_LANGUAGES.join(', ')}`,
        });
      }
    }
    if (new Set(langs).size !== langs.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['site', 'supportedLanguages'],
        message: 'Supported languages must not repeat',
      });
    }
    // Every localized text must have the default language (others fall back to it).
    const requireDefault = (value: unknown, path: (string | number)[]) => {
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        const rec = value as Record<string, unknown>;
        const keys = Object.keys(rec);
        const looksLocalized = keys.length > 0 && keys.every((k) => /^[a-z]{2}$/.test(k) && typeof rec[k] === 'string');
        if (looksLocalized) {
          if (!(cfg.site.defaultLanguage in rec)) {
            ctx.addIssue({
              code: 'custom',
              path,
              message: `Text is missing the default language "${cfg.site.defaultLanguage}"`,
            });
          }
          return;
        }
        for (const [k, v] of Object.entries(rec)) requireDefault(v, [...path, k]);
      } else if (Array.isArray(value)) {
        for (const [i, v] of value.entries()) requireDefault(v, [...path, i]);
      }
    };
    requireDefault(cfg.content, ['content']);
    requireDefault(cfg.seo, ['seo']);
  });

export type SiteConfigInput = z.input<typeof siteConfigSchema>;
export type SiteConfig = z.infer<typeof siteConfigSchema>;
export type AdPlatformConfig = z.infer<typeof adPlatformConfigSchema>;
export type AdsConfig = z.infer<typeof adsSchema>;
export type ConsentConfig = z.infer<typeof consentSchema>;
export type ConsentMode = (typeof CONSENT_MODES)[number];
export type AdsterraType = (typeof ADSTERRA_TYPES)[number];
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];
export type NavItemId = (typeof NAV_ITEMS)[number];

/** Picks the text for `lang`, falling back to the site's default language, then any. */
export function localize(text: LocalizedText | undefined, lang: string, fallbackLang: string): string {
  if (!text) return '';
  return text[lang] ?? text[fallbackLang] ?? Object.values(text)[0] ?? '';
}
