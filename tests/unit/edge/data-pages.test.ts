import { describe, expect, it } from 'vitest';
import { chunkFile, dataChunks, newestPage, PAGES_PER_CHUNK } from '../../../src/edge/data-pages.ts';

/** The /data newest-list pages an edge site's Worker answers from chunks (issue 32). */
describe('newest-list pages at the edge', () => {
  it('leaves the first page and every other /data file to the build', () => {
    expect(newestPage('coupons/newest/1.json')).toBeNull();
    expect(newestPage('es/deals/newest/1.json')).toBeNull();
    expect(newestPage('coupons/order/popular/0.json')).toBeNull();
    expect(newestPage('brands/index.json')).toBeNull();
    expect(newestPage('search/head/ab.json')).toBeNull();
    expect(newestPage('de/coupons/newest/7.json')).toEqual({ prefix: 'de/', kind: 'coupons', page: 7 });
  });

  it(`puts ${PAGES_PER_CHUNK} pages in a chunk per language and kind, each page as built`, () => {
    const files = new Map<string, unknown>();
    for (let page = 1; page <= 60; page++) {
      files.set(`coupons/newest/${page}.json`, { page });
      files.set(`fr/coupons/newest/${page}.json`, { page, lang: 'fr' });
    }
    files.set('deals/newest/2.json', { deal: 2 });
    const chunks = dataChunks(files);
    expect([...chunks.keys()].sort()).toEqual([
      'data/coupons-newest-0.json',
      'data/coupons-newest-1.json',
      'data/coupons-newest-2.json',
      'data/deals-newest-0.json',
      'data/fr/coupons-newest-0.json',
      'data/fr/coupons-newest-1.json',
      'data/fr/coupons-newest-2.json',
    ]);
    expect(Object.keys(chunks.get('data/coupons-newest-0.json')!)).toHaveLength(PAGES_PER_CHUNK);
    expect(chunks.get(chunkFile({ prefix: 'fr/', kind: 'coupons', page: 27 }))!['27']).toEqual({
      page: 27,
      lang: 'fr',
    });
    expect(chunks.get(chunkFile({ prefix: '', kind: 'coupons', page: 60 }))!['60']).toEqual({ page: 60 });
  });
});
