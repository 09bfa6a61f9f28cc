/**
 * Outbound links (ARCHITECTURE "Decisions on quirks"): only http(s) addresses, opened in a
 * new tab without opener or referrer. Pure helpers plus one browser call.
 */

/** The address when it is an absolute http(s) URL, otherwise null. */
export function safeOutboundUrl(url: string | null | undefined): string | null {
  if (typeof url !== 'string' || url.trim() === '') return null;
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The first safe address of the list (e.g. tracking url, then origin url). */
export function firstOutboundUrl(...urls: (string | null | undefined)[]): string | null {
  for (const u of urls) {
    const safe = safeOutboundUrl(u);
    if (safe) return safe;
  }
  return null;
}

/** A coupon's store address: its link, then the brand's site, then the brand's tracking url. */
export function couponStoreUrl(
  coupon: { link: string | null },
  brand?: { siteUrl?: string | null; trackingUrl?: string | null; originUrl?: string | null } | null,
): string | null {
  return firstOutboundUrl(coupon.link, brand?.siteUrl, brand?.trackingUrl, brand?.originUrl);
}

/** A deal's address: tracking url, then origin url, then its link. */
export function dealUrl(deal: {
  trackingUrl: string | null;
  originUrl: string | null;
  link: string | null;
}): string | null {
  return firstOutboundUrl(deal.trackingUrl, deal.originUrl, deal.link);
}

/** rel for an outbound anchor; affiliate (tracking) links are also "sponsored". */
export const OUTBOUND_REL = 'noopener noreferrer sponsored';

export type OpenWindow = (url: string, target: string, features: string) => Window | null;

/**
 * Open a safe address in a new tab with noopener,noreferrer. Returns 'opened', 'blocked' (the
 * pop-up blocker said no: only a warning is logged) or 'invalid' (not http(s): nothing opens).
 */
export function openOutbound(
  url: string | null | undefined,
  open: OpenWindow | undefined = typeof window !== 'undefined' ? window.open.bind(window) : undefined,
  warn: (...args: unknown[]) => void = console.warn,
): 'opened' | 'blocked' | 'invalid' {
  const safe = safeOutboundUrl(url);
  if (!safe || !open) return 'invalid';
  let opened: Window | null = null;
  try {
    opened = open(safe, '_blank', 'noopener,noreferrer');
  } catch (error) {
    warn('Pop-up blocked:', error);
    return 'blocked';
  }
  // With noopener, window.open returns null even when the tab opened, so null is not proof of a block.
  void opened;
  return 'opened';
}
