/**
 * The pages of the newest-first lists of the /data export (`<lang>/<kind>/newest/<page>.json`,
 * src/sources/static/format.ts) are most of an edge site's files at scale (100,000 coupons: 5,000
 * per language). An edge site pre-renders the first page of each; the others are shipped in
 * chunks of `PAGES_PER_CHUNK` (/_edge/data/…) and answered by the Worker (./data-route-ondemand.ts),
 * byte for byte the file a static site has.
 */
export const PAGES_PER_CHUNK = 25;

/** `<prefix><kind>/newest/<page>.json`, page ≥ 2: what the Worker answers from a chunk. */
const NEWEST_PAGE = /^((?:[a-z]{2}\/)?)(coupons|deals)\/newest\/(\d+)\.json$/;

export function newestPage(file: string): { prefix: string; kind: string; page: number } | null {
  const m = NEWEST_PAGE.exec(file);
  if (!m) return null;
  const page = Number(m[3]);
  return page >= 2 ? { prefix: m[1]!, kind: m[2]!, page } : null;
}

/** The chunk file (under /_edge/) holding a newest page. */
export function chunkFile(p: { prefix: string; kind: string; page: number }): string {
  return `data/${p.prefix}${p.kind}-newest-${Math.floor((p.page - 2) / PAGES_PER_CHUNK)}.json`;
}

/** The chunks of a site's /data files: { chunk file → { page → payload } }. */
export function dataChunks(files: ReadonlyMap<string, unknown>): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  for (const [file, data] of files) {
    const p = newestPage(file);
    if (!p) continue;
    const name = chunkFile(p);
    const chunk = out.get(name) ?? {};
    chunk[String(p.page)] = data;
    out.set(name, chunk);
  }
  return out;
}
