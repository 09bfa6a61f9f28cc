/**
 * Live sources (`--from <network>:api`): each network's API paged through, one page of text at a
 * time for its parser (src/import/parsers). Credentials come from environment variables only
 * (docs/networks/*.md), never from a site config; base URLs can be overridden by environment (the
 * tests point them at a local fixture server).
 */
import type { ImportSource } from '../../../src/import/import-feeds.ts';
import type { NetworkFormat } from '../../../src/import/offer.ts';
import { type HttpOptions, requestText, shownUrl } from './http.ts';

type Env = Record<string, string | undefined>;

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** The environment variables of each network's API (also in docs/networks/<network>.md). */
export const LIVE_ENV = {
  awin: { required: ['AWIN_API_TOKEN', 'AWIN_PUBLISHER_ID'], base: 'AWIN_API_BASE', url: 'https://api.awin.com' },
  rakuten: { required: ['RAKUTEN_API_TOKEN'], base: 'RAKUTEN_API_BASE', url: 'https://api.linksynergy.com' },
  cj: { required: ['CJ_API_TOKEN', 'CJ_WEBSITE_ID'], base: 'CJ_API_BASE', url: 'https://link-search.api.cj.com' },
  impact: {
    required: ['IMPACT_ACCOUNT_SID', 'IMPACT_AUTH_TOKEN'],
    base: 'IMPACT_API_BASE',
    url: 'https://api.impact.com',
  },
} as const;
export type LiveNetwork = keyof typeof LIVE_ENV;

const num = (re: RegExp, text: string): number | null => {
  const m = re.exec(text);
  return m ? Number(m[1]) : null;
};

/** A live source: credentials checked now, pages fetched as the import reads them. */
export function liveSource(format: NetworkFormat, env: Env, http: HttpOptions): ImportSource {
  if (format === 'awin-csv')
    throw new UsageError('awin-csv:api is not a thing: the CSV is an export file; use awin:api for the live API');
  const spec = LIVE_ENV[format];
  const missing = spec.required.filter((k) => !env[k]?.trim());
  if (missing.length > 0)
    throw new UsageError(
      `${format}:api needs the environment variable${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (see docs/networks/${format}.md)`,
    );
  const base = (env[spec.base]?.trim() || spec.url).replace(/\/+$/, '');
  const v = (k: string) => env[k]!.trim();
  const pages = {
    awin: () => awinPages(base, v('AWIN_PUBLISHER_ID'), v('AWIN_API_TOKEN'), http),
    rakuten: () => rakutenPages(base, v('RAKUTEN_API_TOKEN'), http),
    cj: () => cjPages(base, v('CJ_WEBSITE_ID'), v('CJ_API_TOKEN'), http),
    impact: () => impactPages(base, v('IMPACT_ACCOUNT_SID'), v('IMPACT_AUTH_TOKEN'), http),
  }[format];
  return {
    format,
    label: `${format} API ${base}`,
    pages: { [Symbol.asyncIterator]: () => pages()[Symbol.asyncIterator]() },
  };
}

/** Awin: POST /publisher/{id}/promotions, `pagination{page,pageSize}` in the body, `total` in the reply. */
async function* awinPages(base: string, publisherId: string, token: string, http: HttpOptions) {
  const pageSize = 200;
  for (let page = 1; ; page++) {
    const url = `${base}/publisher/${encodeURIComponent(publisherId)}/promotions`;
    const text = await requestText(
      url,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          filters: { membership: 'joined', status: 'active', type: 'all' },
          pagination: { page, pageSize },
        }),
      },
      http,
    );
    yield { text: [text], label: `${shownUrl(url)} (page ${page})` };
    // The reply's own page size: Awin may answer smaller pages than asked for. (An unreadable
    // page is reported by the parser, with its line.)
    let reply: { data?: unknown[]; pagination?: { total?: number; pageSize?: number } } = {};
    try {
      reply = JSON.parse(text);
    } catch {
      return;
    }
    const total = typeof reply.pagination?.total === 'number' ? reply.pagination.total : null;
    const size = reply.pagination?.pageSize ?? pageSize;
    if (!reply.data?.length) return;
    if (total === null || page * size >= total) return;
  }
}

