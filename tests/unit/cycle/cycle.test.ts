/**
 * `npm run cycle -- --local` end to end on a small feed (issue 42): a 6-advertiser Awin feed
 * imported, built as an edge site (no brand page pre-rendered: the Worker renders them all),
 * "deployed" into the local edge and served in workerd by `startEdge` (what `npm run edge` runs).
 * Then one offer of one brand changed and one added: the second cycle changes a few files, not
 * all, purges that brand's tags (not everything), and the local edge serves both offers on the
 * brand's page (its cached copy purged) while another brand's page still comes from the cache.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAwinFeed } from '../../../scripts/lib/cycle/awin-feed.ts';
import { type CycleResult, runCycle } from '../../../scripts/lib/cycle/run.ts';
import { ROOT, type RunningEdge, SERVED_BUILD, startEdge } from '../../../scripts/lib/edge/run.ts';

const PORT = Number(process.env.CYCLE_TEST_PORT ?? 8789);
const dir = join(ROOT, '.tmp', `cycle-test-${process.pid}`);
const rel = (p: string) => relative(ROOT, p);
const feed = join(dir, 'awin.json');
const SITE = 'cycle';
const opts = () => ({
  site: SITE,
  local: true,
  sitesDir: join(dir, 'sites'),
  outDir: join(dir, 'dist'),
  deployDir: join(dir, 'deploy'),
  edgeDataDir: join(dir, 'edge'),
  cacheDir: join(dir, 'cache'),
  log: () => {},
});
let first: CycleResult;
let edge: RunningEdge | undefined;

beforeAll(async () => {
  mkdirSync(join(dir, 'sites'), { recursive: true });
  const config = JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/sites/edge.json'), 'utf8'));
  config.$schema = undefined;
  config.site.id = SITE;
  config.site.supportedLanguages = ['en'];
  config.staticData = { catalog: rel(join(dir, 'catalog.json')) };
  config.import = { sources: [{ from: `awin:${rel(feed)}` }] };
  config.deploy = { target: 'cloudflare', prerender: { maxFiles: 20000, brandsPerLanguage: 0 } };
  writeFileSync(join(dir, 'sites', `${SITE}.json`), JSON.stringify(config));
  await writeAwinFeed(feed, { advertisers: 6, offers: 3 });
  first = await runCycle({ ...opts(), now: '2026-11-28T10:00:00Z' });
}, 240_000);

afterAll(async () => {
  await edge?.stop();
  if (!process.env.CYCLE_TEST_KEEP) rmSync(dir, { recursive: true, force: true });
});

const brandPage = async (slug: string) => {
  const res = await fetch(`${edge!.url}/brands/${slug}`);
  return { res, html: await res.text() };
};

describe('npm run cycle -- --local', () => {
  it('imports, builds, deploys and purges, one line each in that order', () => {
    expect(first.code, first.lines.join('\n')).toBe(0);
    const [imported, build, changed, purge, cycle] = first.lines;
    expect(imported).toMatch(/^import: \d+ coupons, \d+ deals, 6 brands, /);
    expect(build).toMatch(/^build: 6 brands, \d+ coupons, \d+ deals → \d+ files in /);
    // Nothing deployed before: every file is new, and the whole cache is purged, saying why.
    expect(changed).toBe(`changed files: ${first.changed!.total} of ${first.changed!.total}`);
    expect(purge).toBe('purge: everything (first deploy: no manifest of the last one)');
    expect(cycle).toMatch(/^cycle: \d+\.\d s$/);
  });

  it('tags a brand page with its brand, its category and the related brands it shows', async () => {
    edge = await startEdge({ site: SITE, distDir: join(dir, 'dist'), port: PORT, dataDir: join(dir, 'edge') });
    const { res, html } = await brandPage('cycle-store-1');
    expect(res.status).toBe(200);
    const tags = (res.headers.get('Cache-Tag') ?? '').split(',');
    expect(tags).toContain('brand-cycle-store-1');
    expect(tags).toContain('category-category-1');
    // Every offer the page shows is the brand's (so brand-cycle-store-1 names them all).
    const codes = [...html.matchAll(/C(\d+)X\d+/g)].map((m) => m[1]);
    expect(codes.length).toBeGreaterThan(0);
    expect(new Set(codes)).toEqual(new Set(['1']));
    // Another brand's tag is not on it (category 1 has no other brand here).
    expect(tags.filter((t) => t.startsWith('brand-'))).toEqual(['brand-cycle-store-1']);
    expect((await brandPage('cycle-store-1')).res.headers.get('X-Edge-Cache')).toBe('HIT');
    expect((await brandPage('cycle-store-2')).res.headers.get('X-Edge-Cache')).toBe('MISS');
  }, 120_000);

  it('after one offer changed and one added: a few files changed, that brand purged, both offers served', async () => {
    await writeAwinFeed(feed, {
      advertisers: 6,
      offers: 3,
      changed: [[1, 0, 'Changed: 60% off everything']],
      added: [[1, 'Added: free shipping weekend', 'NEWSHIP']],
    });
    const second = await runCycle({ ...opts(), now: '2026-11-28T11:00:00Z' });
    expect(second.code, second.lines.join('\n')).toBe(0);
    const { changed, total } = second.changed!;
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.length).toBeLessThan(total / 4);
    expect(second.lines[2]).toBe(`changed files: ${changed.length} of ${total}`);
    // Every category here is one of the first 8 that every category page lists under "Other
    // categories": still only the brand's own category's page and feed changed (no counts there).
    const categoryFiles = changed.filter((p) => p.includes('/categories/'));
    expect(categoryFiles.length).toBeGreaterThan(0);
    expect(
      categoryFiles.filter((p) => !p.includes('/categories/category-1')),
      changed.join('\n'),
    ).toEqual([]);
    expect(second.purge?.everything, second.lines.join('\n')).toBe(false);
    const tags = second.purge?.everything === false ? second.purge.tags : [];
    expect(tags).toContain('brand-cycle-store-1');
    expect(tags.filter((t) => t.startsWith('brand-'))).toEqual(['brand-cycle-store-1']);
    expect(second.lines[3]).toMatch(/^purge: \d+ tags: brand-cycle-store-1, /);

    // The edge was running: its cached copy of the brand's page is gone, another brand's is kept.
    // (The Worker reads the new build's data once restarted, as `npm run edge` after a cycle.)
    await edge!.stop();
    edge = await startEdge({ site: SITE, distDir: join(dir, 'dist'), port: PORT, dataDir: join(dir, 'edge') });
    const page = await brandPage('cycle-store-1');
    expect(page.res.headers.get('X-Edge-Cache')).toBe('MISS');
    expect(page.html).toContain('Changed: 60% off everything');
    expect(page.html).toContain('Added: free shipping weekend');
    expect((await brandPage('cycle-store-2')).res.headers.get('X-Edge-Cache')).toBe('HIT');
  }, 240_000);

  it('changes one small file (the import report with its time) and purges nothing when the same feed is imported and built an hour later', async () => {
    const third = await runCycle({ ...opts(), now: '2026-11-28T12:00:00Z' });
    expect(third.code, third.lines.join('\n')).toBe(0);
    // The same catalog at another clock: every page, /data file, shard and index has the same bytes.
    expect(third.changed!.changed).toEqual(['client/_edge/import-report.json']);
    expect(third.lines[2]).toBe(`changed files: 1 of ${third.changed!.total}`);
    expect(third.lines[3]).toBe('purge: 0 tags (nothing changed)');
  }, 240_000);

  it('empties the local cache when the edge starts on a build no cycle deployed', async () => {
    await edge!.stop();
    // As after a plain `npm run build`: the build the cache was purged for is not the one served.
    writeFileSync(join(dir, 'edge', SERVED_BUILD), 'another build');
    edge = await startEdge({ site: SITE, distDir: join(dir, 'dist'), port: PORT, dataDir: join(dir, 'edge') });
    expect((await brandPage('cycle-store-2')).res.headers.get('X-Edge-Cache')).toBe('MISS');
    expect((await brandPage('cycle-store-2')).res.headers.get('X-Edge-Cache')).toBe('HIT');
  }, 120_000);
});
