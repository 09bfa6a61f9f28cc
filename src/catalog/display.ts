/**
 * Pure display helpers for coupons and deals (SPEC §5 "Display", §9 low-stock threshold).
 * No React, no DOM; locale and clock are arguments.
 */
import { numberFormat } from './intl.ts';
import type { DiscountType } from './schemas.ts';

/** "Only N left!" shows under this stock (SPEC §9). */
export const LOW_STOCK_THRESHOLD = 10;
const DAY_MS = 86_400_000;

/** First number in a discount text, e.g. "Save $1,250.50 today" → 1250.5; none → null. */
export function firstNumber(text: string | number | null | undefined): number | null {
  if (typeof text === 'number') return Number.isFinite(text) ? text : null;
  if (!text) return null;
  const m = /\d[\d,]*(?:\.\d+)?/.exec(text);
  if (!m) return null;
  const n = Number(m[0].replace(/,/g, ''));
  return Number.isFinite(n) ? n : null;
}

/** The number the discount sort uses (SPEC §4): first number in the text, 0 when none. */
export function discountNumber(text: string | number | null | undefined): number {
  return firstNumber(text) ?? 0;
}

/**
 * Price with currency and 0 to 2 decimals: whole amounts without decimals ("$20"), others
 * with two ("$19.50"). Unknown currency codes fall back to "USD".
 */
export function formatPrice(amount: number, currency = 'USD', locale = 'en-US'): string {
  const whole = Math.abs(amount - Math.round(amount)) < 0.005;
  const options: Intl.NumberFormatOptions = {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  };
  try {
    return numberFormat(locale, options).format(whole ? Math.round(amount) : amount);
  } catch {
    return numberFormat(locale, { ...options, currency: 'USD' }).format(whole ? Math.round(amount) : amount);
  }
}

/**
 * Discount badge text (SPEC §5): percentage → rounded value + "% OFF" ("20% OFF");
 * fixed → currency symbol + amount + " OFF" ("$15 OFF"); free_shipping / bogo → the text as
 * given ("Free Shipping"). Text without a number is shown as given.
 */
export function formatDiscount(
  item: { discount: string | number; discountType: DiscountType },
  options: { currency?: string; locale?: string } = {},
): string {
  const text = typeof item.discount === 'number' ? String(item.discount) : item.discount.trim();
  if (item.discountType === 'free_shipping') return text || 'Free Shipping';
  if (item.discountType === 'bogo') return text || 'BOGO';
  const n = firstNumber(text);
  if (n === null) return text;
  if (item.discountType === 'percentage') return `${Math.round(n)}% OFF`;
  return `${formatPrice(n, options.currency ?? 'USD', options.locale ?? 'en-US')} OFF`;
}

/** Original minus sale price when both are known and the sale is cheaper; otherwise null. */
export function savingsAmount(deal: { originalPrice: number | null; salePrice: number | null }): number | null {
  const { originalPrice, salePrice } = deal;
  if (originalPrice === null || salePrice === null || salePrice >= originalPrice) return null;
  return Math.round((originalPrice - salePrice) * 100) / 100;
}

/** Savings as a whole percentage of the original price, or null. */
export function savingsPercent(deal: { originalPrice: number | null; salePrice: number | null }): number | null {
  const saved = savingsAmount(deal);
  return saved === null || !deal.originalPrice ? null : Math.round((saved / deal.originalPrice) * 100);
}

/** Stock known and under 10 (SPEC §9). The card shows "Only N left!" when also limited. */
export function isLowStock(stock: number | null | undefined): boolean {
  return typeof stock === 'number' && stock < LOW_STOCK_THRESHOLD;
}

/** Expiry between now and now + days (inclusive). No expiry or already expired → false. */
export function isExpiringWithin(expiresAt: string | null | undefined, days: number, now: Date | number): boolean {
  if (!expiresAt) return false;
  const t = Date.parse(expiresAt);
  const n = typeof now === 'number' ? now : now.getTime();
  return Number.isFinite(t) && t >= n && t <= n + days * DAY_MS;
}
