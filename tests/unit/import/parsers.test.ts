/**
 * The five network formats (src/import/parsers): each fixture follows the network's published
 * format (docs/networks/*.md); a feed that cannot be read fails naming the source, where and why.
 */
import { describe, expect, it } from 'vitest';
import { FeedError, feedOfferSchema, type NetworkFormat } from '../../../src/import/offer.ts';
import { parseAwin } from '../../../src/import/parsers/awin.ts';
import { parseAwinCsv } from '../../../src/import/parsers/awin-csv.ts';
import { parseCj } from '../../../src/import/parsers/cj.ts';
import { parseImpact } from '../../../src/import/parsers/impact.ts';
import { PARSERS } from '../../../src/import/parsers/index.ts';
import { parseRakuten } from '../../../src/import/parsers/rakuten.ts';
import { collect, FIXTURE_FILES, fixtureStream, fixtureText, rejection } from './helpers.ts';

describe.each(Object.keys(FIXTURE_FILES) as NetworkFormat[])('%s', (format) => {
  it('yields offers of the normalized shape only, plain texts and UTC ISO dates', async () => {
    const offers = await collect(PARSERS[format], fixtureStream(FIXTURE_FILES[format]), FIXTURE_FILES[format]);
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) {
      expect(feedOfferSchema.parse(offer)).toEqual(offer);
      for (const d of [offer.startsAt, offer.endsAt])
        if (d) expect(d).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/);
      for (const text of [offer.title, offer.description, offer.terms, offer.advertiserName])
        expect(text).not.toMatch(/<[a-z/]|&[a-z]+;/i);
    }
  });
});

describe('awin (promotions API JSON)', () => {
  it('reads every promotion with its advertiser, code, +00:00 dates, links and regions', async () => {
    const offers = await collect(parseAwin, fixtureStream('awin.json'), 'awin.json');
    expect(offers).toHaveLength(10);
    const first = offers[0]!;
    expect(first).toMatchObject({
      network: 'awin',
      sourceId: '783245',
      advertiserId: '1001',
      advertiserName: 'Northwind Outfitters',
      title: '20% off everything & free returns',
      description: 'Take 20% off full-price jackets, boots & knitwear. Online only.',
      terms: 'Minimum spend £50. One use per customer.',
      code: 'NORTH20',
      // Public replies carry "+00:00" (midnight UK summer time is 23:00 UTC the day before).
      startsAt: '2026-09-30T23:00:00.000Z',
      endsAt: '2027-01-31T23:59:59.000Z',
      regions: ['GB'],
      categories: ['Clothing'],
      exclusive: false,
      at: 'data[0]',
    });
    expect(offers[1]!.exclusive).toBe(true); // voucher.exclusive
    expect(offers[9]!.exclusive).toBe(true); // voucher.attributable
    expect(offers[2]).toMatchObject({ code: '', endsAt: null }); // a promotion: no code, open-ended
  });

  it('reads a date without an offset as UK time (summer time included)', async () => {
    const feed = JSON.stringify({
      data: [{ promotionId: 1, advertiser: { id: 2, name: 'Acme' }, startDate: '2026-07-01T00:00:00' }],
    });
    const [offer] = await collect(parseAwin, [feed], 'a.json');
    expect(offer!.startsAt).toBe('2026-06-30T23:00:00.000Z');
  });

  it('fails on a reply without "data", and on cut-short JSON with its line', async () => {
    const wrong = await rejection(collect(parseAwin, ['{"promotions": []}'], 'https://api.awin.com/x'));
    expect(wrong).toBeInstanceOf(FeedError);
    expect(wrong.message).toBe(
      'https://api.awin.com/x (data): expected an Awin promotions reply: an object with a "data" list',
    );
    const cut = fixtureText('awin.json').slice(0, 900);
    const error = await rejection(collect(parseAwin, [cut], 'feeds/awin.json'));
    expect(error.message).toMatch(
      /^feeds\/awin\.json \(line \d+, column \d+\): not valid JSON \(cut short or malformed\)$/,
    );
  });

  it('fails on a promotion without an advertiser name, naming the field', async () => {
    const feed = JSON.stringify({ data: [{ promotionId: 1, advertiser: { id: 2 } }] });
    expect((await rejection(collect(parseAwin, [feed], 'a.json'))).message).toBe(
      'a.json (data[0].advertiser.name): missing',
    );
  });
});

