/**
 * The format seed of an island's first items (src/catalog/intl.ts): at build time, every price
 * and date text the cards of these offers show while they hydrate, and just after, by the
 * visitor's clock (days keep their text; "in 5 h" needs no Intl). The island seeds them before
 * its first render, so hydrating a page of cards loads no Intl data in the browser.
 * tests/unit/offers/format-seed.test.tsx renders the cards after seeding and checks that no
 * Intl formatter is created, so this list cannot drift from what the cards format.
 */
import type { TFunction } from 'i18next';
import { formatPrice, savingsAmount } from '../../catalog/display.ts';
import { type FormatSeed, numberFormat, recordFormats } from '../../catalog/intl.ts';
import { endTime } from '../../catalog/offer-time.ts';
import type { Coupon, Deal } from '../../catalog/schemas.ts';
import { siteRuntime } from '../../config/site-runtime.ts';
import { discountLabel, formatDate } from '../coupons/format.ts';
import { verifiedLabel } from '../health/CodeHealth.tsx';
import { endsText } from './EndsLabel.tsx';

/** Only the formatting matters here: keys stand in for the texts. */
const keysOnly = ((key: string) => key) as unknown as TFunction;

type Offer = { expiresAt: string | null };

function endsTexts(offer: Offer, lang: string, now: number) {
  const end = endTime(offer);
  if (end === null) return;
  // While hydrating (the day, by the end's own year) and after (the year shown when not now's).
  endsText(keysOnly, { kind: 'date', at: end }, lang, end);
  endsText(keysOnly, { kind: 'date', at: end }, lang, now);
}

export type SeedOffers = {
  coupons?: readonly (Coupon | null | undefined)[];
  deals?: readonly (Deal | null | undefined)[];
  /** Amounts shown as prices in US dollars (the home's total savings). */
  dollars?: readonly number[];
  /** Plain counts (the home's stats). */
  counts?: readonly number[];
};

/** The seed of `offers`' cards in `lang`; `now` is the build's clock. */
export function offerFormats(lang: string, offers: SeedOffers, now = Date.now()): FormatSeed {
  return recordFormats(() => {
    for (const c of offers.coupons ?? []) {
      if (!c) continue;
      discountLabel(keysOnly, c, lang);
      endsTexts(c, lang, now);
      verifiedLabel(keysOnly, c, lang);
      if (c.lastWorkedAt) formatDate(c.lastWorkedAt, lang, siteRuntime.timezone);
    }
    for (const d of offers.deals ?? []) {
      if (!d) continue;
      discountLabel(keysOnly, d, lang);
      endsTexts(d, lang, now);
      const saved = savingsAmount(d);
      if (d.salePrice !== null) formatPrice(d.salePrice, d.currency, lang);
      if (d.originalPrice !== null) formatPrice(d.originalPrice, d.currency, lang);
      if (saved !== null) formatPrice(saved, d.currency, lang);
    }
    for (const amount of offers.dollars ?? []) formatPrice(amount, 'USD', lang);
    for (const n of offers.counts ?? []) numberFormat(lang, {}).format(n);
  });
}
