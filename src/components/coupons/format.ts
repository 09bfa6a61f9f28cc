/**
 * Localized display of offers for cards and modals: the discount badge (SPEC §5 "Display",
 * with the "OFF" wording translated), dates and prices in the page's language.
 */

import type { TFunction } from 'i18next';
import { firstNumber, formatPrice } from '../../catalog/display.ts';
import { dateFormat } from '../../catalog/intl.ts';
import type { DiscountType } from '../../catalog/schemas.ts';

/** Badge text: percentage → rounded value + "% OFF"; fixed → currency amount + " OFF"; otherwise the text. */
export function discountLabel(
  t: TFunction,
  item: { discount: string; discountType: DiscountType; currency?: string },
  lang: string,
): string {
  const text = item.discount.trim();
  if (item.discountType === 'free_shipping') return t('coupons:discount.freeShipping');
  if (item.discountType === 'bogo') return t('coupons:discount.bogo');
  const n = firstNumber(text);
  if (n === null) return text;
  if (item.discountType === 'percentage') return t('coupons:discount.percent', { value: Math.round(n) });
  return t('coupons:discount.amount', { amount: formatPrice(n, item.currency ?? 'USD', lang) });
}

/** "May 8, 2026" in the page language and the site's timezone (same on server and client). */
export function formatDate(iso: string | null | undefined, lang: string, timeZone?: string): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  try {
    return dateFormat(lang, { dateStyle: 'medium', ...(timeZone ? { timeZone } : {}) }).format(d);
  } catch {
    return dateFormat(lang, { dateStyle: 'medium' }).format(d);
  }
}

/** The first letter of a brand name for the logo fallback. */
export function initialOf(name: string | null | undefined): string {
  return (name ?? '').trim().charAt(0).toUpperCase() || '?';
}

/**
 * Builds the date and price formatters the cards use, one per idle moment, so the first list a
 * page renders in the browser (search results) does not also pay for loading the language's
 * Intl data in the same task. Later calls use the cached formatters (src/catalog/intl.ts).
 */
export function warmFormats(lang: string, timeZone?: string): void {
  if (typeof window === 'undefined') return;
  const steps = [
    () => formatDate('2026-01-01T00:00:00Z', lang, timeZone),
    () => formatPrice(1, 'USD', lang),
    () => formatPrice(1.5, 'USD', lang),
  ];
  const idle = (fn: () => void) =>
    'requestIdleCallback' in window ? requestIdleCallback(fn, { timeout: 1000 }) : setTimeout(fn, 50);
  const next = () => {
    steps.shift()?.();
    if (steps.length) idle(next);
  };
  idle(next);
}

/**
 * The note under an offer whose text is a fallback in another language (issue 39), e.g. "Shown in
 * Spanish" on an English page: the language's name in the page's language (Intl.DisplayNames).
 */
export function shownInLabel(t: TFunction, textLang: string, lang: string): string {
  let language = textLang;
  try {
    language = new Intl.DisplayNames([lang], { type: 'language' }).of(textLang) ?? textLang;
  } catch {
    // An engine without DisplayNames names the language by its code.
  }
  return t('coupons:card.shownIn', { language });
}