describe('awin-csv (promotions CSV export)', () => {
  it('reads each row with its line, DD/MM/YYYY dates as UTC and the Exclusive column', async () => {
    const offers = await collect(parseAwinCsv, fixtureStream('awin.csv'), 'awin.csv');
    expect(offers).toHaveLength(5);
    expect(offers[0]).toMatchObject({
      sourceId: '912001',
      advertiserName: 'Blue Fjord Coffee',
      code: 'BEANS15',
      description: 'Any roast, any size – freshly ground on request.',
      startsAt: '2026-11-01T00:00:00.000Z',
      endsAt: '2026-12-31T23:59:59.000Z',
      categories: ['Coffee', 'Food & Drink'],
      trackingUrl: 'https://www.awin1.com/cread.php?awinmid=3001&awinaffid=123456&p=beans',
      exclusive: false,
      at: 'line 2',
    });
    expect(offers[3]).toMatchObject({ code: 'FJORDVIP', exclusive: true });
    expect(offers[4]!.invalid).toBe('unreadable line 6, Ends "30/02/2027 23:59:59"');
  });

  it('reads a summer date as UTC, and "Promotions Only" as a promotion without a code', async () => {
    const lines = fixtureText('awin.csv').split('\n');
    lines[1] = lines[1]!
      .replace('Voucher,BEANS15', 'Promotions Only,BEANS15')
      .replace('01/11/2026 00:00:00,31/12/2026 23:59:59', '01/07/2026 08:00:00,30/09/2026 22:59:00');
    const [offer] = await collect(parseAwinCsv, [lines.join('\n')], 'awin.csv');
    expect(offer).toMatchObject({
      code: '',
      startsAt: '2026-07-01T08:00:00.000Z',
      endsAt: '2026-09-30T22:59:00.000Z', // 23:59 UK summer time, as the export writes it
    });
  });

  it('fails on wrong columns, naming the missing ones', async () => {
    const csv = 'Promotion ID,Advertiser,Code\n1,Acme,SAVE\n';
    expect((await rejection(collect(parseAwinCsv, [csv], 'awin.csv'))).message).toBe(
      'awin.csv (line 1): wrong columns: missing "Advertiser ID", "Type", "Title", "Description", "Starts", "Ends", "Deeplink Tracking"',
    );
  });

  it('fails on a row with the wrong number of fields, with its line', async () => {
    const lines = fixtureText('awin.csv').split('\n');
    lines[2] = '912009,Blue Fjord Coffee,3001';
    const error = await rejection(collect(parseAwinCsv, [lines.join('\n')], 'awin.csv'));
    expect(error.message).toMatch(/^awin\.csv \(line 3\): not a readable CSV file: /);
  });
});

describe('rakuten (Coupon Feed XML)', () => {
  it('reads each link; GMT dates; a date-only end lasts the whole day', async () => {
    const offers = await collect(parseRakuten, fixtureStream('rakuten.xml'), 'rakuten.xml');
    expect(offers).toHaveLength(4);
    expect(offers[1]).toMatchObject({
      advertiserId: '2002',
      advertiserName: 'Harbor Tea Company',
      title: '10% off loose-leaf teas today only', // CDATA with markup: plain text
      code: 'TEA10',
      terms: 'Online only',
      startsAt: '2026-11-01T00:00:00.000Z',
      endsAt: '2026-11-21T00:00:00.000Z', // offerenddate 2026-11-20: over at the next midnight GMT
      categories: ['Food & Drink'],
      trackingUrl: 'https://click.linksynergy.com/fs-bin/click?id=AbCdEf&offerid=2002.11&type=3',
      regions: ['US Network'],
    });
    expect(offers[2]!.code).toBe('N/A'); // judged as "no code" by the rules
  });

  it('reads HTML entities XML does not know (&hearts;, &eacute;) as text', async () => {
    const xml = fixtureText('rakuten.xml').replace('20% off everything', '20% off &hearts; caf&eacute; &amp; more');
    const [first] = await collect(parseRakuten, [xml], 'rakuten.xml');
    expect(first!.title).toBe('20% off ♥ café & more');
  });

  it('fails on truncated XML with the line, and on another root element', async () => {
    const cut = fixtureText('rakuten.xml').slice(0, 1500);
    const error = await rejection(collect(parseRakuten, [cut], 'feeds/rakuten.xml'));
    expect(error).toBeInstanceOf(FeedError);
    expect(error.message).toMatch(/^feeds\/rakuten\.xml \(line \d+, column \d+\): not readable XML: /);
    const other = await rejection(collect(parseRakuten, ['<cj-api><links/></cj-api>'], 'r.xml'));
    expect(other.message).toBe(
      'r.xml (line 1, column 8): not readable XML: expected <couponfeed> as the root element, found <cj-api>',
    );
  });
});

