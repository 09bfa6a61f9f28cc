/**
 * Rakuten Advertising: the Coupon Feed XML (Coupon Web Service `GET /coupon/1.0`; docs/networks/
 * rakuten.md) — `<couponfeed>` with `TotalMatches`, `TotalPages`, `PageNumberRequested`, then one
 * `<link type="…">` per offer: `categories/category`, `promotiontypes/promotiontype`,
 * `offerdescription`, `offerstartdate`, `offerenddate` (`YYYY-MM-DD`, GMT), `couponcode` ("N/A"
 * when none), `couponrestriction`, `clickurl`, `impressionpixel`, `advertiserid`,
 * `advertisername`, `network`. Streamed (saxes).
 */
import { datesOf } from '../dates.ts';
import { advertiserNameOf, FeedError, type FeedOffer, type FeedText } from '../offer.ts';
import { plainText } from '../text.ts';
import { first, xmlRecords } from './xml.ts';

export const RAKUTEN_ZONE = 'UTC';

export async function* parseRakuten(text: FeedText, source: string): AsyncGenerator<FeedOffer> {
  for await (const r of xmlRecords(text, source, 'couponfeed', 'link')) {
    const at = `link ${r.index + 1} (line ${r.line})`;
    const advertiserId = first(r, 'advertiserid');
    const advertiserName = advertiserNameOf(
      plainText(first(r, 'advertisername'), 200),
      first(r, 'advertisername'),
      advertiserId,
    );
    if (!advertiserName) throw new FeedError(source, `${at}, advertisername`, 'missing');
    const code = first(r, 'couponcode');
    const title = plainText(first(r, 'offerdescription'), 300);
    yield {
      network: 'rakuten',
      // The feed has no offer id: the advertiser and the code (or the offer text) name it.
      sourceId: `${advertiserId}:${code || title}`,
      advertiserId,
      advertiserName,
      title,
      description: '',
      terms: plainText(first(r, 'couponrestriction')),
      code,
      ...datesOf(first(r, 'offerstartdate'), first(r, 'offerenddate'), RAKUTEN_ZONE, [
        `${at}, offerstartdate`,
        `${at}, offerenddate`,
      ]),
      trackingUrl: first(r, 'clickurl'),
      destinationUrl: '',
      categories: (r.fields.category ?? []).map((c) => plainText(c, 100)).filter(Boolean),
      regions: (r.fields.network ?? []).map((c) => plainText(c, 100)).filter(Boolean),
      language: null,
      exclusive: false,
      public: true,
      at,
    };
  }
}
