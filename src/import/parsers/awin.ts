/**
 * Awin: the Offers/promotions API reply (`POST /publisher/{publisherId}/promotions`,
 * https://help.awin.com/apidocs/promotions; docs/networks/awin.md) — `{ data: [...], pagination }`,
 * one item per promotion:
 * `promotionId`, `type` ("voucher" | "promotion"), `advertiser{id,name,joined}`, `title`,
 * `description`, `terms`, `startDate`, `endDate`, `url`, `urlTracking`, `dateAdded`,
 * `regions{all,list[{name,countryCode}]}`, `categories` (optional, names or `{name}`),
 * `voucher{code,exclusive,attributable}` (vouchers only).
 * Public replies give dates with an offset ("2024-05-13T22:59:00+00:00"), taken as written; a date
 * without one is read as UK time (Europe/London). JSON pages are parsed whole.
 */
import { datesOf } from '../dates.ts';
import {
  advertiserNameOf,
  FeedError,
  type FeedOffer,
  type FeedText,
  parseJsonFeed,
  readAll,
  str,
  yes,
} from '../offer.ts';
import { plainText } from '../text.ts';

export const AWIN_ZONE = 'Europe/London';

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Awin regions: `{ all: true }` → [], `{ list: [{ countryCode: "GB" }] }` → ["GB"]. */
function regionsOf(v: unknown): string[] {
  if (!isRec(v)) return Array.isArray(v) ? v.map(str).filter(Boolean) : [];
  const list = Array.isArray(v.list) ? v.list : [];
  return list.map((r) => (isRec(r) ? str(r.countryCode) || str(r.name) : str(r))).filter(Boolean);
}

function categoriesOf(v: unknown): string[] {
  if (!Array.isArray(v)) return str(v) ? [str(v)] : [];
  return v.map((c) => plainText(isRec(c) ? str(c.name) : str(c), 100)).filter(Boolean);
}

export async function* parseAwin(text: FeedText, source: string): AsyncGenerator<FeedOffer> {
  const json = parseJsonFeed(await readAll(text), source);
  if (!isRec(json) || !Array.isArray(json.data))
    throw new FeedError(source, 'data', 'expected an Awin promotions reply: an object with a "data" list');
  for (const [i, item] of json.data.entries()) {
    const at = `data[${i}]`;
    if (!isRec(item)) throw new FeedError(source, at, 'expected a promotion object');
    const advertiser = isRec(item.advertiser) ? item.advertiser : {};
    const id = str(item.promotionId);
    const name = advertiserNameOf(plainText(str(advertiser.name), 200), str(advertiser.name), str(advertiser.id));
    if (!id) throw new FeedError(source, `${at}.promotionId`, 'missing');
    if (!name) throw new FeedError(source, `${at}.advertiser.name`, 'missing');
    const voucher = isRec(item.voucher) ? item.voucher : {};
    yield {
      network: 'awin',
      sourceId: id,
      advertiserId: str(advertiser.id),
      advertiserName: name,
      title: plainText(item.title, 300),
      description: plainText(item.description),
      terms: plainText(item.terms),
      code: str(item.type).toLowerCase() === 'promotion' ? '' : str(voucher.code),
      ...datesOf(item.startDate, item.endDate, AWIN_ZONE, [`${at}.startDate`, `${at}.endDate`]),
      trackingUrl: str(item.urlTracking),
      destinationUrl: str(item.url),
      categories: categoriesOf(item.categories),
      regions: regionsOf(item.regions),
      language: null,
      exclusive: yes(voucher.exclusive) || yes(voucher.attributable),
      public: true,
      at,
      ...(str(item.status) ? { status: str(item.status) } : {}),
    };
  }
}
