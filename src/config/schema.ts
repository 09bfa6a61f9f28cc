/**
 * The site configuration schema (SPEC §3 "Site configuration", §5 "Whole-config schema"
 * and "Site config minimum"). One schema per area, combined once in `siteConfigSchema`.
 * Unknown keys are rejected so a typo in an operator's JSON is reported, not ignored.
 * Types come from `z.infer`; nothing here imports React, the DOM or node:fs.
 */
import { z } from 'zod';
import { ENDPOINT_NAMES, type EndpointName } from '../api/endpoints.ts';
import { hasUnsafeUrlChar, isOutboundUrl, isSitePath } from '../catalog/refinements.ts';
import { adsRevenueFields, refineAdsRevenue } from './ads-revenue.ts';
import { SECRET_KEY } from './public.ts';
import { urlSecretProblem } from './url-secrets.ts';

/** The languages the UI is translated into. A site supports a subset of these. */
export const UI_LANGUAGES = ['en', 'es', 'fr', 'de'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;
const SITE_ID = /^[a-z0-9-]+$/;
/** A path under src/assets to a raster image, e.g. "hero/deals.jpg". */
const HERO_IMAGE = /^[A-Za-z0-9_][A-Za-z0-9_./-]*\.(jpe?g|png|webp|avif)$/i;

/** A two-letter language code, e.g. "en". */
export const languageCodeSchema = z
  .string()
  .regex(/^[a-z]{2}$/, { error: 'Language code must be exactly 2 lowercase letters, e.g. "en"' });

/**
 * A string of at most `max` characters. Config texts are copied into every page of every
 * language, so an unbounded one multiplies into the whole site (a 1 MB hero title built 878 MB).
 */
const tooLong = (max: number, what: string) => ({
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
const noUrlSecret = (v: string) => !urlSecretProblem(v);
const urlSecretError = {
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
const DOMAIN =
  /^(?=.{1,253}(?::|$))(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?::\d{1,5})?$/i;

/** A logo or favicon: a file of this site ("/logo.svg") or an https image address. */
const imageRefSchema = z
  .string()
  .min(1, { error: 'Image is required' })
  .refine((v) => isSitePath(v) || (isOutboundUrl(v) && /^https:/i.test(v)), {
    error: 'Image must be a path on this site starting with a single "/" (e.g. "/logo.svg") or an https:// address',
  })
  .refine(noUrlSecret, urlSecretError);

const colourSchema = z.string().regex(HEX_COLOUR, { error: 'Colour must be written as #RRGGBB, e.g. "#2563eb"' });

/**
 * An http(s) URL, a mailto: address or a path on this site starting with ONE "/" ("//host" and
 * "/\\host" are other hosts to a browser, so they are refused, as are spaces and control characters).
 */
const hrefSchema = z
  .string()
  .min(1, { error: 'Link must not be empty' })
  .refine((v) => isSitePath(v) || isOutboundUrl(v) || (/^mailto:./i.test(v) && !hasUnsafeUrlChar(v)), {
    error:
      'Link must be a path on this site starting with a single "/" (not "//" or "/\\"), an http(s) address or a mailto: address',
  })
  .refine(noUrlSecret, urlSecretError);

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

export const featuresSchema = z
  .object({
    staticData: z.strictObject({ enabled: z.boolean() }),
    search: z
      .strictObject({
        enabled: z.boolean(),
        minCharacters: z.number().int().min(1, { error: 'search minCharacters must be at least 1' }).default(2),
      })
      .default({ enabled: true, minCharacters: 2 }),
    pagination: z
      .strictObject({
        enabled: z.boolean().default(true),
        type: z.enum(['pagination', 'infinite-scroll'], {
          error: 'Pagination type must be pagination or infinite-scroll',
        }),
        itemsPerPage: z.number().int().min(1, { error: 'itemsPerPage must be at least 1' }),
      })
      .default({ enabled: true, type: 'pagination', itemsPerPage: 20 }),
    newsletter: z
      .strictObject({
        enabled: z.boolean(),
        provider: z.enum(['mailchimp', 'sendgrid', 'custom'], {
          error: 'Newsletter provider must be mailchimp, sendgrid or custom',
        }),
        apiKey: z.string().optional(),
        listId: z.string().optional(),
        /** An https address or a path on the API, e.g. "/newsletter/subscribe". */
        endpoint: z
          .string()
          .refine((v) => isSitePath(v) || (/^https:\/\//i.test(v) && isOutboundUrl(v)), {
            error:
              'Newsletter endpoint must be a path on the API starting with a single "/" (not "//host") or an https:// address',
          })
          .refine(noUrlSecret, urlSecretError)
          .optional(),
      })
      .superRefine((n, ctx) => {
        if (!n.enabled) return;
        if (!n.apiKey)
          ctx.addIssue({
            code: 'custom',
            path: ['apiKey'],
            message: 'Newsletter API key is required when the newsletter is enabled',
          });
        if (!n.listId)
          ctx.addIssue({
            code: 'custom',
            path: ['listId'],
            message: 'Newsletter list ID is required when the newsletter is enabled',
          });
      })
      .optional(),
  })
  /** Any other feature is `{ "enabled": boolean, ... }`. */
  .catchall(z.looseObject({ enabled: z.boolean() }));

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

/** A path on the API such as "/coupons/{id}/usage": one leading "/", no spaces or control characters. */
const apiPathSchema = z
  .string()
  .refine((v) => isSitePath(v), {
    error: 'API endpoint must be a path starting with a single "/", e.g. "/coupons/{id}/usage"',
  })
  .refine(noUrlSecret, urlSecretError);

export const apiSchema = z.strictObject({
  /** Used by the build (API mode) and by the browser when absolute; "/api" means same origin. */
  baseUrl: z
    .string({ error: 'API base URL is required' })
    .min(1, { error: 'API base URL is required' })
    .refine((v) => isSitePath(v) || isOutboundUrl(v), {
      error: 'API base URL must be a path on this site such as "/api" or an http(s):// address',
    })
    .refine(noUrlSecret, urlSecretError),
  timeout: z
    .number()
    .int()
    .min(1000, { error: 'API timeout must be at least 1000 ms' })
    .max(TIMER_MAX_MS, {
      error: `API timeout must be at most ${TIMER_MAX_MS} ms (the longest delay browsers and Node timers accept; 10000 is usual)`,
    })
    .default(10000),
  retryCount: z
    .number()
    .int()
    .min(0, { error: 'retryCount must be between 0 and 5' })
    .max(5, { error: 'retryCount must be between 0 and 5' })
    .default(3),
  /**
   * Named endpoint overrides: a path on the API (relative to baseUrl, "/api" added) per name,
   * "{id}" standing for the coupon or deal id, e.g. { "couponUsage": "/v2/coupons/{id}/used" }.
   * Names: see src/api/endpoints.ts (DEFAULT_ENDPOINTS).
   */
  endpoints: z
    .strictObject(
      Object.fromEntries(ENDPOINT_NAMES.map((name) => [name, apiPathSchema.optional()])) as Record<
        EndpointName,
        z.ZodOptional<typeof apiPathSchema>
      >,
    )
    .default({}),
  /** How an API-mode build pulls the catalog and keeps its last good snapshot (README "API-mode builds"). */
  build: z
    .strictObject({
      /** Items per list request, e.g. 100. */
      pageSize: z
        .number()
        .int()
        .min(1, { error: 'api.build.pageSize must be 1 to 1000' })
        .max(1000, { error: 'api.build.pageSize must be 1 to 1000' })
        .default(100),
      /** Requests in flight at once, e.g. 4. */
      concurrency: z
        .number()
        .int()
        .min(1, { error: 'api.build.concurrency must be 1 to 32' })
        .max(32, { error: 'api.build.concurrency must be 1 to 32' })
        .default(4),
      /** The last good snapshot is refused when it is older than this, in hours, e.g. 72. */
      snapshotMaxAgeHours: z.number().positive({ error: 'api.build.snapshotMaxAgeHours must be above 0' }).default(72),
    })
    .default({ pageSize: 100, concurrency: 4, snapshotMaxAgeHours: 72 }),
});

export const AD_PLATFORMS = ['adsense', 'adsterra', 'facebook', 'amazon', 'direct'] as const;
export const AD_POSITIONS = ['top', 'bottom', 'left', 'right'] as const;

const probability = (name: string) =>
  z
    .number()
    .min(0, { error: `${name} must be between 0 and 1` })
    .max(1, { error: `${name} must be between 0 and 1` });

/** Adsterra ad types (SPEC §3 "Direct-network ad config"). */
export const ADSTERRA_TYPES = ['native', 'banner', 'script', 'redirect', 'popunder'] as const;
/** Adsterra types that fill a slot on the page; the others are one script per page with no slot. */
export const ADSTERRA_SLOT_TYPES = ['native', 'banner'] as const;
/** Adsterra types AdSense policy forbids on the same page. */
export const ADSTERRA_POLICY_TYPES = ['popunder', 'redirect'] as const;

const HOST_NAME = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * One ad platform entry. Which fields apply depends on `platform`:
 * - adsense: `publisherId` ("ca-pub-" + 16 digits) and `slot` (the ad unit id) when enabled;
 *   `testMode` marks requests as test traffic (`data-adtest="on"`).
 * - adsterra: one entry per ad unit: `type`, `key` (32 hex characters), `width`/`height`
 *   (banner), `format`, `params`, `host` (the invoke host of the account's code).
 * - direct: first-party campaigns from `ads.campaigns`; amazon: Associates products from `ads.amazon`;
 *   facebook: accepted with a build warning and never chosen (Audience Network stopped serving websites in 2020).
 */
export const adPlatformConfigSchema = z
  .strictObject({
    platform: z.enum(AD_PLATFORMS, {
      error: 'Ad platform must be one of adsense, adsterra, facebook, amazon or direct',
    }),
    enabled: z.boolean(),
    /** AdSense only: mark requests as test traffic (data-adtest="on"). */
    testMode: z.boolean().default(false),
    /** AdSense: "ca-pub-" and 16 digits. Others: an informational account id. */
    publisherId: z.string().min(1).optional(),
    /** AdSense ad unit (slot) id, digits, e.g. "1234567890". */
    slot: z
      .string()
      .regex(/^\d{6,20}$/, { error: 'AdSense slot must be the ad unit id (digits), e.g. "1234567890"' })
      .optional(),
    /** Adsterra ad type. */
    type: z.string().optional(),
    /** Adsterra unit key: 32 hexadecimal characters from the network's code. */
    key: z
      .string()
      .regex(/^[a-f0-9]{32}$/, { error: 'Adsterra key must be the 32 hexadecimal characters from the ad code' })
      .optional(),
    width: z.number().int().min(1).max(1200).optional(),
    height: z.number().int().min(1).max(1200).optional(),
    /** Adsterra banner format; only "iframe" exists. */
    format: z.enum(['iframe'], { error: 'Adsterra format must be "iframe"' }).optional(),
    /** Adsterra banner params (atOptions.params). */
    params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
    /** Adsterra invoke host, a bare host name, e.g. "www.highperformanceformat.com". */
    host: z
      .string()
      .regex(HOST_NAME, { error: 'Adsterra host must be a bare host name, e.g. "www.highperformanceformat.com"' })
      .optional(),
  })
  .superRefine((p, ctx) => {
    const need = (key: keyof typeof p, message: string) => {
      if (p[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message });
    };
    if (p.testMode && p.platform !== 'adsense') {
      ctx.addIssue({ code: 'custom', path: ['testMode'], message: 'testMode applies to adsense only' });
    }
    if (p.platform !== 'adsense' && p.slot !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['slot'], message: 'slot applies to adsense only' });
    }
    if (p.platform !== 'adsterra') {
      for (const k of ['type', 'key', 'width', 'height', 'format', 'params', 'host'] as const) {
        if (p[k] !== undefined) ctx.addIssue({ code: 'custom', path: [k], message: `${k} applies to adsterra only` });
      }
    }
    if (p.platform === 'adsense' && p.enabled) {
      if (p.publisherId === undefined || !/^ca-pub-\d{16}$/.test(p.publisherId)) {
        ctx.addIssue({
          code: 'custom',
          path: ['publisherId'],
          message: 'AdSense publisherId must be "ca-pub-" followed by 16 digits',
        });
      }
      need('slot', 'AdSense slot (the ad unit id) is required when adsense is enabled');
    }
    if (p.platform === 'adsterra') {
      for (const key of Object.keys(p.params ?? {})) {
        if (SECRET_KEY.test(key)) {
          ctx.addIssue({
            code: 'custom',
            path: ['params', key],
            message: `Adsterra params are published in the ad code of every page; a secret-looking key ("${key}") cannot be one. Remove it (the network's code never needs a secret)`,
          });
        }
        const value = p.params?.[key];
        const problem = typeof value === 'string' ? urlSecretProblem(value) : null;
        if (problem) ctx.addIssue({ code: 'custom', path: ['params', key], message: problem });
      }
      if (p.type !== undefined && !(ADSTERRA_TYPES as readonly string[]).includes(p.type)) {
        ctx.addIssue({ code: 'custom', path: ['type'], message: `Unsupported ad type: ${p.type}` });
      }
      if (p.enabled) {
        need('type', `Adsterra type is required: one of ${ADSTERRA_TYPES.join(', ')}`);
        need('key', 'Adsterra key is required when the unit is enabled');
        if (p.type === 'banner') {
          need('width', 'Adsterra banner width is required');
          need('height', 'Adsterra banner height is required');
        }
      }
    }
  });

export const adsSchema = z
  .strictObject({
    enabled: z.boolean().default(true),
    strategy: z.enum(['aggressive', 'balanced', 'conservative'], {
      error: 'Ad strategy must be aggressive, balanced or conservative',
    }),
    positions: z
      .array(z.enum(AD_POSITIONS, { error: 'Ad position must be top, bottom, left or right' }))
      .min(1, { error: 'At least 1 ad position is required' }),
    clickRateLimit: probability('clickRateLimit'),
    displayProbability: probability('displayProbability'),
    platforms: z.array(adPlatformConfigSchema).min(1, { error: 'At least one ad platform must be configured' }),
    modal: z
      .strictObject({
        algorithm: z.enum(['random', 'smart', 'fixed'], { error: 'Modal ad algorithm must be random, smart or fixed' }),
        topProbability: probability('topProbability').default(0.7),
        closeOnlyByButton: z.boolean().default(true),
        showTimer: z.boolean().default(false),
      })
      .default({ algorithm: 'smart', topProbability: 0.7, closeOnlyByButton: true, showTimer: false }),
    // ads.txt lines, direct-sold campaigns, Amazon Associates products (src/config/ads-revenue.ts).
    ...adsRevenueFields,
  })
  .superRefine((ads, ctx) => {
    refineAdsRevenue(ads, ctx);
    // AdSense program policy: no AdSense on pages that trigger pop-unders or redirects.
    if (!ads.platforms.some((p) => p.platform === 'adsense' && p.enabled)) return;
    for (const [i, p] of ads.platforms.entries()) {
      if (
        p.platform === 'adsterra' &&
        p.enabled &&
        (ADSTERRA_POLICY_TYPES as readonly string[]).includes(p.type ?? '')
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['platforms', i, 'type'],
          message: `An Adsterra ${p.type} ad cannot run with AdSense enabled: AdSense policy forbids pages that trigger pop-unders or redirects. Disable this unit or adsense.`,
        });
      }
    }
  });

/**
 * Visitor consent (ARCHITECTURE "consent"). `banner`: our banner (Accept all / Reject all),
 * `tcf`: an IAB TCF v2.2 CMP loaded from `cmpScriptUrl` supplies `__tcfapi`, `none`: no
 * consent needed (the site serves no region that requires it).
 */
export const CONSENT_MODES = ['banner', 'tcf', 'none'] as const;
export const consentSchema = z
  .strictObject({
    mode: z.enum(CONSENT_MODES, { error: 'Consent mode must be banner, tcf or none' }),
    /** tcf: the https address of the CMP's script, e.g. "https://cmp.example.com/cmp.js". */
    cmpScriptUrl: z
      .url({ protocol: /^https$/, error: 'CMP script URL must be an https URL' })
      .refine(noUrlSecret, urlSecretError)
      .optional(),
    /** The cookie policy the banner links to (site path or URL). */
    policyHref: hrefSchema.default('/cookie-policy'),
  })
  .superRefine((c, ctx) => {
    if (c.mode === 'tcf' && !c.cmpScriptUrl) {
      ctx.addIssue({
        code: 'custom',
        path: ['cmpScriptUrl'],
        message: 'Consent mode tcf needs cmpScriptUrl: the https address of your IAB TCF v2.2 CMP',
      });
    }
    if (c.mode !== 'tcf' && c.cmpScriptUrl) {
      ctx.addIssue({
        code: 'custom',
        path: ['cmpScriptUrl'],
        message: 'cmpScriptUrl applies to consent mode tcf only',
      });
    }
  });

const TRACKING_ID = /^(?:UA-\d{4,10}-\d{1,4}|G-[A-Z0-9]{1,20}|GT-[A-Z0-9]{1,20})$/;

export const analyticsSchema = z.strictObject({
  googleAnalytics: z
    .strictObject({
      enabled: z.boolean(),
      /** e.g. "G-ABC123DEF4", "GT-ABCDE12" or "UA-12345678-1" (the whole value is checked, not only its start). */
      trackingId: z
        .string()
        .regex(/^(UA-|G-|GT-)/, { error: 'Analytics tracking ID must start with UA-, G- or GT-' })
        .refine((v) => !/^(UA-|G-|GT-)/.test(v) || TRACKING_ID.test(v), {
          error:
            'Analytics tracking ID must be the prefix followed only by capital letters and digits, e.g. "G-ABC123DEF4" (or "UA-12345678-1")',
        })
        .optional(),
    })
    .optional(),
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
  })
  .superRefine((cfg, ctx) => {
    const langs = cfg.site.supportedLanguages;
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
