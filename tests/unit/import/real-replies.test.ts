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
