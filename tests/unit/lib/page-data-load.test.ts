// @vitest-environment happy-dom
/**
 * Issue 31: a static page's island data is in a file the directives fetch before hydrating
 * (src/lib/page-data/load.ts), served here by a real local HTTP server. One fetch per page,
 * one retry, and a file that cannot be had (or is not data) leaves the page as built.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAGE_DATA_SRC, pageDataReady } from '../../../src/lib/page-data/load.ts';
import { pageData, pageStrings, resetPageData } from '../../../src/lib/page-data/read.ts';

const DATA = '{"strings":{"offers":{"ends.ended":"Ended"}},"offers":{},"refs":{}}';
/** path → the answers it gives, in order (the last one repeats). */
let answers: Record<string, { status: number; body: string }[]> = {};
const hits: string[] = [];
let server: Server;
let origin = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '';
    hits.push(path);
    const list = answers[path] ?? [{ status: 404, body: 'not found' }];
    const { status, body } = list.length > 1 ? list.shift()! : list[0]!;
    res.writeHead(status, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The page is served from the same origin as its data file, as on a site.
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/coupons`);
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
afterEach(() => {
  hits.length = 0;
  answers = {};
  resetPageData();
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

function pageWith(src: string | null, text = ''): HTMLElement {
  document.body.innerHTML = `<script type="application/json" id="page-data"${src ? ` ${PAGE_DATA_SRC}="${src}"` : ''}>${text}</script>`;
  return document.getElementById('page-data')!;
}

describe('the page data file', () => {
  it('is fetched once, put in the page, and read by the islands as if it had been inline', async () => {
    answers['/_astro/page-data.a.json'] = [{ status: 200, body: DATA }];
    const el = pageWith('/_astro/page-data.a.json');
    const [a, b] = await Promise.all([pageDataReady(document, 10), pageDataReady(document, 10)]);
    expect([a, b]).toEqual([true, true]);
    expect(await pageDataReady(document, 10)).toBe(true);
    expect(hits).toEqual(['/_astro/page-data.a.json']);
    expect(el.hasAttribute(PAGE_DATA_SRC)).toBe(false);
    expect(pageStrings({ ns: 'offers' })).toEqual({ offers: { 'ends.ended': 'Ended' } });
  });

  it('is tried a second time after an error', async () => {
    answers['/_astro/page-data.b.json'] = [
      { status: 503, body: 'busy' },
      { status: 200, body: DATA },
    ];
    pageWith('/_astro/page-data.b.json');
    expect(await pageDataReady(document, 10)).toBe(true);
    expect(hits).toHaveLength(2);
    expect(pageData().strings.offers).toBeDefined();
  });

  it('leaves the page as built after two failures, or when the answer is not data', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    answers['/_astro/page-data.c.json'] = [{ status: 500, body: 'oops' }];
    const el = pageWith('/_astro/page-data.c.json');
    expect(await pageDataReady(document, 10)).toBe(false);
    expect(hits).toHaveLength(2);
    expect(el.textContent).toBe('');
    expect(error.mock.calls[0]?.[0]).toContain('/_astro/page-data.c.json');

    answers['/_astro/page-data.d.json'] = [{ status: 200, body: '<!doctype html><p>Not found</p>' }];
    pageWith('/_astro/page-data.d.json');
    expect(await pageDataReady(document, 10)).toBe(false);
  });

  it('is not fetched when the page has its data inline, or none', async () => {
    pageWith(null, DATA);
    expect(await pageDataReady(document, 10)).toBe(true);
    document.body.innerHTML = '<p>no data</p>';
    expect(await pageDataReady(document, 10)).toBe(true);
    expect(hits).toEqual([]);
  });
});
