/**
 * Impact: the Ads API JSON (`GET /Mediapartners/{AccountSID}/Ads`; docs/networks/impact.md) — a
 * page `{ "@page", "@numpages", "@nextpageuri", …, "Ads": [...] }`, one item per ad: `Id`, `Name`,
 * `Description`, `AdvertiserId`, `AdvertiserName`, `CampaignName`, `Type`, `TrackingLink`,
 * `LandingPageUrl`, `Language`, `StartDate`, `EndDate`, `DealDefaultPromoCode`, `DealPublic`,
 * `DealCategories`, `DealScope`. Dates carry an offset (ISO 8601); without one they are UTC.
 */
import { datesOf } from '../dates.ts';
import { advertiserNameOf, FeedError, type FeedOffer, type FeedText, parseJsonFeed, readAll, str } from '../offer.ts';
import { plainText } from '../text.ts';

export const IMPACT_ZONE = 'UTC';

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Impact languages are names ("ENGLISH"); the site's are codes. */
const LANGUAGES: Record<string, string> = { english: 'en', spanish: 'es', french: 'fr', german: 'de' };

export async function* parseImpact(text: FeedText, source: string): AsyncGenerator<FeedOffer> {
  const json = parseJsonFeed(await readAll(text), source);
  if (!isRec(json) || !Array.isArray(json.Ads))
    throw new FeedError(source, 'Ads', 'expected an Impact Ads reply: an object with an "Ads" list');
  for (const [i, ad] of json.Ads.entries()) {
    const at = `Ads[${i}]`;
    if (!isRec(ad)) throw new FeedError(source, at, 'expected an ad object');
    const rawName = str(ad.AdvertiserName) || str(ad.CampaignName);
    const advertiserName = advertiserNameOf(plainText(rawName, 200), rawName, str(ad.AdvertiserId));
    if (!advertiserName) throw new FeedError(source, `${at}.AdvertiserName`, 'missing');
    const language = str(ad.Language).toLowerCase();
    yield {
      network: 'impact',
      // Id is optional here: without it, the advertiser and the code (or the name) name the offer.
      sourceId: str(ad.Id) || `${str(ad.AdvertiserId)}:${str(ad.DealDefaultPromoCode) || str(ad.Name)}`,
      advertiserId: str(ad.AdvertiserId) || str(ad.CampaignId),
      advertiserName,
      title: plainText(str(ad.Name) || str(ad.DealName), 300),
      description: plainText(str(ad.Description) || str(ad.DealDescription)),
      terms: '',
      code: str(ad.DealDefaultPromoCode),
      ...datesOf(ad.StartDate, ad.EndDate, IMPACT_ZONE, [`${at}.StartDate`, `${at}.EndDate`]),
      trackingUrl: str(ad.TrackingLink),
      destinationUrl: str(ad.LandingPageUrl),
      categories: str(ad.DealCategories)
        .split(/[,;|]/)
        .map((c) => plainText(c, 100))
        .filter(Boolean),
      regions: [],
      language: LANGUAGES[language] ?? (language || null),
      exclusive: false,
      // "DealPublic": "false" = a deal offered to chosen partners only.
      public: !/^false$/i.test(str(ad.DealPublic)),
      at,
    };
  }
}
