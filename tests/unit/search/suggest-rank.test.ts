/**
 * Issue 33: the search box's suggestions rank a match on a category's or brand's own name above a
 * match through a related field, accent-insensitive in every language, grouped by type.
 */
import { describe, expect, it } from 'vitest';
import { localizeCatalog } from '../../../src/catalog/localize-catalog.ts';
import { createSampleCatalog } from '../../../src/catalog/sample.ts';
import type { Catalog } from '../../../src/catalog/schemas.ts';
import type { SearchSuggestion } from '../../../src/catalog/search-schemas.ts';
import { groupSuggestions, NAME_MATCH, nameMatch, rankNameSuggestions } from '../../../src/catalog/suggest.ts';
import { createMemorySource } from '../../../src/sources/memory.ts';
import { buildStaticFiles } from '../../../src/sources/static/export.ts';
import { createStaticSource } from '../../../src/sources/static/source.ts';

const now = new Date('2026-05-10T12:00:00Z');

const suggestion = (type: SearchSuggestion['type'], id: number, title: string) => ({ type, id, title });

describe('nameMatch', () => {
  it('tells an exact name, a name that starts with the query, a word of the name and a related field apart', () => {
    expect(nameMatch('Electrónica', 'electronica')).toBe(NAME_MATCH.exact);
    expect(nameMatch('Electrónica', 'ELECTRÓNICA ')).toBe(NAME_MATCH.exact);
    expect(nameMatch('Électronique', 'electronique')).toBe(NAME_MATCH.exact);
    expect(nameMatch('Straße & Garten', 'strasse garten')).toBe(NAME_MATCH.exact);
    expect(nameMatch('Elektronik & Technik', 'elektro')).toBe(NAME_MATCH.prefix);
    expect(nameMatch('Home & Garden', 'garden')).toBe(NAME_MATCH.words);
    expect(nameMatch('TechHub', 'elektronik')).toBe(NAME_MATCH.related);
    expect(nameMatch('Anything', '')).toBe(NAME_MATCH.related);
  });
});

describe('rankNameSuggestions', () => {
  it("puts a category named like the query before five brands found through the category's name", () => {
    const brands = [1, 2, 3, 4, 5, 6].map((id) => suggestion('brand', id, `Brand ${id}`));
    const ranked = rankNameSuggestions([...brands, suggestion('category', 9, 'Electrónica')], 'electronica', 5);
    expect(ranked.map((s) => `${s.type}:${s.id}`)).toEqual(['category:9', 'brand:1', 'brand:2', 'brand:3', 'brand:4']);
  });

  it('puts a brand named like the query first, and its group before the categories', () => {
    const ranked = rankNameSuggestions(
      [
        suggestion('brand', 1, 'Alpha Tech'),
        suggestion('brand', 2, 'Techno'),
        suggestion('category', 7, 'Home Tech Gadgets'),
        suggestion('category', 8, 'Tech'),
      ],
      'tech',
      5,
    );
    // "Tech" (exact) leads, so categories come first as a group; "Techno" (prefix) leads the brands.
    expect(ranked.map((s) => s.title)).toEqual(['Tech', 'Home Tech Gadgets', 'Techno', 'Alpha Tech']);
  });

  it('keeps the source order between equal matches and keeps at most the limit', () => {
    const ranked = rankNameSuggestions(
      [suggestion('brand', 3, 'Coco'), suggestion('brand', 1, 'Cola'), suggestion('brand', 2, 'Cosy')],
      'co',
      2,
    );
    expect(ranked.map((s) => s.id)).toEqual([3, 1]);
    expect(rankNameSuggestions([suggestion('brand', 1, 'A')], 'a', 0)).toEqual([]);
  });
});

describe('groupSuggestions', () => {
  it('shows each type once, in the order of its first suggestion, numbering them in that order', () => {
    const { groups, flat } = groupSuggestions([
      suggestion('category', 1, 'A'),
      suggestion('brand', 2, 'B'),
      suggestion('category', 3, 'C'),
      suggestion('coupon', 4, 'D'),
    ]);
    expect(groups.map((g) => [g.type, g.items.map((i) => [i.item.id, i.index])])).toEqual([
      [
        'category',
        [
          [1, 0],
          [3, 1],
        ],
      ],
      ['brand', [[2, 2]]],
      ['coupon', [[4, 3]]],
    ]);
    expect(flat.map((s) => s.id)).toEqual([1, 3, 2, 4]);
  });
});

/** The sample catalog in one language, as a page of that language searches it. */
function sampleIn(lang: 'es' | 'de'): Catalog {
  return localizeCatalog(createSampleCatalog(now), { lang, defaultLang: 'en' }).catalog;
}

function staticSource(catalog: Catalog) {
  const files = buildStaticFiles(catalog, { now, pageSize: 20 });
  const fetch = async (url: string) => {
    const value = files.get(url.replace(/^\/data\//, ''));
    const body = value === undefined ? undefined : JSON.stringify(value);
    return { ok: body !== undefined, status: body === undefined ? 404 : 200, json: async () => JSON.parse(body!) };
  };
  return createStaticSource({ fetch, now: () => now });
}

describe.each([
  ['es', 'electrónica', 'Electrónica'],
  ['es', 'electronica', 'Electrónica'],
  ['de', 'Elektronik', 'Elektronik'],
  ['de', 'elektronik', 'Elektronik'],
] as const)('suggestions on the %s sample for "%s"', (lang, q, category) => {
  const catalog = sampleIn(lang);
  const electronics = catalog.categories.find((c) => c.name === category);
  const brandsOfIt = catalog.brands.filter((b) => b.categoryId === electronics?.id);

  it.each([
    ['memory', () => createMemorySource(catalog, { now })],
    ['static', () => staticSource(catalog)],
  ])('the %s source suggests the category itself first, then its brands', async (_name, make) => {
    expect(electronics, `the ${lang} sample has the category ${category}`).toBeDefined();
    expect(brandsOfIt.length).toBeGreaterThanOrEqual(5);
    const got = await make().suggestions(q, 5);
    expect(got[0]).toMatchObject({ type: 'category', id: electronics!.id, title: category });
    expect(got.slice(1).every((s) => s.type === 'brand' && brandsOfIt.some((b) => b.id === s.id))).toBe(true);
    expect(got).toHaveLength(5);
  });
});
