/**
 * Shapes seen in real Awin promotions replies that we may not copy here (no licence: see
 * tests/fixtures/import/real/README.md), rebuilt with our own texts (issue 39):
 * - one advertiser sends the same offer as an English "promotion" whose description names the
 *   code ("… using the code HSBCXC", no `voucher` object) and a Spanish "voucher" carrying it;
 * - two codeless deals of one brand with the same title and other dates/pages;
 * - free shipping with words between ("Free Mother's Day Shipping").
 */
import { describe, expect, it } from 'vitest';
import { discountOf } from '../../../src/import/discount.ts';
import { formatSummary, importFeeds } from '../../../src/import/import-feeds.ts';
import { IMPORT_NOW } from './helpers.ts';

const promo = (f: Record<string, unknown>) => ({
  type: 'promotion',
  advertiser: { id: 34947, name: 'Parque Sol', joined: true },
  terms: '',
  startDate: '2026-11-01T17:02:00+00:00',
  endDate: '2027-01-01T04:59:00+00:00',
  url: 'https://parquesol.example/',
  urlTracking: 'https://www.awin1.com/cread.php?awinmid=34947&awinaffid=1',
  regions: { all: true },
  ...f,
});

const run = (data: unknown[]) =>
  importFeeds([{ format: 'awin', label: 'awin.json', pages: [[JSON.stringify({ data })]] }], { now: IMPORT_NOW });

describe('Awin: an English promotion naming the code of a Spanish voucher', () => {
  const english = promo({
    promotionId: 1,
    title: 'Second visit day free when you pay with your bank card',
    description: 'Your second day of visits costs nothing when you book online using the code SOLDOS',
  });
  const spanish = promo({
    promotionId: 2,
    type: 'voucher',
    title: 'Segundo día de visita gratis pagando con tu tarjeta',
    description: 'Obtén el segundo día gratis al comprar en línea con tu tarjeta del banco',
    voucher: { code: 'SOLDOS', exclusive: false, attributable: false },
  });

  it('is one coupon with both texts, whichever comes first, and the same promotion again is a duplicate', async () => {
    for (const data of [
      [english, spanish],
      [spanish, english],
    ]) {
      const { catalog, summaries } = await run([...data, english]);
      expect(summaries.map(formatSummary)).toEqual(['awin awin.json: read 3, kept 2, left out 1 (duplicate 1)']);
      expect(catalog.deals).toEqual([]);
      expect(catalog.coupons).toHaveLength(1);
      expect(catalog.coupons[0]).toMatchObject({
        code: 'SOLDOS',
        name: {
          en: 'Second visit day free when you pay with your bank card',
          es: 'Segundo día de visita gratis pagando con tu tarjeta',
        },
      });
    }
  });

  it('stays a deal when the dates differ or the code is only part of a word', async () => {
    const later = { ...english, endDate: '2027-02-01T04:59:00+00:00' };
    const partOfWord = { ...english, description: 'Book online with SOLDOSPLUS for your second day' };
    for (const deal of [later, partOfWord]) {
      const { catalog } = await run([deal, spanish]);
      expect(catalog.coupons.map((c) => c.name)).toEqual([
        { es: 'Segundo día de visita gratis pagando con tu tarjeta' },
      ]);
      expect(catalog.deals.map((d) => d.title)).toEqual(['Second visit day free when you pay with your bank card']);
    }
  });
});

describe('Awin: two codeless deals of one brand with the same title', () => {
  it('keeps the first and says the second has the same title (not "the same code")', async () => {
    const deal = (id: number, end: string, url: string) =>
      promo({ promotionId: id, title: 'Do not miss our super deals', description: '', endDate: end, url });
    const { catalog, dropped } = await run([
      deal(10, '2026-12-15T15:11:00+00:00', 'https://parquesol.example/lok'),
      deal(11, '2026-12-10T14:04:00+00:00', 'https://parquesol.example/sales'),
    ]);
    expect(catalog.deals).toHaveLength(1);
    expect(dropped).toEqual([
      'awin 11 "Do not miss our super deals" of Parque Sol (data[1]): same brand and title as awin 10, kept from awin',
    ]);
  });
});

describe('free shipping with words between, as real titles write it', () => {
  it('is read for up to three words between, not when "free" is about something else', () => {
    const cases: [string, string][] = [
      ["Free Mother's Day Shipping", 'free_shipping'],
      ['FREE Next Day Delivery', 'free_shipping'],
      ['APP ONLY: Free Standard Delivery', 'free_shipping'],
      ['Free gift with delivery', 'fixed'],
      ['Free returns and delivery tracking', 'fixed'],
      ['Free mini face oil with every order, delivery in two days', 'fixed'],
    ];
    for (const [text, discountType] of cases) expect(discountOf(text, 'en').discountType, text).toBe(discountType);
  });
});