/** Rakuten: GET /coupon/1.0?resultsperpage&pagenumber; `<TotalPages>` in the reply. */
async function* rakutenPages(base: string, token: string, http: HttpOptions) {
  for (let page = 1; ; page++) {
    const url = `${base}/coupon/1.0?resultsperpage=500&pagenumber=${page}`;
    const text = await requestText(
      url,
      { headers: { authorization: `Bearer ${token}`, accept: 'application/xml' } },
      http,
    );
    yield { text: [text], label: shownUrl(url) };
    const pages = num(/<TotalPages>\s*(\d+)\s*<\/TotalPages>/, text) ?? 1;
    if (page >= pages) return;
  }
}

/**
 * CJ: GET /v2/link-search?website-id&page-number&records-per-page (100 asked);
 * `<links total-matched records-returned page-number>` in the reply. CJ allows 25 calls a minute
 * (docs.cj.com, "Link Search"): pages after the first are spaced 2.4 s apart.
 */
async function* cjPages(base: string, websiteId: string, token: string, http: HttpOptions) {
  const perPage = 100;
  const sleep = http.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  for (let page = 1; ; page++) {
    if (page > 1) await sleep(CJ_CALL_SPACING_MS);
    const q = new URLSearchParams({
      'website-id': websiteId,
      'advertiser-ids': 'joined',
      'link-type': 'Text Link',
      'records-per-page': String(perPage),
      'page-number': String(page),
    });
    const url = `${base}/v2/link-search?${q}`;
    const text = await requestText(url, { headers: { authorization: `Bearer ${token}` } }, http);
    yield { text: [text], label: shownUrl(url) };
    const total = num(/total-matched="(\d+)"/, text) ?? 0;
    const returned = num(/records-returned="(\d+)"/, text);
    // Done when the last link is read, or when a page comes back empty (never loop on a reply
    // whose total-matched is more than it will ever return).
    if (returned === 0 || page * perPage >= total) return;
  }
}

/** 60 s / 25 calls: CJ's published Link Search limit. */
export const CJ_CALL_SPACING_MS = 2_400;

/**
 * Impact: GET /Mediapartners/{AccountSID}/Ads?Type=COUPON&PageSize&Page (Basic auth); the reply's
 * `@nextpageuri` (a path on the API host, '' on the last page) names the next page; `@numpages`
 * is the fallback when a reply has no `@nextpageuri`.
 */
async function* impactPages(base: string, sid: string, token: string, http: HttpOptions) {
  const auth = `Basic ${Buffer.from(`${sid}:${token}`).toString('base64')}`;
  let url = `${base}/Mediapartners/${encodeURIComponent(sid)}/Ads?Type=COUPON&PageSize=100&Page=1`;
  const seen = new Set<string>();
  for (let page = 1; ; page++) {
    seen.add(url);
    const text = await requestText(url, { headers: { authorization: auth, accept: 'application/json' } }, http);
    yield { text: [text], label: shownUrl(url) };
    let reply: Record<string, unknown> = {};
    try {
      reply = JSON.parse(text);
    } catch {
      return; // the parser reports the unreadable page, with its line
    }
    const next = typeof reply['@nextpageuri'] === 'string' ? (reply['@nextpageuri'] as string).trim() : null;
    if (next !== null) {
      if (!next) return;
      // A path on the API host ("/Mediapartners/…/Ads?…&Page=2"): the base keeps any prefix.
      const nextUrl = /^https?:\/\//i.test(next) ? next : `${base}${next.startsWith('/') ? '' : '/'}${next}`;
      if (seen.has(nextUrl)) return;
      url = nextUrl;
      continue;
    }
    const pages = num(/"@numpages"\s*:\s*"?(\d+)/, text) ?? 1;
    if (page >= pages) return;
    url = `${base}/Mediapartners/${encodeURIComponent(sid)}/Ads?Type=COUPON&PageSize=100&Page=${page + 1}`;
  }
}
