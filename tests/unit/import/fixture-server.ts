/**
 * A local HTTP server that answers like the four networks' APIs, from the fixture feeds split
 * into pages (tests/fixtures/import): the live import and the nightly's import step run against
 * it, never the network. Point a network at it with its base-URL variable (`fixtureEnv`).
 *
 * - awin:    POST /awin/publisher/{id}/promotions   (2 pages of the 10 promotions; body pagination)
 * - rakuten: GET  /rakuten/coupon/1.0?pagenumber=N  (2 pages of 2 links, <TotalPages>2)
 * - cj:      GET  /cj/v2/link-search?page-number=N  (1 page, total-matched 4, records-returned 4)
 * - impact:  GET  /impact/Mediapartners/{sid}/Ads?Page=N (2 pages of 2 ads; page 1's @nextpageuri
 *            names page 2 as a path on the API host, as Impact's replies do; page 2's is "")
 * Each checks its credentials (401 otherwise). `behave(network, …)` makes the next answers a 429
 * with Retry-After, a 500, a cut-short body or no answer at all (timeouts).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fixtureText } from './helpers.ts';

export const FIXTURE_CREDENTIALS = {
  AWIN_API_TOKEN: 'awin-test-token',
  AWIN_PUBLISHER_ID: '123456',
  RAKUTEN_API_TOKEN: 'rakuten-test-token',
  CJ_API_TOKEN: 'cj-test-token',
  CJ_WEBSITE_ID: '7654321',
  IMPACT_ACCOUNT_SID: 'IRaBcDeF123',
  IMPACT_AUTH_TOKEN: 'impact-test-token',
};

type Behaviour = { status?: number; retryAfter?: string; times: number; truncate?: boolean; hang?: boolean };
type Net = 'awin' | 'rakuten' | 'cj' | 'impact';

function xmlPages(xml: string, perPage: number): string[] {
  const links = xml.match(/<link[ >][\s\S]*?<\/link>/g) ?? [];
  const pages: string[] = [];
  for (let i = 0; i < links.length; i += perPage) pages.push(links.slice(i, i + perPage).join('\n'));
  return pages;
}

export async function startFixtureServer() {
  const awin = JSON.parse(fixtureText('awin.json')) as { data: unknown[] };
  const rakuten = xmlPages(fixtureText('rakuten.xml'), 2);
  const impact = JSON.parse(fixtureText('impact.json')) as Record<string, unknown> & { Ads: unknown[] };
  const impactPage = (page: number, sid: string) => {
    const size = 2;
    const numpages = Math.ceil(impact.Ads.length / size);
    const uri = (n: number) => `/Mediapartners/${sid}/Ads?Type=COUPON&PageSize=${size}&Page=${n}`;
    return JSON.stringify({
      ...impact,
      '@page': String(page),
      '@numpages': String(numpages),
      '@pagesize': String(size),
      '@uri': uri(page),
      '@firstpageuri': uri(1),
      '@previouspageuri': page > 1 ? uri(page - 1) : '',
      '@nextpageuri': page < numpages ? uri(page + 1) : '',
      '@lastpageuri': uri(numpages),
      Ads: impact.Ads.slice((page - 1) * size, page * size),
    });
  };
  const cj = fixtureText('cj.xml');
  const behaviours = new Map<Net, Behaviour>();
  const requests: { network: Net; url: string; auth: string }[] = [];

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const network = url.pathname.split('/')[1] as Net;
    const auth = req.headers.authorization ?? '';
    let body = '';
    for await (const chunk of req) body += chunk;
    requests.push({ network, url: url.pathname + url.search, auth });
    const b = behaviours.get(network);
    if (b && b.times > 0) {
      b.times--;
      if (b.hang) return; // never answers: the client's timeout must end it
      if (b.status) {
        res.writeHead(b.status, b.retryAfter === undefined ? {} : { 'retry-after': b.retryAfter });
        res.end(b.status === 429 ? 'Too Many Requests' : 'Internal Server Error');
        return;
      }
    }
    const send = (type: string, text: string) => {
      res.writeHead(200, { 'content-type': type });
      res.end(b?.truncate ? text.slice(0, Math.floor(text.length / 2)) : text);
    };
    const expect = {
      awin: `Bearer ${FIXTURE_CREDENTIALS.AWIN_API_TOKEN}`,
      rakuten: `Bearer ${FIXTURE_CREDENTIALS.RAKUTEN_API_TOKEN}`,
      cj: `Bearer ${FIXTURE_CREDENTIALS.CJ_API_TOKEN}`,
      impact: `Basic ${Buffer.from(`${FIXTURE_CREDENTIALS.IMPACT_ACCOUNT_SID}:${FIXTURE_CREDENTIALS.IMPACT_AUTH_TOKEN}`).toString('base64')}`,
    }[network];
    if (!expect) {
      res.writeHead(404).end();
      return;
    }
    if (auth !== expect) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"invalid token"}');
      return;
    }
    if (
      network === 'awin' &&
      req.method === 'POST' &&
      url.pathname === `/awin/publisher/${FIXTURE_CREDENTIALS.AWIN_PUBLISHER_ID}/promotions`
    ) {
      const { page = 1, pageSize = 200 } =
        (JSON.parse(body || '{}') as { pagination?: { page?: number; pageSize?: number } }).pagination ?? {};
      const size = Math.min(pageSize, 6); // small pages, so the import has to page
      const data = awin.data.slice((page - 1) * size, page * size);
      send('application/json', JSON.stringify({ data, pagination: { page, pageSize: size, total: awin.data.length } }));
    } else if (network === 'rakuten' && url.pathname === '/rakuten/coupon/1.0') {
      const page = Number(url.searchParams.get('pagenumber') ?? 1);
      send(
        'application/xml',
        `<?xml version="1.0" encoding="UTF-8"?>\n<couponfeed><TotalMatches>4</TotalMatches><TotalPages>${rakuten.length}</TotalPages><PageNumberRequested>${page}</PageNumberRequested>\n${rakuten[page - 1] ?? ''}\n</couponfeed>`,
      );
    } else if (
      network === 'cj' &&
      url.pathname === '/cj/v2/link-search' &&
      url.searchParams.get('website-id') === FIXTURE_CREDENTIALS.CJ_WEBSITE_ID
    ) {
      send('application/xml', cj);
    } else if (
      network === 'impact' &&
      url.pathname === `/impact/Mediapartners/${FIXTURE_CREDENTIALS.IMPACT_ACCOUNT_SID}/Ads`
    ) {
      send(
        'application/json',
        impactPage(Number(url.searchParams.get('Page') ?? 1), FIXTURE_CREDENTIALS.IMPACT_ACCOUNT_SID),
      );
    } else res.writeHead(404).end('not found');
  };
  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    /** The environment that points every network at this server, with working credentials. */
    env: (): Record<string, string> => ({
      ...FIXTURE_CREDENTIALS,
      AWIN_API_BASE: `${origin}/awin`,
      RAKUTEN_API_BASE: `${origin}/rakuten`,
      CJ_API_BASE: `${origin}/cj`,
      IMPACT_API_BASE: `${origin}/impact`,
    }),
    behave(network: Net, behaviour: Behaviour) {
      behaviours.set(network, behaviour);
    },
    reset() {
      behaviours.clear();
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
