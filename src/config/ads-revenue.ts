/**
 * The revenue parts of the `ads` block (issue 25), kept apart from the other schema areas:
 * - `adsTxt`: extra ads.txt lines for other authorized sellers, checked against the IAB ads.txt
 *   1.1 format (src/config/ads-txt.ts) so a bad line names its JSON path at build time;
 * - `campaigns`: direct-sold campaigns served first-party (src/ads/core/campaigns.ts);
 * - `amazon`: Amazon Associates products rendered first-party with Amazon's disclosure.
 * Spread into `adsSchema` (src/config/schema.ts) with `refineAdsRevenue` in its superRefine.
 */
import { z } from 'zod';
import { type AdsTxtEntry, adsTxtEntryLine, validateAdsTxtLine } from './ads-txt.ts';
import { AMAZON_IMAGE_HOSTS } from './amazon.ts';

export const CAMPAIGN_PAGE_TYPES = ['home', 'coupons', 'deals', 'search', 'category', 'brand', 'other'] as const;
export const CAMPAIGN_POSITIONS = ['top', 'bottom', 'modal-top', 'modal-bottom'] as const;
export const CAMPAIGN_LANGUAGES = ['en', 'es', 'fr', 'de'] as const;

/** A site path ("/ads/spring.png") or an https address. */
const IMAGE_SRC = /^(\/(?!\/)[^\s"'<>]*|https:\/\/[^\s"'<>]+)$/;
const AMAZON_LINK_HOST =
  /^(www\.)?(amazon\.(com|ca|co\.uk|de|fr|es|it|nl|se|pl|com\.be|com\.mx|com\.br|com\.au|co\.jp|in|ae|sa|sg|com\.tr|eg)|amzn\.to)$/;

const httpUrl = (what: string) =>
  z.string().refine(
    (v) => {
      try {
        const u = new URL(v);
        return u.protocol === 'https:' || u.protocol === 'http:';
      } catch {
        return false;
      }
    },
    { error: `${what} must be an http(s) address` },
  );

const isoInstant = (what: string) =>
  z.iso.datetime({
    offset: true,
    error: `${what} must be a date and time with its offset, e.g. "2026-12-01T00:00:00+01:00" or "2026-12-01T00:00:00Z"`,
  });

const creativeSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      type: z.literal('image'),
      /** A site path (put the file in public/) or an https address on the site's own domain. */
      src: z
        .string()
        .regex(IMAGE_SRC, { error: 'Creative src must be a site path ("/ads/x.png") or an https address' }),
      width: z.number().int().min(1).max(1200),
      height: z.number().int().min(1).max(1200),
      /** What the image says, for screen readers and when it does not load. */
      alt: z.string().trim().min(1, { error: 'Creative alt text is required (what the image says)' }).max(200),
    }),
    z.strictObject({
      type: z.literal('text'),
      title: z.string().trim().min(1, { error: 'Text creative title is required' }).max(80),
      body: z.string().trim().max(200).optional(),
      /** The call to action, e.g. "Shop the sale". */
      cta: z.string().trim().min(1).max(40).optional(),
    }),
  ],
  { error: 'Creative type must be "image" or "text"' },
);

export const campaignSchema = z
  .strictObject({
    /** Stable id: letters, digits, "-" and "_", e.g. "acme-spring-2026". Reported with every event. */
    id: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/i, {
      error: 'Campaign id must be 1 to 64 letters, digits, "-" or "_"',
    }),
    /** Who bought it (shown in the dashboard only). */
    advertiser: z.string().trim().min(1).max(80),
    enabled: z.boolean().default(true),
    creative: creativeSchema,
    /** Where a click goes. */
    clickUrl: httpUrl('Campaign clickUrl'),
    /** First moment it may show. */
    start: isoInstant('Campaign start'),
    /** It never shows from this moment on. */
    end: isoInstant('Campaign end'),
    /** Share among the campaigns eligible for the same slot, 1 to 1000. */
    weight: z.number().int().min(1).max(1000).default(1),
    /** Most views per visitor per day; applies only with consent (it needs stored state). */
    dailyCap: z.number().int().min(1).max(1000).optional(),
    /** Empty or missing list: any. */
    target: z
      .strictObject({
        pageTypes: z.array(z.enum(CAMPAIGN_PAGE_TYPES)).optional(),
        positions: z.array(z.enum(CAMPAIGN_POSITIONS)).optional(),
        /** Category slugs. */
        categories: z.array(z.string().min(1)).optional(),
        /** Brand slugs. */
        brands: z.array(z.string().min(1)).optional(),
        languages: z.array(z.enum(CAMPAIGN_LANGUAGES)).optional(),
      })
      .default({}),
  })
  .superRefine((c, ctx) => {
    if (Date.parse(c.end) <= Date.parse(c.start)) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'Campaign end must be after its start' });
    }
  });

