/**
 * Third-party origins the site may contact, derived from the site config. The one list the
 * ad-script loader's allowlist, the consent gate's preconnect hints and the deploy headers'
 * Content-Security-Policy all read, so a host is allowed in exactly one place.
 *
 * Plain data, no DOM: safe to import at build time and in the browser.
 */
import { AMAZON_IMAGE_HOSTS } from '../../config/amazon.ts';
import type { ConsentConfig, SiteConfig } from '../../config/schema.ts';

export interface ThirdPartyOrigins {
  /** Origins a `<script src>` may come from. */
  script: string[];
  /** Origins an ad iframe may load. */
  frame: string[];
  /** Origins fetched / beaconed to (ad requests, analytics hits). */
  connect: string[];
  /** Origins images (creatives, pixels) come from. */
  img: string[];
}

/** Google AdSense (manual units): loader, creatives, frames, quality pings. */
export const ADSENSE_ORIGINS: ThirdPartyOrigins = {
  script: [
    'https://pagead2.googlesyndication.com',
    'https://tpc.googlesyndication.com',
    'https://partner.googleadservices.com',
    'https://www.googletagservices.com',
    'https://adservice.google.com',
    'https://fundingchoicesmessages.google.com',
    'https://ep2.adtrafficquality.google',
  ],
  frame: [
    'https://googleads.g.doubleclick.net',
    'https://tpc.googlesyndication.com',
    'https://www.google.com',
    'https://ep2.adtrafficquality.google',
  ],
  connect: [
    'https://pagead2.googlesyndication.com',
    'https://googleads.g.doubleclick.net',
    'https://ep1.adtrafficquality.google',
    'https://adservice.google.com',
  ],
  img: [
    'https://pagead2.googlesyndication.com',
    'https://tpc.googlesyndication.com',
    'https://googleads.g.doubleclick.net',
    'https://www.google.com',
    'https://ep1.adtrafficquality.google',
  ],
};

/** Adsterra's default invoke host; an account's own host comes from the platform entry. */
export const ADSTERRA_DEFAULT_HOST = 'www.highperformanceformat.com';

/** Google Analytics 4 (gtag.js). */
export const GA_ORIGINS: ThirdPartyOrigins = {
  script: ['https://www.googletagmanager.com'],
  frame: [],
  connect: [
    'https://www.google-analytics.com',
    'https://region1.google-analytics.com',
    'https://www.googletagmanager.com',
  ],
  img: ['https://www.google-analytics.com', 'https://www.googletagmanager.com'],
};

const empty = (): ThirdPartyOrigins => ({ script: [], frame: [], connect: [], img: [] });

function merge(into: ThirdPartyOrigins, add: ThirdPartyOrigins): void {
  for (const k of ['script', 'frame', 'connect', 'img'] as const) {
    for (const o of add[k]) if (!into[k].includes(o)) into[k].push(o);
  }
}

/** `https://<host>` for a bare host name, or the origin of an http(s) URL; undefined otherwise. */
export function originOf(hostOrUrl: string): string | undefined {
  const raw = hostOrUrl.includes('://') ? hostOrUrl : `https://${hostOrUrl.replace(/^\/\//, '')}`;
  try {
    const u = new URL(raw);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The origin of the TCF CMP script when consent.mode is "tcf" (the CMP may also frame and call home). */
export function cmpOrigins(consent: ConsentConfig | undefined): ThirdPartyOrigins {
  if (consent?.mode !== 'tcf' || !consent.cmpScriptUrl) return empty();
  const origin = originOf(consent.cmpScriptUrl);
  return origin ? { script: [origin], frame: [origin], connect: [origin], img: [origin] } : empty();
}

/**
 * Every third-party origin this site's config allows: enabled ad platforms (each enabled
 * Adsterra unit's invoke host), the analytics tag, and the TCF CMP's host. Deterministic order.
 */
export function thirdPartyOrigins(
  config: Pick<SiteConfig, 'ads' | 'analytics'> & Record<string, unknown>,
): ThirdPartyOrigins {
  const out = empty();
  const ads = config.ads;
  if (ads.enabled !== false) {
    for (const p of ads.platforms) {
      if (!p.enabled) continue;
      if (p.platform === 'adsense') merge(out, ADSENSE_ORIGINS);
      // Amazon Associates: first-party markup; only the product images come from Amazon's image hosts.
      if (p.platform === 'amazon') {
        merge(out, { script: [], frame: [], connect: [], img: AMAZON_IMAGE_HOSTS.map((h) => `https://${h}`) });
      }
      if (p.platform === 'adsterra') {
        const host = typeof p.host === 'string' && p.host ? p.host : ADSTERRA_DEFAULT_HOST;
        const origin = originOf(host);
        if (origin) merge(out, { script: [origin], frame: [origin], connect: [origin], img: [origin] });
      }
    }
  }
  const ga = config.analytics?.googleAnalytics;
  if (ga?.enabled && ga.trackingId) merge(out, GA_ORIGINS);
  merge(out, cmpOrigins(config.consent as ConsentConfig | undefined));
  return out;
}
