/**
 * Live paging details checked against the networks' public documentation and clients
 * (docs/networks/cj.md): CJ's 25 calls a minute, and a CJ page that comes back empty ends the
 * paging even when `total-matched` promises more.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CJ_CALL_SPACING_MS, liveSource } from '../../../scripts/lib/import/live.ts';

const link = (id: number) =>
  `<link><advertiser-id>1</advertiser-id><advertiser-name>A</advertiser-name><link-id>${id}</link-id><link-name>L${id}</link-name><clickUrl>https://www.anrdoezrs.net/click-${id}</clickUrl></link>`;

describe('CJ live paging', () => {
  const pages: string[] = [];
  let origin = '';
  const server = createServer((req, res) => {
    const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page-number'));
    pages.push(String(page));
    // total-matched says 250, but the second page is empty: the import must stop there.
    const body =
      page === 1
        ? `<cj-api><links total-matched="250" records-returned="2" page-number="1">${link(1)}${link(2)}</links></cj-api>`
        : `<cj-api><links total-matched="250" records-returned="0" page-number="${page}"></links></cj-api>`;
    res.writeHead(200, { 'content-type': 'application/xml' }).end(body);
  });
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('spaces pages for 25 calls a minute and stops on an empty page', async () => {
    const waits: number[] = [];
    const source = liveSource(
      'cj',
      { CJ_API_TOKEN: 't', CJ_WEBSITE_ID: '7', CJ_API_BASE: origin },
      { timeoutMs: 5_000, retries: 0, maxWaitMs: 1_000, log: () => {}, sleep: async (ms) => void waits.push(ms) },
    );
    let read = 0;
    for await (const _page of source.pages) read++;
    expect(read).toBe(2);
    expect(pages).toEqual(['1', '2']);
    expect(waits).toEqual([CJ_CALL_SPACING_MS]);
    expect(CJ_CALL_SPACING_MS).toBe(2_400);
  });
});
