/**
 * The import on REAL network replies captured by other projects (tests/fixtures/import/real,
 * README there names each source, commit and licence), at the fixed clock IMPORT_NOW: what is
 * kept, how, and why each left-out item is left out (issue 39).
 */
import { createReadStream } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCatalog } from '../../../src/catalog/parse-catalog.ts';
import { formatSummary, importFeeds } from '../../../src/import/import-feeds.ts';
import { IMPORT_NOW } from './helpers.ts';

const real = (file: string) => resolve(import.meta.dirname, '../../fixtures/import/real', file);

describe('Impact /Ads reply (MarkJPC/affiliate-ad-sync)', () => {
  const run = (options = {}) =>
    importFeeds(
      [
        {
          format: 'impact',
          label: 'impact-ads.json',
          pages: [createReadStream(real('impact-ads-affiliate-ad-sync.json'))],
        },
      ],
      { now: IMPORT_NOW, ...options },
    );

  it('leaves the banner out as not an offer; the DealDefaultPromoCode ad is a coupon with that code', async () => {
    const { catalog, summaries, dropped } = await run();
    expect(summaries.map(formatSummary)).toEqual([
      'impact impact-ads.json: read 2, kept 1, left out 1 (not-an-offer 1)',
    ]);
    expect(dropped).toEqual(['impact 1502989 "Learning Rewards - 728x90" of Coinbase (Ads[0]): not an offer (banner)']);
    expect(catalog.deals).toEqual([]);
    expect(catalog.coupons).toHaveLength(1);
    const coupon = catalog.coupons[0]!;
    expect(coupon).toMatchObject({
      code: 'wativ10',
      name: 'RC Products',
      description: '10% OFF for all RC Products',
      discount: '10',
      discountType: 'percentage',
      // "DealPublic": "false": offered to chosen partners, this publisher among them — kept, marked.
      exclusive: true,
    });
    expect(coupon.brand?.name).toBe('Harfington');
    const parsed = parseCatalog(JSON.parse(JSON.stringify(catalog)));
    expect(parsed.ok && parsed.problems).toEqual([]);
  });

  it('with exclusive "drop" (a feed that is not the operator’s own) the chosen-partners deal is left out too', async () => {
    const { catalog, summaries } = await run({ exclusive: 'drop' });
    expect(summaries.map(formatSummary)).toEqual([
      'impact impact-ads.json: read 2, kept 0, left out 2 (not-an-offer 1, not-public 1)',
    ]);
    expect(catalog.coupons).toEqual([]);
  });
});

describe('Rakuten coupon feed page (zuuzlo/linkshare_coupon_api)', () => {
  // The offers ran in 2013: imported at a clock inside their dates, and at the fixed clock.
  const run = (now: Date) =>
    importFeeds(
      [
        {
          format: 'rakuten',
          label: 'couponfeed.xml',
          pages: [createReadStream(real('rakuten-couponfeed-linkshare_coupon_api.xml'))],
        },
      ],
      { now },
    );

  it('keeps the three offers as deals valid in the US, reading the discount or leaving it empty', async () => {
    const { catalog, summaries } = await run(new Date('2013-09-01T12:00:00Z'));
    expect(summaries.map(formatSummary)).toEqual(['rakuten couponfeed.xml: read 3, kept 3, left out 0']);
    expect(catalog.coupons).toEqual([]);
    expect(catalog.deals.map((d) => [d.title, d.discount, d.discountType, d.countries])).toEqual([
      ['Free Shipping!', 'Free Shipping', 'free_shipping', ['US']],
      ["Take an Extra 15% off your order when you use your Kohl's Charge card!", '15', 'percentage', ['US']],
      // Nothing to read: no badge text, and not a "percentage" without a figure.
      ["Shop Kohl's.com today!", '', 'fixed', ['US']],
    ]);
    // http click links are upgraded to https.
    expect(catalog.deals.every((d) => d.link?.startsWith('https://click.linksynergy.com/'))).toBe(true);
    const parsed = parseCatalog(JSON.parse(JSON.stringify(catalog)));
    expect(parsed.ok && parsed.problems).toEqual([]);
  });

  it('at the fixed clock (2026) every offer is over, each left out as ended', async () => {
    const { catalog, summaries, dropped } = await run(IMPORT_NOW);
    expect(summaries.map(formatSummary)).toEqual(['rakuten couponfeed.xml: read 3, kept 0, left out 3 (ended 3)']);
    expect(dropped).toHaveLength(3);
    expect(dropped[0]).toMatch(/"Free Shipping!" of Kohls Department Stores Inc .*over before the build/);
    expect(catalog.deals).toEqual([]);
  });
});
