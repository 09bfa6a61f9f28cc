/**
 * The cycle's purge (issue 42): the tags of what changed since the last deploy, everything only
 * when it must (saying why), batches within Cloudflare's free-plan limits; and the tags a /data
 * answer carries.
 */
import { describe, expect, it } from 'vitest';
import type { DeployManifest } from '../../../scripts/lib/cycle/manifest.ts';
import {
  MAX_REQUESTS,
  MAX_TAGS,
  purgeBodies,
  purgeCloudflare,
  purgeLine,
  purgePlan,
  TAGS_PER_REQUEST,
} from '../../../scripts/lib/cycle/purge.ts';
import { dataFileTag, dataListing, dataTags } from '../../../src/edge/tags.ts';

const manifest = (over: Partial<DeployManifest> = {}): DeployManifest => ({
  site: 's',
  files: { 'client/index.html': 'a', 'server/entry.mjs': 'w' },
  worker: 'w',
  brands: { acme: '1', zest: '2' },
  categories: { shoes: 'c' },
  data: { 'brands/shard/3.json': 'd', 'fr/coupons/newest/2.json': 'e' },
  ...over,
});

describe('what a cycle purges', () => {
  it('everything on a first deploy, and when the Worker changed, saying why', () => {
    expect(purgeLine(purgePlan(null, manifest()))).toBe(
      'purge: everything (first deploy: no manifest of the last one)',
    );
    const worker = manifest({ worker: 'w2', files: { 'client/index.html': 'a', 'server/entry.mjs': 'w2' } });
    expect(purgeLine(purgePlan(manifest(), worker))).toBe(
      'purge: everything (the Worker changed (server/entry.mjs): every page it renders may differ)',
    );
  });

  it("one brand's offers changed: that brand's tag and the /data files whose text changed, nothing else", () => {
    const after = manifest({
      brands: { acme: '1b', zest: '2' },
      data: { 'brands/shard/3.json': 'd2', 'fr/coupons/newest/2.json': 'e' },
    });
    const plan = purgePlan(manifest(), after);
    expect(plan).toEqual({ everything: false, tags: ['brand-acme', 'data-brands-shard-3'] });
    expect(purgeLine(plan)).toBe('purge: 2 tags: brand-acme, data-brands-shard-3');
  });

  it('names added and removed brands, and changed categories', () => {
    const after = manifest({ brands: { acme: '1', nova: '3' }, categories: { shoes: 'c2' } });
    expect(purgePlan(manifest(), after)).toEqual({
      everything: false,
      tags: ['brand-nova', 'brand-zest', 'category-shoes'],
    });
  });

  it("a listing's tag instead of its files when more than 20 of them changed", () => {
    const data = (v: string) =>
      Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`coupons/newest/${i + 2}.json`, v]));
    const plan = purgePlan(manifest({ data: data('a') }), manifest({ data: data('b') }));
    expect(plan).toEqual({ everything: false, tags: ['listing-coupons-newest'] });
  });

  it('everything when more changed than one cycle may name', () => {
    const brands = (v: string) => Object.fromEntries(Array.from({ length: MAX_TAGS + 1 }, (_, i) => [`b${i}`, v]));
    expect(purgeLine(purgePlan(manifest({ brands: brands('1') }), manifest({ brands: brands('2') })))).toBe(
      `purge: everything (${MAX_TAGS + 1} tags changed, more than the 500 one cycle may name (5 requests of 100))`,
    );
  });

  it('sends at most 100 tags a request, at most 5 requests', () => {
    const tags = Array.from({ length: MAX_TAGS }, (_, i) => `brand-b${i}`);
    const bodies = purgeBodies({ everything: false, tags });
    expect(bodies).toHaveLength(MAX_REQUESTS);
    for (const b of bodies) expect(JSON.parse(b).tags.length).toBeLessThanOrEqual(TAGS_PER_REQUEST);
    expect(purgeBodies({ everything: true, why: 'x' })).toEqual(['{"purge_everything":true}']);
  });
});

describe("Cloudflare's purge API", () => {
  // Cloudflare's API cannot run here: a stand-in answers as it documents (200, or 429 with Retry-After).
  it('posts each batch to the zone with the token, and waits out a 429 once', async () => {
    const calls: { url: string; auth: string | null; body: string }[] = [];
    const waits: number[] = [];
    let first = true;
    const ok = await purgeCloudflare({ everything: false, tags: ['brand-acme', 'category-shoes'] }, 'zone1', 'tok', {
      fetch: (async (url: string, init: RequestInit) => {
        calls.push({ url, auth: new Headers(init.headers).get('Authorization'), body: String(init.body) });
        if (first) {
          first = false;
          return new Response('slow down', { status: 429, headers: { 'Retry-After': '12' } });
        }
        return new Response('{"success":true}', { status: 200 });
      }) as typeof fetch,
      sleep: async (ms) => {
        waits.push(ms);
      },
      log: () => {},
    });
    expect(ok).toBe(true);
    expect(waits).toEqual([12_000]);
    expect(calls).toHaveLength(2);
    expect(calls[1]).toEqual({
      url: 'https://api.cloudflare.com/client/v4/zones/zone1/purge_cache',
      auth: 'Bearer tok',
      body: '{"tags":["brand-acme","category-shoes"]}',
    });
  });
});

describe('the tags of a /data answer', () => {
  it('names its listing (the same in every language) and the file itself', () => {
    expect(dataListing('fr/coupons/newest/3.json')).toBe('coupons-newest');
    expect(dataListing('coupons/newest/3.json')).toBe('coupons-newest');
    expect(dataListing('brands/shard/17-2.json')).toBe('brands-shard');
    expect(dataTags('de/brands/shard/17-2.json')).toEqual(['listing-brands-shard', 'data-de-brands-shard-17-2']);
    // Tags are printable ASCII without commas: a non-ASCII search shard key is escaped.
    expect(dataFileTag('search/newest/é.json')).toBe('data-search-newest-_c3_a9');
  });
});
