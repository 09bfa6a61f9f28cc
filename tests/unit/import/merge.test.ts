/**
 * The merge and the whole import on the five fixtures (src/import/merge.ts, import-feeds.ts):
 * one offer per brand and code across networks, brands and categories, stable ids, what is kept
 * from the previous catalog, the summary per source, and a catalog the build accepts.
 */
import { describe, expect, it } from 'vitest';
import { parseCatalog } from '../../../src/catalog/parse-catalog.ts';
import { formatSummary, importFeeds } from '../../../src/import/import-feeds.ts';
import { EMPTY_MAPPING } from '../../../src/import/mapping.ts';
import { fixtureMapping, fixtureSources, IMPORT_NOW } from './helpers.ts';

const run = (
  options: Partial<Parameters<typeof importFeeds>[1]> = {},
  formats?: Parameters<typeof fixtureSources>[0],
) => importFeeds(fixtureSources(formats), { now: IMPORT_NOW, mapping: fixtureMapping(), ...options });

describe('the import of the five fixtures', () => {
  it('writes a catalog the build reads without dropping anything', async () => {
    const { catalog } = await run({ exclusive: 'drop' });
    const parsed = parseCatalog(JSON.parse(JSON.stringify(catalog)));
    expect(parsed.ok && parsed.problems).toEqual([]);
    expect(catalog.coupons.map((c) => c.code)).toEqual([
      'NORTH20',
      'BOOTS10',
      'BEANS15',
      'TEA10',
      'CEDAR25',
      'CANDLE2',
      'LUMEN30',
    ]);
    expect(catalog.stats).toMatchObject({ totalCoupons: 7, totalDeals: 6, totalBrands: 5 });
    // Placeholder codes became deals, never coupons without a code.
    expect(catalog.coupons.every((c) => c.code !== '')).toBe(true);
    expect(catalog.deals.map((d) => d.title)).toContain('Free delivery on every order');
    expect(catalog.deals.map((d) => d.title)).toContain('Buy one get one on filter papers');
  });

  it('says per source what it read, kept and left out by reason (exclusives dropped on request)', async () => {
    const { summaries, dropped } = await run({ exclusive: 'drop' });
    expect(summaries.map(formatSummary)).toEqual([
      'awin awin.json: read 10, kept 4, left out 6 (exclusive 2, ended 1, bad-link 1, end-before-start 1, not-started 1)',
      'awin-csv awin.csv: read 5, kept 2, left out 3 (regex-code 1, exclusive 1, unreadable-date 1)',
      'rakuten rakuten.xml: read 4, kept 2, left out 2 (ended 1, duplicate 1)',
      'cj cj.xml: read 4, kept 3, left out 1 (end-before-start 1)',
      'impact impact.json: read 4, kept 2, left out 2 (not-public 1, ended 1)',
    ]);
    expect(dropped).toContain(
      'cj 13579003 "Rugs 15% off" of Cedar & Pine Home (link 3 (line 60)): ends 2026-11-01T07:00:00.000Z before it starts 2026-11-10T08:00:00.000Z',
    );
  });

  it('keeps one offer per brand and code across networks, from the preferred network', async () => {
    const byDefault = await run();
    const north = byDefault.catalog.coupons.filter((c) => c.code === 'NORTH20');
    expect(north).toHaveLength(1);
    expect(north[0]!.link).toMatch(/^https:\/\/www\.awin1\.com\//); // sources' order: Awin first
    const rakutenFirst = await run({ prefer: ['rakuten', 'awin'] });
    const again = rakutenFirst.catalog.coupons.filter((c) => c.code === 'NORTH20');
    expect(again).toHaveLength(1);
    expect(again[0]!.link).toMatch(/^https:\/\/click\.linksynergy\.com\//);
    expect(rakutenFirst.dropped.some((l) => l.startsWith('awin 783245 ') && l.includes('kept from rakuten'))).toBe(
      true,
    );
  });

  it('maps advertisers to brands and network categories to the site’s, unmapped to "Other"', async () => {
    const { catalog } = await run();
    expect(catalog.brands.map((b) => b.name)).toEqual([
      'Northwind Outfitters', // one brand for the Awin and Rakuten advertisers
      'Blue Fjord Coffee',
      'Harbor Tea Co', // renamed by the mapping file
      'Cedar & Pine Home',
      'Lumen Lamps',
    ]);
    expect(catalog.brands.map((b) => b.slug)).toContain('cedar-and-pine-home');
    const code = (c: string) => catalog.coupons.find((x) => x.code === c)!;
    expect(code('NORTH20').category?.slug).toBe('fashion'); // "Clothing"
    expect(code('BEANS15').category?.slug).toBe('food-and-drink'); // "Coffee" unmapped, "Food & Drink" mapped
    expect(code('BOOTS10').category).toMatchObject({ slug: 'other', name: { en: 'Other', es: 'Otros' } });
    const unmapped = await run({ mapping: EMPTY_MAPPING });
    // Without a mapping file, what the operator set by hand on such a category stays.
    const previous = structuredClone(unmapped.catalog);
    Object.assign(previous.categories.find((c) => c.slug === 'lighting')!, {
      name: { en: 'Lighting', es: 'Iluminación' },
      icon: '💡',
      featured: true,
    });
    const again = await run({ mapping: EMPTY_MAPPING, previous });
    expect(again.catalog.categories.find((c) => c.slug === 'lighting')).toMatchObject({
      name: { en: 'Lighting', es: 'Iluminación' },
      icon: '💡',
      featured: true,
    });
    expect(unmapped.catalog.categories.map((c) => c.slug)).toEqual([
      'clothing',
      'other',
      'coffee',
      'food-and-drink',
      'home-and-garden',
      'lighting',
    ]);
  });

  it('keeps ids, slugs, code health and hand-set fields from the previous catalog', async () => {
    const first = await run({ mapping: fixtureMapping() }, ['impact', 'cj']);
    const previous = structuredClone(first.catalog);
    const cedar = previous.coupons.find((c) => c.code === 'CEDAR25')!;
    Object.assign(cedar, {
      id: 501,
      featured: true,
      verified: true,
      votes: { worked: 12, failed: 1 },
      lastWorkedAt: '2026-11-19T08:00:00.000Z',
      lastFailedAt: '2026-11-02T08:00:00.000Z',
      verifiedAt: '2026-11-18T08:00:00.000Z',
    });
    const lumen = previous.brands.find((b) => b.slug === 'lumen-lamps')!;
    Object.assign(lumen, { logo: '/logos/lumen.svg', description: 'Lamps for every desk.', featured: true });
    // Now every source: new brands and offers get the next free ids, the old ones keep theirs.
    const next = await run({ previous });
    const cedarAgain = next.catalog.coupons.find((c) => c.code === 'CEDAR25')!;
    expect(cedarAgain).toMatchObject({
      id: 501,
      featured: true,
      verified: true,
      votes: { worked: 12, failed: 1 },
      lastWorkedAt: '2026-11-19T08:00:00.000Z',
      lastFailedAt: '2026-11-02T08:00:00.000Z',
      verifiedAt: '2026-11-18T08:00:00.000Z',
    });
    const lumenAgain = next.catalog.brands.find((b) => b.slug === 'lumen-lamps')!;
    expect(lumenAgain).toMatchObject({ id: lumen.id, logo: '/logos/lumen.svg', featured: true });
    expect(next.catalog.coupons.find((c) => c.code === 'LUMEN30')!.brand?.logo).toBe('/logos/lumen.svg');
    const ids = next.catalog.brands.map((b) => b.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(
      Math.min(...next.catalog.brands.filter((b) => !previous.brands.some((p) => p.slug === b.slug)).map((b) => b.id)),
    ).toBeGreaterThan(Math.max(...previous.brands.map((b) => b.id)));
    // The same feeds again: the very same ids and slugs.
    const third = await run({ previous: next.catalog });
    expect(third.catalog.coupons.map((c) => [c.id, c.code])).toEqual(next.catalog.coupons.map((c) => [c.id, c.code]));
    expect(third.catalog.brands.map((b) => [b.id, b.slug])).toEqual(next.catalog.brands.map((b) => [b.id, b.slug]));
  });
});

describe('advertiser names that are also Object.prototype members', () => {
  // Found by the hostile feed property test: an advertiser named "valueOf" got Object.prototype's
  // valueOf function as its brand name, and the import threw.
  it('keep their own name as brand unless the mapping names them', async () => {
    const { brandNameOf } = await import('../../../src/import/mapping.ts');
    for (const name of ['valueOf', 'constructor', 'toString', 'hasOwnProperty', '__proto__'])
      expect(brandNameOf(EMPTY_MAPPING, 'awin', '7', name)).toBe(name);
    const mapping = { ...EMPTY_MAPPING, advertisers: { toString: 'Tostring Ltd', 'awin:8': 'Valueof Co' } };
    expect(brandNameOf(mapping, 'cj', '1', 'toString')).toBe('Tostring Ltd');
    expect(brandNameOf(mapping, 'awin', '8', 'valueOf')).toBe('Valueof Co');
  });
});
