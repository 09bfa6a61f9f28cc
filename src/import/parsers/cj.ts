/**
 * CJ (Commission Junction): the Link Search API XML (`GET /v2/link-search`; docs/networks/cj.md) —
 * `<cj-api><links total-matched records-returned page-number>` with one `<link>` per offer:
 * `advertiser-id`, `advertiser-name`, `category`, `language`, `description`, `destination`,
 * `link-id`, `link-name`, `link-type`, `promotion-type`, `promotion-start-date`,
 * `promotion-end-date`, `coupon-code`, `relationship-status`, `clickUrl`, `targeted-countries`
 * (and commission/EPC/link-code fields, not used; `link-code-html`/`link-code-javascript` are never
 * read). Field names as in public clients of the API (docs/networks/cj.md). Dates without an
 * offset are read as Pacific time: an ASSUMPTION, no public source shows the format. Streamed.
 */
import { datesOf } from '../dates.ts';
import { advertiserNameOf, FeedError, type FeedOffer, type FeedText } from '../offer.ts';
import { plainText } from '../text.ts';
import { first, xmlRecords } from './xml.ts';

export const CJ_ZONE = 'America/Los_Angeles';

/** CJ writes "null" (or "N/A") into fields it has no value for. */
const NONE = /^\s*(null|n\/a|none)?\s*$/i;

/** CJ's language field: a code ("en") or a name ("English"). */
const LANGUAGE_NAMES: Record<string, string> = { english: 'en', spanish: 'es', french: 'fr', german: 'de' };

/**
 * A link is a promotion when CJ gives it a `promotion-type` (coupon, sale/discount, free shipping,
 * …) or a coupon code; otherwise it is a banner, text link or smart link (issue 39): its
 * `link-type`, for the "not an offer" line.
 */
function notOfferOf(promotionType: string, code: string, linkType: string): string | undefined {
  if (!NONE.test(promotionType) || !NONE.test(code)) return undefined;
  return plainText(linkType, 60).toLowerCase() || 'link without a promotion type';
}

function languageOf(raw: string): string | null {
  const v = raw.trim().toLowerCase();
  if (NONE.test(v)) return null;
  return LANGUAGE_NAMES[v] ?? v;
}

const optional = <K extends string>(key: K, v: string | undefined) => (v === undefined ? {} : { [key]: v });

export async function* parseCj(text: FeedText, source: string): AsyncGenerator<FeedOffer> {
  for await (const r of xmlRecords(text, source, 'cj-api', 'link')) {
    const at = `link ${r.index + 1} (line ${r.line})`;
    const advertiserName = advertiserNameOf(
      plainText(first(r, 'advertiser-name'), 200),
      first(r, 'advertiser-name'),
      first(r, 'advertiser-id'),
    );
    if (!advertiserName) throw new FeedError(source, `${at}, advertiser-name`, 'missing');
    // link-id is optional here: without it, the advertiser and the code (or the name) name the offer.
    const code = first(r, 'coupon-code');
    const linkId = first(r, 'link-id') || `${first(r, 'advertiser-id')}:${code || first(r, 'link-name')}`;
    yield {
      network: 'cj',
      sourceId: linkId,
      advertiserId: first(r, 'advertiser-id'),
      advertiserName,
      title: plainText(first(r, 'link-name'), 300),
      description: plainText(first(r, 'description')),
      terms: '',
      code,
      ...datesOf(first(r, 'promotion-start-date'), first(r, 'promotion-end-date'), CJ_ZONE, [
        `${at}, promotion-start-date`,
        `${at}, promotion-end-date`,
      ]),
      trackingUrl: first(r, 'clickUrl'),
      destinationUrl: first(r, 'destination'),
      categories: (r.fields.category ?? []).map((c) => plainText(c, 100)).filter(Boolean),
      // "US", "DE,US" or country names ("Portugal, Spain") in public replies; "null" when unset.
      // `serviceable-area` (where the advertiser ships) when no countries are targeted.
      regions: (NONE.test(first(r, 'targeted-countries'))
        ? first(r, 'serviceable-area')
        : first(r, 'targeted-countries')
      )
        .split(',')
        .map((c) => plainText(c, 100))
        .filter((c) => c && !NONE.test(c)),
      language: languageOf(first(r, 'language')),
      exclusive: false,
      public: true,
      at,
      ...optional('notOffer', notOfferOf(first(r, 'promotion-type'), code, first(r, 'link-type'))),
    };
  }
}
