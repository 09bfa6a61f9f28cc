/**
 * Impact: the Ads API JSON (`GET /Mediapartners/{AccountSID}/Ads`; docs/networks/impact.md) — a
 * page `{ "@page", "@numpages", "@nextpageuri", …, "Ads": [...] }`, one item per ad: `Id`, `Name`,
 * `Description`, `CampaignId`, `CampaignName`, `AdvertiserId`, `AdvertiserName`, `Type`,
 * `TrackingLink`, `LandingPageUrl`, `Code`/`IFrameCode` (HTML, never read), `Language`,
 * `StartDate`, `EndDate`, `DealDefaultPromoCode`, `DealPublic`, `DealCategories`, `DealScope`.
 * Dates carry an offset (ISO 8601); without one they are UTC.
 *
 * The brand is the CAMPAIGN (the brand's program: `CampaignId`/`CampaignName`). `AdvertiserName`
 * is the account that owns it, which can be a company name ("Creation E-Commerce Ltd." for the
 * "Harfington" program in public replies); it is only a fallback.
 */
import { datesOf } from '../dates.ts';
import { advertiserNameOf, FeedError, type FeedOffer, type FeedText, parseJsonFeed, readAll, str } from '../offer.ts';
import { plainText } from '../text.ts';

export const IMPACT_ZONE = 'UTC';

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Impact languages are names ("ENGLISH"); the site's are codes. */
const LANGUAGES: Record<string, string> = { english: 'en', spanish: 'es', french: 'fr', german: 'de' };

/**
 * An ad is a promotion when its type is a deal or coupon, or when it carries a promo code
 * (`DealDefaultPromoCode`, `DiscountCode`) or a deal (`DealId`); banners and other creatives are
 * not offers (issue 39). Returns the ad type for the "not an offer" line, or undefined.
 */
function notOfferOf(ad: Rec, code: string): string | undefined {
  const type = str(ad.Type).toUpperCase();
  // No type at all: the network did not say it is a creative; judged as an offer, as before.
  if (!type || code || /COUPON|DEAL|PROMO/.test(type)) return undefined;
  if (str(ad.DealId) && !/BANNER|IMAGE|VIDEO/.test(type)) return undefined;
  return type ? type.toLowerCase().replace(/_/g, ' ') : 'ad without a deal';
}

/** Impact's ad countries where given: `Countries`/`DealCountries` as a list or "US,GB". */
function countriesOf(ad: Rec): string[] {
  for (const v of [ad.Countries, ad.DealCountries, ad.ShippingRegions]) {
    const list = Array.isArray(v) ? v.map(str) : str(v).split(/[,;|]/);
    const out = list.map((c) => plainText(c, 100)).filter(Boolean);
    if (out.length) return out;
  }
  return [];
}

export async function* parseImpact(text: FeedText, source: string): AsyncGenerator<FeedOffer> {
  const json = parseJsonFeed(await readAll(text), source);
  if (!isRec(json) || !Array.isArray(json.Ads))
    throw new FeedError(source, 'Ads', 'expected an Impact Ads reply: an object with an "Ads" list');
  for (const [i, ad] of json.Ads.entries()) {
    const at = `Ads[${i}]`;
    if (!isRec(ad)) throw new FeedError(source, at, 'expected an ad object');
    const rawName = str(ad.CampaignName) || str(ad.AdvertiserName);
    const advertiserId = str(ad.CampaignId) || str(ad.AdvertiserId);
    const advertiserName = advertiserNameOf(plainText(rawName, 200), rawName, advertiserId);
    if (!advertiserName) throw new FeedError(source, `${at}.CampaignName`, 'missing (nor AdvertiserName)');
    const language = str(ad.Language).toLowerCase();
    const code = str(ad.DealDefaultPromoCode) || str(ad.DiscountCode);
    const notOffer = notOfferOf(ad, code);
    const status = str(ad.DealState);
    yield {
      network: 'impact',
      // Id is optional here: without it, the advertiser and the code (or the name) name the offer.
      sourceId: str(ad.Id) || `${advertiserId}:${code || str(ad.Name)}`,
      advertiserId,
      advertiserName,
      title: plainText(str(ad.Name) || str(ad.DealName), 300),
      description: plainText(str(ad.Description) || str(ad.DealDescription)),
      terms: '',
      code,
      ...datesOf(ad.StartDate, ad.EndDate, IMPACT_ZONE, [`${at}.StartDate`, `${at}.EndDate`]),
      trackingUrl: str(ad.TrackingLink),
      destinationUrl: str(ad.LandingPageUrl),
      categories: str(ad.DealCategories)
        .split(/[,;|]/)
        .map((c) => plainText(c, 100))
        .filter(Boolean),
      regions: countriesOf(ad),
      language: LANGUAGES[language] ?? (language || null),
      exclusive: false,
      // "DealPublic": "false" = a deal offered to chosen partners only.
      public: !/^false$/i.test(str(ad.DealPublic)),
      at,
      ...(notOffer === undefined ? {} : { notOffer }),
      ...(status ? { status } : {}),
    };
  }
}
