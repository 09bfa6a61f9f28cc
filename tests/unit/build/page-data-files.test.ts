/**
 * Issue 31, listing HTML at most 90 KB: a static build moves each page's island data out of the
 * HTML into a file the islands' directives fetch (scripts/lib/build-sites/page-data-files.ts).
 * The file holds exactly the text the page held, and a page whose islands would not wait for
 * the file keeps its data inline.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  movePageData,
  movePageDataInSite,
  pageDataFileName,
} from '../../../scripts/lib/build-sites/page-data-files.ts';
import { pageDataLoaderScript } from '../../../src/page-data/load.ts';
import { parsePageData } from '../../../src/page-data/read.ts';
import { createPageData } from '../../../src/page-data/write.ts';

const offer = { id: 7, title: 'Ends <soon>', brand: { id: 2, name: 'Nestwell' }, category: null };

function page(islands: string[], data = createPageData('en')): string {
  data.deals([offer as never]);
  const json = data.json();
  const tags = islands.map(
    (client) => `<astro-island uid="a" props='{}' ssr client="${client}" opts="{}"></astro-island>`,
  );
  return `<html><body><p>card</p><script type="application/json" id="page-data">${json}</script>${tags.join('')}</body></html>`;
}

describe('page data in a file of its own', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('leaves an empty script with the file address and the loader, the file holding the same data', () => {
    const html = page(['idle', 'visible', 'interaction']);
    const { html: out, file } = movePageData(html);
    expect(file).not.toBeNull();
    expect(out).toContain(
      `<script type="application/json" id="page-data" data-src="/_astro/${file!.name}"></script><script>${pageDataLoaderScript()}</script>`,
    );
    // The islands keep their directives.
    expect(out).toContain('client="idle"');
    expect(out).toContain('client="visible"');
    expect(out).not.toContain('Nestwell');
    expect(out).toContain('<p>card</p>');
    const before = parsePageData(/id="page-data">([^<]*)</.exec(html)![1]!);
    expect(parsePageData(file!.text)).toEqual(before);
    expect(before.offers.d7).toMatchObject({ title: 'Ends <soon>', brand: 'b2' });
    expect(file!.name).toBe(pageDataFileName(file!.text));
    expect(file!.name).toMatch(/^page-data\.[0-9a-f]{16}\.json$/);
  });

  it('keeps the data inline when an island comes before it (its directive may start before the loader)', () => {
    const html = page(['idle']).replace('<p>card</p>', '<astro-island uid="b" client="idle"></astro-island>');
    expect(movePageData(html)).toEqual({ html, file: null });
    const none = '<html><body><p>no data</p></body></html>';
    expect(movePageData(none)).toEqual({ html: none, file: null });
  });

  it('writes one file per distinct data in the assets folder and rewrites every page', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'page-data-files-'));
    dirs.push(dir);
    mkdirSync(join(dir, '_astro'));
    mkdirSync(join(dir, 'fr'));
    writeFileSync(join(dir, 'coupons.html'), page(['idle']));
    writeFileSync(join(dir, 'fr', 'coupons.html'), page(['idle']));
    const other = createPageData('en');
    other.strings(['offers']);
    writeFileSync(join(dir, 'deals.html'), page(['visible'], other));
    writeFileSync(
      join(dir, 'search.html'),
      page(['idle']).replace('<p>card</p>', '<astro-island client="idle"></astro-island>'),
    );
    expect(await movePageDataInSite(dir)).toEqual({ pages: 3, files: 2 });
    const files = readdirSync(join(dir, '_astro'));
    expect(files).toHaveLength(2);
    const src = /data-src="\/_astro\/([^"]+)"/.exec(readFileSync(join(dir, 'fr', 'coupons.html'), 'utf8'))![1];
    expect(files).toContain(src);
    expect(parsePageData(readFileSync(join(dir, '_astro', src!), 'utf8')).offers.d7).toBeDefined();
    expect(readFileSync(join(dir, 'search.html'), 'utf8')).toContain('Nestwell');
  });
});
