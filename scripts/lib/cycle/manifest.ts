/**
 * What a cycle deployed (issue 42): a manifest of hashes per site, kept in
 * .data/deploy/<site-id>/manifest.json after each deploy, and compared with the next build:
 * - `files`: every file of the build (client assets and the Worker), by path → SHA-1 of its bytes;
 * - `worker`: one hash of the Worker's files (server/, the deploy's own wrangler.json left out);
 * - `brands`: per brand slug, a hash of the brand and its offers as the catalog has them;
 * - `categories`: per category slug, a hash of what a page shows of it (name, icon, colour);
 * - `data`: per /data path the Worker answers from its chunks (src/edge/data-chunks.ts), a hash
 *   of the answer's text.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { LocalizedCatalog } from '../../../src/catalog/schemas.ts';

export interface DeployManifest {
  site: string;
  files: Record<string, string>;
  worker: string;
  brands: Record<string, string>;
  categories: Record<string, string>;
  data: Record<string, string>;
}

const sha1 = (data: string | Buffer) => createHash('sha1').update(data).digest('hex');

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/** Path → hash of every file under `dir` (paths with "/"). */
export function hashFiles(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!existsSync(dir)) return out;
  for (const file of walk(dir)) out[relative(dir, file).split(sep).join('/')] = sha1(readFileSync(file));
  return out;
}

/** Per /data path the Worker answers, the hash of its text (from the build's /_edge/data chunks). */
export function hashDataChunks(clientDir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const dir = join(clientDir, '_edge', 'data');
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.txt'))) {
    const text = readFileSync(join(dir, name), 'utf8');
    const nl = text.indexOf('\n');
    const directory = JSON.parse(text.slice(0, nl)) as Record<string, [number, number]>;
    const body = text.slice(nl + 1);
    for (const [path, [start, end]] of Object.entries(directory)) out[path] = sha1(body.slice(start, end));
  }
  return out;
}

/** Per brand slug: the brand and its offers; per category slug: what a page shows of it. */
export function hashCatalog(catalog: LocalizedCatalog): Pick<DeployManifest, 'brands' | 'categories'> {
  const offers = new Map<number, unknown[]>();
  for (const o of [...catalog.coupons, ...catalog.deals]) {
    if (o.brandId === null) continue;
    const list = offers.get(o.brandId) ?? [];
    list.push(o);
    offers.set(o.brandId, list);
  }
  const brands: Record<string, string> = {};
  // A brand's copy of its category's counts (brand.category.totalCoupons) is left out: no page
  // shows it from the brand, and it moves with every offer of the category.
  for (const b of catalog.brands) {
    const { category, ...rest } = b;
    const ref = category ? { ...category, totalCoupons: undefined } : null;
    brands[b.slug] = sha1(JSON.stringify([rest, ref, offers.get(b.id) ?? []]));
  }
  const categories: Record<string, string> = {};
  for (const c of catalog.categories)
    categories[c.slug] = sha1(JSON.stringify([c.id, c.name, c.icon ?? null, (c as { color?: unknown }).color ?? null]));
  return { brands, categories };
}

/** The manifest of a built edge site (`outDir` = dist/<site-id>). */
export function manifestOf(site: string, outDir: string, catalog: LocalizedCatalog): DeployManifest {
  const client = hashFiles(join(outDir, 'client'));
  const server = hashFiles(join(outDir, 'server'));
  delete server['wrangler.json'];
  const files: Record<string, string> = {};
  for (const [p, h] of Object.entries(client)) files[`client/${p}`] = h;
  for (const [p, h] of Object.entries(server)) files[`server/${p}`] = h;
  const worker = sha1(
    Object.entries(server)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([p, h]) => `${p} ${h}`)
      .join('\n'),
  );
  return { site, files, worker, ...hashCatalog(catalog), data: hashDataChunks(join(outDir, 'client')) };
}

/** Keys whose hash differs between two maps (added, changed or removed). */
export function changedKeys(before: Record<string, string>, after: Record<string, string>): string[] {
  const out: string[] = [];
  for (const [k, h] of Object.entries(after)) if (before[k] !== h) out.push(k);
  for (const k of Object.keys(before)) if (!(k in after)) out.push(k);
  return out.sort();
}

/** Files of `after` whose bytes differ from `before` (new ones included), of all of `after`. */
export function changedFiles(before: DeployManifest | null, after: DeployManifest) {
  const all = Object.keys(after.files);
  const changed = all.filter((p) => before?.files[p] !== after.files[p]);
  const removed = before ? Object.keys(before.files).filter((p) => !(p in after.files)) : [];
  return { changed, removed, total: all.length };
}
