// @vitest-environment happy-dom
/**
 * Issue 31: a static page's island data is in a file the directives fetch before hydrating
 * (src/page-data/load.ts), served here by a real local HTTP server. One fetch per page,
 * one retry, and a file that cannot be had (or is not data) leaves the page as built.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAGE_DATA_ID } from '../../../src/page-data/held.ts';
import {
  HELD_DIRECTIVES,
  installPageDataLoader,
  PAGE_DATA_SRC,
  pageDataLoaderScript,
} from '../../../src/page-data/load.ts';
import { pageData, pageStrings, resetPageData } from '../../../src/page-data/read.ts';

const DATA = '{"strings":{"offers":{"ends.ended":"Ended"}},"offers":{},"refs":{}}';
/** path → the answers it gives, in order (the last one repeats). */
let answers: Record<string, { status: number; body: string }[]> = {};
const hits: string[] = [];
let server: Server;
let origin = '';
type Win = Window & { Astro?: Record<string, unknown> };

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
  delete (window as Win).Astro;
  vi.restoreAllMocks();
});

function pageWith(src: string | null, text = ''): HTMLElement {
  document.body.innerHTML = `<script type="application/json" id="page-data"${src ? ` ${PAGE_DATA_SRC}="${src}"` : ''}>${text}</script>`;
  return document.getElementById('page-data')!;
}

/** What Astro's idle directive does with an island: load its code, then hydrate. Resolves with whether it hydrated. */
function island(name = 'idle'): Promise<boolean> {
  return new Promise((resolve) => {
    const directive = (window as Win).Astro?.[name] as (l: () => Promise<() => void>, o: unknown, e: Element) => void;
    directive(async () => () => resolve(true), {}, document.body);
    setTimeout(() => resolve(false), 400);
  });
}
const idle = (load: () => Promise<() => void>) => void load().then((hydrate) => hydrate());

describe('the page data file', () => {
  it('names what the build writes', () => {
    expect(PAGE_DATA_ID).toBe('page-data');
    expect(PAGE_DATA_SRC).toBe('data-src');
    expect(pageDataLoaderScript()).toMatch(/["'`]page-data["'`][\s\S]*["'`]data-src["'`]/);
  });

  it('is fetched once; every island, whatever its directive, hydrates after it is in the page', async () => {
    answers['/_astro/page-data.a.json'] = [{ status: 200, body: DATA }];
    const el = pageWith('/_astro/page-data.a.json');
    // A directive defined before the loader runs, and one after (Astro inlines them before their first island).
    (window as Win).Astro = { idle };
    installPageDataLoader(document, 10, false);
    (window as Win).Astro!.visible = idle;
    const [a, b] = await Promise.all([island('idle'), island('visible')]);
    expect([a, b]).toEqual([true, true]);
    expect(hits).toEqual(['/_astro/page-data.a.json']);
    expect(el.hasAttribute(PAGE_DATA_SRC)).toBe(false);
    expect(pageStrings({ ns: 'offers' })).toEqual({ offers: { 'ends.ended': 'Ended' } });
    expect(HELD_DIRECTIVES).toContain('interaction');
    // Not defined yet: Astro's island waits for it (undefined), as without the loader.
    expect((window as Win).Astro!.only).toBeUndefined();
  });

  it('is tried a second time after an error', async () => {
    answers['/_astro/page-data.b.json'] = [
      { status: 503, body: 'busy' },
      { status: 200, body: DATA },
    ];
    pageWith('/_astro/page-data.b.json');
    new Function(pageDataLoaderScript().replace('(document)', '(document, 10, false)'))();
    (window as Win).Astro!.idle = idle;
    expect(await island()).toBe(true);
    expect(hits).toHaveLength(2);
    expect(pageData().strings.offers).toBeDefined();
  });

  it('leaves the page as built after two failures, or when the answer is not data', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    answers['/_astro/page-data.c.json'] = [{ status: 500, body: 'oops' }];
    const el = pageWith('/_astro/page-data.c.json');
    installPageDataLoader(document, 10, false);
    (window as Win).Astro!.interaction = idle;
    expect(await island('interaction')).toBe(false);
    expect(hits).toHaveLength(2);
    expect(el.textContent).toBe('');
    expect(error.mock.calls[0]?.[0]).toContain('/_astro/page-data.c.json');

    delete (window as Win).Astro;
    answers['/_astro/page-data.d.json'] = [{ status: 200, body: '<!doctype html><p>Not found</p>' }];
    pageWith('/_astro/page-data.d.json');
    installPageDataLoader(document, 10, false);
    (window as Win).Astro!.idle = idle;
    expect(await island()).toBe(false);
  });

  it('does nothing on a page with its data inline', async () => {
    pageWith(null, DATA);
    installPageDataLoader(document, 10, false);
    expect((window as Win).Astro).toBeUndefined();
    expect(hits).toEqual([]);
  });
});