export const amazonProductSchema = z.strictObject({
  /** Amazon's product id, e.g. "B08N5WRWNW". */
  asin: z.string().regex(/^[A-Z0-9]{10}$/, { error: 'ASIN must be 10 capital letters or digits' }),
  title: z.string().trim().min(1).max(120),
  /** The product image as Amazon serves it (SiteStripe / PA API): hot-linked, never re-hosted. */
  image: z.string().refine(
    (v) => {
      try {
        const u = new URL(v);
        return u.protocol === 'https:' && (AMAZON_IMAGE_HOSTS as readonly string[]).includes(u.hostname);
      } catch {
        return false;
      }
    },
    { error: `Amazon image must be an https address on ${AMAZON_IMAGE_HOSTS.join(' or ')}` },
  ),
  /** The product link with your associate tag (tag=…), as SiteStripe gives it. */
  url: z.string().refine(
    (v) => {
      try {
        const u = new URL(v);
        return u.protocol === 'https:' && AMAZON_LINK_HOST.test(u.hostname);
      } catch {
        return false;
      }
    },
    { error: 'Amazon product url must be an https link to an Amazon store (or amzn.to)' },
  ),
  /** Languages whose pages may show it (default: all). */
  languages: z.array(z.enum(CAMPAIGN_LANGUAGES)).optional(),
});

export const adsRevenueFields = {
  /**
   * Extra ads.txt lines, e.g. "openx.com, 540000000, RESELLER, 6a698e2ec38604c6", or
   * { "platform": "adsterra", "line": "…" } for a line written only while that platform is enabled.
   */
  adsTxt: z
    .array(
      z.union([
        z.string(),
        z.strictObject({ platform: z.enum(['adsense', 'adsterra', 'amazon', 'direct']), line: z.string() }),
      ]),
    )
    .default([]),
  /** Direct-sold campaigns. */
  campaigns: z.array(campaignSchema).default([]),
  /** Amazon Associates products (shown when the amazon platform is enabled). */
  amazon: z
    .strictObject({
      /** Your Associates tracking id, e.g. "mysite-20"; every product url must carry it. */
      tag: z.string().regex(/^[A-Za-z0-9-]{3,64}$/, { error: 'Amazon tag must look like "mysite-20"' }),
      products: z.array(amazonProductSchema).min(1, { error: 'List at least one Amazon product' }),
    })
    .optional(),
};

type RevenueLike = {
  adsTxt: AdsTxtEntry[];
  campaigns: { id: string }[];
  amazon?: { tag: string; products: { url: string }[] } | undefined;
  platforms: { platform: string; enabled: boolean }[];
};

/** Cross-field rules: ads.txt lines, unique campaign ids, the tag in every Amazon link. */
export function refineAdsRevenue(ads: RevenueLike, ctx: z.RefinementCtx): void {
  for (const [i, line] of ads.adsTxt.entries()) {
    const problem = validateAdsTxtLine(adsTxtEntryLine(line));
    const path = typeof line === 'string' ? ['adsTxt', i] : ['adsTxt', i, 'line'];
    if (problem) ctx.addIssue({ code: 'custom', path, message: problem });
  }
  const seen = new Set<string>();
  for (const [i, c] of ads.campaigns.entries()) {
    if (seen.has(c.id)) {
      ctx.addIssue({ code: 'custom', path: ['campaigns', i, 'id'], message: `Campaign id "${c.id}" is used twice` });
    }
    seen.add(c.id);
  }
  if (ads.amazon) {
    for (const [i, p] of ads.amazon.products.entries()) {
      let tag: string | null = null;
      try {
        tag = new URL(p.url).searchParams.get('tag');
      } catch {
        /* reported by the url rule */
      }
      if (tag !== null && tag !== ads.amazon.tag) {
        ctx.addIssue({
          code: 'custom',
          path: ['amazon', 'products', i, 'url'],
          message: `Amazon product url must carry your tag (tag=${ads.amazon.tag}), not tag=${tag}`,
        });
      }
      if (tag === null && !/amzn\.to$/.test(safeHost(p.url))) {
        ctx.addIssue({
          code: 'custom',
          path: ['amazon', 'products', i, 'url'],
          message: `Amazon product url must carry your tag (tag=${ads.amazon.tag}): copy it from SiteStripe`,
        });
      }
    }
  }
  const amazonOn = ads.platforms.some((p) => p.platform === 'amazon' && p.enabled);
  if (amazonOn && !ads.amazon) {
    const i = ads.platforms.findIndex((p) => p.platform === 'amazon' && p.enabled);
    ctx.addIssue({
      code: 'custom',
      path: ['platforms', i],
      message: 'The amazon platform needs ads.amazon: your tag and at least one product',
    });
  }
}

function safeHost(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

export type Campaign = z.infer<typeof campaignSchema>;
export type CampaignCreative = z.infer<typeof creativeSchema>;
export type AmazonProduct = z.infer<typeof amazonProductSchema>;
export type CampaignPageType = (typeof CAMPAIGN_PAGE_TYPES)[number];
export type CampaignPosition = (typeof CAMPAIGN_POSITIONS)[number];
