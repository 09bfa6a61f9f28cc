/**
 * Figures of a static export (src/sources/static/export.ts), shared by the catalog benchmark and
 * the export's size test: file count, raw and gzip bytes, how many files hold each coupon and deal,
 * and what a list of browser calls downloads (gzip bytes, requests) from a fresh cache.
 */
import { gzipSync } from 'node:zlib';
import type { CatalogSource } from '../../../src/catalog/source.ts';
import type { BrandShardFile, ItemFile, StaticFiles } from '../../../src/sources/static/format.ts';
import { createStaticSource } from '../../../src/sources/static/source.ts';

export type ExportFigures = {
  files: number;
  raw: number;
  gzip: number;
  largest: { path: string; gzip: number };
  /** Per kind: the fewest and most files any one item is stored in. */
  copies: Record<'coupons' | 'deals', { min: number; max: number }>;
};

const gzipCache = new WeakMap<StaticFiles, Map<string, { raw: number; gzip: number; body: string }>>();

/** Serialized and gzipped (level 6, as a CDN would) size of every file, computed once per export. */
export function sizes(files: StaticFiles): Map<string, { raw: number; gzip: number; body: string }> {
  let out = gzipCache.get(files);
  if (!out) {
    out = new Map();
    for (const [path, value] of files) {
      const body = JSON.stringify(value);
      out.set(path, { raw: Buffer.byteLength(body), gzip: gzipSync(body, { level: 6 }).length, body });
    }
    gzipCache.set(files, out);
  }
  return out;
}

export function exportFigures(files: StaticFiles): ExportFigures {
  let raw = 0;
  let gzip = 0;
  let largest = { path: '', gzip: 0 };
  for (const [path, s] of sizes(files)) {
    raw += s.raw;
    gzip += s.gzip;
    if (s.gzip > largest.gzip) largest = { path, gzip: s.gzip };
  }
  const count = { coupons: new Map<number, number>(), deals: new Map<number, number>() };
  const seen = (kind: 'coupons' | 'deals', ids: Iterable<number>) => {
    for (const id of new Set(ids)) count[kind].set(id, (count[kind].get(id) ?? 0) + 1);
  };
  for (const [path, value] of files) {
    const page = /^(coupons|deals)\/newest\/\d+\.json$/.exec(path);
    if (page)
      seen(
        page[1] as 'coupons' | 'deals',
        (value as ItemFile).items.map((x) => x[0] as number),
      );
    if (path.startsWith('brands/shard/')) {
      const shard = value as BrandShardFile;
      seen(
        'coupons',
        shard.coupons.map((x) => x[0] as number),
      );
      seen(
        'deals',
        shard.deals.map((x) => x[0] as number),
      );
    }
    if (path === 'home.json') {
      const home = value as { featuredCoupons: { id: number }[]; featuredDeals: { id: number }[] };
      seen(
        'coupons',
        home.featuredCoupons.map((c) => c.id),
      );
      seen(
        'deals',
        home.featuredDeals.map((d) => d.id),
      );
    }
  }
  const range = (m: Map<number, number>) => ({
    min: m.size ? Math.min(...m.values()) : 0,
    max: m.size ? Math.max(...m.values()) : 0,
  });
  return {
    files: files.size,
    raw,
    gzip,
    largest,
    copies: { coupons: range(count.coupons), deals: range(count.deals) },
  };
}

export type MeteredChange = [name: string, run: (source: CatalogSource) => Promise<unknown>];
export type MeteredResult = { name: string; gzip: number; requests: number; result: unknown };

function meteredSource(files: StaticFiles, now: Date) {
  const all = sizes(files);
  const counter = { gzip: 0, requests: 0 };
  const source = createStaticSource({
    now: () => now,
    fetch: async (url) => {
      const s = all.get(url.replace(/^\/data\//, ''));
      counter.requests++;
      if (s) counter.gzip += s.gzip;
      return { ok: s !== undefined, status: s ? 200 : 404, json: async () => JSON.parse(s!.body) };
    },
  });
  return { source, counter };
}

/** Runs each change on a fresh static source over the export (cold cache), counting what it downloads. */
export async function meterChanges(files: StaticFiles, changes: MeteredChange[], now: Date): Promise<MeteredResult[]> {
  const out: MeteredResult[] = [];
  for (const [name, run] of changes) {
    const { source, counter } = meteredSource(files, now);
    const result = await run(source);
    out.push({ name, gzip: counter.gzip, requests: counter.requests, result });
  }
  return out;
}

/** Runs the steps one after the other on ONE static source (what a shopper's tab downloads per step). */
export async function meterSession(files: StaticFiles, steps: MeteredChange[], now: Date): Promise<MeteredResult[]> {
  const { source, counter } = meteredSource(files, now);
  const out: MeteredResult[] = [];
  for (const [name, run] of steps) {
    const before = { ...counter };
    const result = await run(source);
    out.push({ name, gzip: counter.gzip - before.gzip, requests: counter.requests - before.requests, result });
  }
  return out;
}