describe('cj (Link Search API XML)', () => {
  it('reads each link; dates without an offset are Pacific time', async () => {
    const offers = await collect(parseCj, fixtureStream('cj.xml'), 'cj.xml');
    expect(offers).toHaveLength(4);
    expect(offers[0]).toMatchObject({
      sourceId: '13579001',
      advertiserName: 'Cedar & Pine Home',
      title: '25% off bedding',
      code: 'CEDAR25',
      startsAt: '2026-11-01T07:00:00.000Z', // 00:00 PDT
      endsAt: '2027-03-01T07:59:59.000Z', // 23:59:59 PST
      categories: ['Home & Garden'],
      destinationUrl: 'https://cedar-and-pine.example/bedding',
      language: 'en',
      regions: ['US'],
    });
    expect(offers[1]).toMatchObject({
      code: '',
      endsAt: null,
      trackingUrl: 'http://www.anrdoezrs.net/click-100-13579002',
    });
  });

  it('reads targeted-countries as a comma list (codes or names) and "null" as none', async () => {
    const xml = fixtureText('cj.xml')
      .replace(
        '<targeted-countries>US</targeted-countries>',
        '<targeted-countries>United States, Canada</targeted-countries>',
      )
      .replace('<targeted-countries>US</targeted-countries>', '<targeted-countries>null</targeted-countries>')
      .replace('<targeted-countries>US</targeted-countries>', '<targeted-countries>DE,US</targeted-countries>');
    const offers = await collect(
      parseCj,
      [xml.replace(/<language>en<\/language>/, '<language>null</language>')],
      'cj.xml',
    );
    expect(offers.map((o) => o.regions)).toEqual([['United States', 'Canada'], [], ['DE', 'US'], ['US']]);
    expect(offers[0]!.language).toBeNull();
  });

  it('reads a link without link-id (not in every reply): the advertiser and code name it', async () => {
    const xml = fixtureText('cj.xml').replace('<link-id>13579001</link-id>', '');
    const offers = await collect(parseCj, [xml], 'cj.xml');
    expect(offers[0]).toMatchObject({ sourceId: '4001:CEDAR25', code: 'CEDAR25' });
  });
});

describe('impact (Ads API JSON)', () => {
  it('reads each ad with its offset dates, promo code, language and DealPublic', async () => {
    const offers = await collect(parseImpact, fixtureStream('impact.json'), 'impact.json');
    expect(offers).toHaveLength(4);
    expect(offers[0]).toMatchObject({
      sourceId: '880011',
      advertiserName: 'Lumen Lamps',
      title: '30% off desk lamps',
      description: 'Every desk lamp 30% off.', // the <script> is gone, content and all
      code: 'LUMEN30',
      startsAt: '2026-11-01T08:00:00.000Z',
      endsAt: null,
      language: 'en',
      categories: ['Lighting'],
      public: true,
    });
    expect(offers[1]!.public).toBe(false);
  });

  it('names the brand by its campaign (program), not by the account company in AdvertiserName', async () => {
    const offers = await collect(parseImpact, fixtureStream('impact.json'), 'impact.json');
    // AdvertiserName is "Lumen Lighting Holdings Inc." (id 2210044); the program is "Lumen Lamps".
    expect(offers[0]).toMatchObject({ advertiserName: 'Lumen Lamps', advertiserId: '5001' });
    const feed = JSON.stringify({ Ads: [{ Id: '1', AdvertiserId: '9', AdvertiserName: 'Acme', Name: 'Sale' }] });
    expect((await collect(parseImpact, [feed], 'impact.json'))[0]).toMatchObject({
      advertiserName: 'Acme',
      advertiserId: '9',
    });
  });

  it('reads an ad without Id, with DealPublic as a JSON boolean', async () => {
    const feed = JSON.stringify({
      Ads: [{ AdvertiserId: '9', AdvertiserName: 'Acme', Name: 'Sale', DealDefaultPromoCode: 'X1', DealPublic: false }],
    });
    const [offer] = await collect(parseImpact, [feed], 'impact.json');
    expect(offer).toMatchObject({ sourceId: '9:X1', public: false });
  });

  it('fails on a reply without "Ads"', async () => {
    expect((await rejection(collect(parseImpact, ['{"Campaigns": []}'], 'impact.json'))).message).toBe(
      'impact.json (Ads): expected an Impact Ads reply: an object with an "Ads" list',
    );
  });
});
