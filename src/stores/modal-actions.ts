/**
 * What the open modals do (SPEC §2, §4, §7): find a coupon's store, "Copy Code & Visit Store"
 * (copies, records the copy and the usage, opens the store even when copying failed) and
 * "Get Deal". Loaded with the modals (on the first interaction), not with every card.
 */

import { trackAction } from '../analytics/analytics.ts';
import type { Coupon, Deal } from '../catalog/schemas.ts';
import { copyText } from '../shopper-actions/clipboard.ts';
import { couponStoreUrl, dealUrl, openOutbound, safeOutboundUrl } from '../shopper-actions/outbound.ts';
import { markCouponCopied } from './copied.ts';
import { askWhenBack } from './feedback.ts';
import { browserSource } from './source.ts';
import { records } from './tracking.ts';

type BrandLookup = (
  brandId: number,
) => Promise<{ siteUrl: string | null; trackingUrl: string | null; originUrl: string | null } | null>;

const lookupBrand: BrandLookup = async (id) => (await browserSource()).brands.byId(id);
const addresses = new Map<number, Promise<string | null>>();

/**
 * Where a coupon's store is: its own link, else its brand's site, tracking or origin address
 * (looked up once per coupon; a failed lookup means no address).
 */
export function couponStoreAddress(
  coupon: Pick<Coupon, 'id' | 'link' | 'brandId' | 'brand'>,
  lookup: BrandLookup = lookupBrand,
): Promise<string | null> {
  const own = safeOutboundUrl(coupon.link);
  if (own) return Promise.resolve(own);
  const brandId = coupon.brand?.id ?? coupon.brandId;
  if (brandId === null || brandId === undefined) return Promise.resolve(null);
  let pending = addresses.get(coupon.id);
  if (!pending) {
    pending = lookup(brandId).then(
      (brand) => couponStoreUrl(coupon, brand),
      (error) => {
        console.warn('Could not look up the brand of coupon', coupon.id, error);
        addresses.delete(coupon.id);
        return null;
      },
    );
    addresses.set(coupon.id, pending);
  }
  return pending;
}

export type CopyAndVisitResult = {
  /** The code is on the clipboard (false for a coupon without a code). */
  copied: boolean;
  /** The coupon has a code and copying it failed ("Failed to copy code"). */
  copyFailed: boolean;
  /** What opening the store did: a tab opened, the pop-up was blocked, or there is no address. */
  opened: 'opened' | 'blocked' | 'invalid';
};

export type CopyAndVisitDeps = {
  copy?: (text: string) => Promise<boolean>;
  open?: (url: string | null) => 'opened' | 'blocked' | 'invalid';
  address?: (coupon: Coupon) => Promise<string | null>;
};

/**
 * "Copy Code & Visit Store" (SPEC §2, §4, §7): copy the code (if any); after a copy, mark the
 * coupon copied for 3 s and record the copy and the usage; then open the store in a new tab,
 * also when copying failed.
 */
export async function copyCodeAndVisit(coupon: Coupon, deps: CopyAndVisitDeps = {}): Promise<CopyAndVisitResult> {
  const { copy = copyText, open = (url) => openOutbound(url), address = (c) => couponStoreAddress(c) } = deps;
  const where = address(coupon);
  let copied = false;
  let copyFailed = false;
  if (coupon.code.trim() !== '') {
    copied = await copy(coupon.code);
    copyFailed = !copied;
    if (copied) {
      markCouponCopied(coupon.id);
      void records.couponCopied(coupon);
      trackAction('code_copied', { coupon_id: coupon.id });
    }
  }
  const opened = open(await where);
  if (opened === 'invalid') console.warn('No http(s) store address for coupon', coupon.id);
  else trackAction('store_visited', { coupon_id: coupon.id });
  // The shopper tries the code in the store's tab: ask "Did {CODE} work?" when they come back.
  if (copied && opened === 'opened') askWhenBack(coupon);
  return { copied, copyFailed, opened };
}

/** "Get Deal": record the click and open the deal's address in a new tab. */
export function visitDeal(
  deal: Deal,
  open: (url: string | null) => 'opened' | 'blocked' | 'invalid' = openOutbound,
): void {
  void records.dealOpened(deal);
  if (open(dealUrl(deal)) !== 'invalid') trackAction('store_visited', { deal_id: deal.id });
}
