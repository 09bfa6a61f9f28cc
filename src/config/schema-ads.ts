/** The ads, consent and analytics sections of the site configuration, combined in schema.ts. */
import { z } from 'zod';
import { adsRevenueFields, refineAdsRevenue } from './ads-revenue.ts';
import { hrefSchema, noUrlSecret, urlSecretError } from './schema-fields.ts';
import { SECRET_KEY } from './secret-key.ts';
import { urlSecretProblem } from './url-secrets.ts';

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
