/**
 * Searches do not ask for prefix shards that do not exist (they were 404s, red in the console:
 * `/data/brands/names/sn.json`): the export lists the keys of the name and search shards it
 * wrote (meta.json `keys`), and the reader asks only for those; a prefix with no match is
 * simply no result. An export without the list is still read as before.
 */
import { describe, expect, it } from 'vitest';
import { buildStaticFiles } from '../../../src/sources/static/export.ts';
import { type StaticMeta, shardKeysOf } from '../../../src/sources/static/format.ts';
import { createStaticSource } from '../../../src/sources/static/source.ts';
import { englishSample } from '../../fixtures/catalogs/sample-en.ts';

const now = new Date('2026-05-01T12:00:00Z');
const files = buildStaticFiles(englishSample(now), { now });

function sourceOver(served: Map<string, unknown>) {
  const missing: string[] = [];
  const fetched: string[] = [];
  const source = createStaticSource({
    now: () => now,
    fetch: async (url) => {
      const path = url.replace(/^\/data\//, '');
      fetched.push(path);
      const value = served.get(path);
      if (value === undefined) missing.push(path);
      return { ok: value !== undefined, status: value === undefined ? 404 : 200, json: async () => value };
    },
  });
  return { source, missing, fetched };
}

describe('shard keys in meta.json', () => {
  it('lists exactly the name and search shards written', () => {
    const meta = files.get('meta.json') as StaticMeta;
    expect(meta.keys).toEqual(shardKeysOf(files));
    expect(meta.keys!.names.length).toBeGreaterThan(10);
    expect(meta.keys!.search.length).toBeGreaterThan(10);
    for (const key of meta.keys!.names) expect(files.has(`brands/names/${key}.json`)).toBe(true);
    for (const key of meta.keys!.search) {
      expect(files.has(`search/head/${key}.json`)).toBe(true);
      expect(files.has(`search/newest/${key}.json`)).toBe(true);
    }
    expect(meta.keys!.names).not.toContain('sn');
  });

  it('searching for a prefix nothing starts with requests no missing file and finds nothing', async () => {
    const { source, missing } = sourceOver(files);
    expect(await source.suggestions('zqx')).toEqual([]);
    const nothing = await source.search('zq');
    expect(nothing.coupons.totalItems + nothing.deals.totalItems + nothing.brands.length).toBe(0);
    // "sn": snack boxes, but no brand name: the items are found, no name shard is asked for.
    const snacks = await source.search('sn');
    expect(snacks.brands).toEqual([]);
    expect(snacks.coupons.totalItems + snacks.deals.totalItems).toBeGreaterThan(0);
    expect(await source.suggestions('sn')).not.toEqual([]);
    expect(missing).toEqual([]);
  });

  it('a prefix that exists is still found', async () => {
    const { source, missing } = sourceOver(files);
    const suggestions = await source.suggestions('vol');
    expect(suggestions.map((s) => s.title)).toContain('Voltura');
    expect(missing).toEqual([]);
  });

  it('an export without the list: the reader asks for the shard, as before', async () => {
    const old = new Map(files);
    const { keys: _keys, ...meta } = files.get('meta.json') as StaticMeta;
    old.set('meta.json', meta);
    const { source, fetched } = sourceOver(old);
    expect(await source.brands.search('sn')).toEqual([]);
    expect(fetched).toContain('brands/names/sn.json');
  });
});
