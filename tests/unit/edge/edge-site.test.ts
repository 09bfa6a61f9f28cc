/**
 * An edge site end to end (issue 32): tests/fixtures/sites/edge.json (deploy.target cloudflare,
 * 10 brands pre-rendered per language) built for real, then served in workerd by
 * `startEdge` (what `npm run edge` runs). Pre-rendered and on-demand pages are compared byte for
 * byte (the same build with its pre-rendered brand pages removed, at the build's clock); long-tail
 * pages in every language, the localized 404, edge cache headers capped by an offer's end,
 * feedback in D1 that survives a restart, and the /data export: every file a static build of the
 * same site writes (built here at the same clock) is served at the same URL with the same bytes,
 * most of them by the Worker from its chunks.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditedFolder, edgeOnDemandPages } from '../../../scripts/lib/audit/folder.ts';
import { runLinksGate } from '../../../scripts/lib/audit/links.ts';
import { runSeoGate } from '../../../scripts/lib/audit/seo.ts';
import { buildSites } from '../../../scripts/lib/build-sites/build.ts';
import { headersFor, parseHeadersFile } from '../../../scripts/lib/deploy/headers.ts';
import { ROOT, type RunningEdge, startEdge } from '../../../scripts/lib/edge/run.ts';
import type { EdgeIndex } from '../../../src/edge/shards.ts';
import { decodeDeltas, shardOf } from '../../../src/sources/static/format.ts';

const PORT = Number(process.env.EDGE_TEST_PORT ?? 8788);
const LANGS = ['', '/es', '/fr', '/de'];
/** The build writes into the repository (its server chunks resolve packages from node_modules). */
const distDir = join(ROOT, '.tmp', `edge-test-${process.pid}`);
const client = join(distDir, 'edge', 'client');
const log: string[] = [];
let index: EdgeIndex;
let built = false;
/** The build's clock, given to it (the /_edge index carries none: issue 42), and to the Worker that renders at it. */
const BUILT_AT = new Date().toISOString();

function headSlugs(): string[] {
  return readdirSync(join(client, 'brands'))
    .filter((f) => f.endsWith('.html') && !/^\d+\.html$/.test(f))
    .map((f) => f.slice(0, -5));
}

beforeAll(async () => {
  const results = await buildSites({
    sitesDir: join(ROOT, 'tests/fixtures/sites'),
    outDir: distDir,
    only: ['edge'],
    env: { BUILD_NOW: BUILT_AT },
    verbose: false,
    log: (l) => log.push(l),
  });
  built = results[0]?.ok === true;
  if (built) index = JSON.parse(readFileSync(join(client, '_edge', 'index.json'), 'utf8'));
}, 300_000);

afterAll(() => rmSync(distDir, { recursive: true, force: true }));

describe('an edge site build', () => {
  it('builds within its file budget: the head of the brands pre-rendered, a Worker, data shards', () => {
    expect(built, log.join('\n')).toBe(true);
    expect(log.join('\n')).toMatch(/edge: \d+ static files \(limit 20000\)/);
    // 10 brands per language (deploy.prerender.brandsPerLanguage), 50 in the catalog.
    expect(headSlugs()).toHaveLength(10);
    expect(readdirSync(join(client, 'es', 'brands')).filter((f) => f.endsWith('.html') && !/^\d/.test(f))).toHaveLength(
      10,
    );
    expect(index.brands).toHaveLength(50);
    const wrangler = JSON.parse(readFileSync(join(distDir, 'edge', 'server', 'wrangler.json'), 'utf8'));
    expect(wrangler.d1_databases[0].binding).toBe('DB');
    expect(wrangler.assets.binding).toBe('ASSETS');
    // No sessions: no KV namespace (the adapter's default SESSION binding) that nothing would use.
    expect(wrangler.kv_namespaces ?? []).toEqual([]);
    // The catalog reaches the Worker as assets, not in its code.
    const code = readdirSync(join(distDir, 'edge', 'server', 'chunks'))
      .filter((f) => f.endsWith('.mjs'))
      .map((f) => readFileSync(join(distDir, 'edge', 'server', 'chunks', f), 'utf8'))
      .join('');
    const longTail = index.brands.find(([slug]) => !headSlugs().includes(slug))!;
    expect(code).not.toContain(`"${longTail[0]}"`);
  });
});

describe('pages pre-rendered and rendered on demand', () => {
  let edge: RunningEdge;
  const assets = mkdtempSync(join(tmpdir(), 'edge-parity-'));

  beforeAll(async () => {
    expect(built).toBe(true);
    // The same build without its pre-rendered brand pages and feeds: the Worker renders them.
    cpSync(client, assets, { recursive: true });
    for (const lang of LANGS) {
      const dir = join(assets, lang, 'brands');
      for (const f of readdirSync(dir)) rmSync(join(dir, f), { recursive: true });
    }
    edge = await startEdge({
      site: 'edge',
      distDir,
      port: PORT,
      dataDir: mkdtempSync(join(tmpdir(), 'edge-d1-')),
      now: BUILT_AT,
      assetsDir: assets,
    });
  }, 120_000);
  afterAll(async () => {
    await edge?.stop();
    rmSync(assets, { recursive: true, force: true });
  });

  it('are the same HTML in every language, a slug starting with "fr" included', async () => {
    const slugs = headSlugs().slice(0, 2);
    if (!slugs.includes('fresh-plate')) slugs.push('fresh-plate');
    const forward = readdirSync(join(client, 'brands'))
      .find((f) => /^\d+\.html$/.test(f))!
      .slice(0, -5);
    for (const lang of LANGS) {
      for (const path of [...slugs.map((s) => `/brands/${s}`), `/brands/${forward}`, `/brands/${slugs[0]}/feed.xml`]) {
        const res = await fetch(`${edge.url}${lang}${path}`);
        expect(res.status, `${lang}${path}`).toBe(200);
        const file = join(client, lang, path.endsWith('.xml') ? path : `${path}.html`);
        expect(await res.text(), `${lang}${path}`).toBe(readFileSync(file, 'utf8'));
      }
    }
  });

  it('answers an unknown slug or language with the localized 404 page', async () => {
    for (const [path, lang] of [
      ['/brands/no-such-brand', 'en'],
      ['/es/brands/no-such-brand', 'es'],
      ['/de/brands/no-such-brand/feed.xml', 'de'],
      ['/xx/brands/fresh-plate', 'en'],
    ] as const) {
      const res = await fetch(`${edge.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toContain(`<html lang="${lang}"`);
    }
  });
});

describe('the long tail at the edge', () => {
  let edge: RunningEdge;
  const dataDir = mkdtempSync(join(tmpdir(), 'edge-d1-'));
  const longTail = () => index.brands.filter(([slug]) => !headSlugs().includes(slug));

  afterAll(async () => {
    await edge?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves every language of a brand that was not pre-rendered, with edge cache headers of the catalog version', async () => {
    expect(built).toBe(true);
    edge = await startEdge({ site: 'edge', distDir, port: PORT, dataDir });
    const [slug] = longTail()[0]!;
    expect(existsSync(join(client, 'brands', `${slug}.html`))).toBe(false);
    for (const lang of LANGS) {
      const res = await fetch(`${edge.url}${lang}/brands/${slug}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(`<html lang="${lang ? lang.slice(1) : 'en'}"`);
      // The catalog version, and what the page shows (issue 42): its brand and category.
      const tags = res.headers.get('Cache-Tag')!.split(',');
      expect(tags).toContain(`catalog-${index.version}`);
      expect(tags).toContain(`brand-${slug}`);
      expect(tags.some((t) => t.startsWith('category-'))).toBe(true);
      expect(res.headers.get('Cache-Control')).toMatch(/^public, max-age=0, s-maxage=\d+/);
    }
    // The site's CSP and security headers, as its static pages get them from _headers.
    const page = await fetch(`${edge.url}/es/brands/${slug}`);
    const rules = parseHeadersFile(readFileSync(join(client, '_headers'), 'utf8'));
    const expected = headersFor(rules, `/es/brands/${slug}`);
    expect(page.headers.get('Content-Security-Policy')).toBe(expected['Content-Security-Policy']);
    expect(page.headers.get('Content-Security-Policy')).toMatch(/script-src 'self'/);
    expect(page.headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
    // The /data files whose number grows with the catalog are the Worker's (from chunks), in every language.
    for (const lang of LANGS) {
      expect(existsSync(join(client, 'data', lang, 'coupons', 'newest', '1.json'))).toBe(true);
      expect(existsSync(join(client, 'data', lang, 'coupons', 'newest', '2.json'))).toBe(false);
      expect(existsSync(join(client, 'data', lang, 'brands', 'shard'))).toBe(false);
    }
    const feed = await fetch(`${edge.url}/fr/brands/${slug}/feed.xml`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('Content-Type')).toMatch(/xml/);
  }, 120_000);

  it('lists every brand page in the sitemap, the long tail in every language included, and those URLs answer', async () => {
    expect(built).toBe(true);
    const robots = await (await fetch(`${edge.url}/robots.txt`)).text();
    expect(robots).toContain('Sitemap: https://couponsaver.example/sitemap.xml');
    // 356 URLs: one <urlset> file (an index with child sitemaps only past 50,000 URLs or 50 MB).
    const xml = await (await fetch(`${edge.url}/sitemap.xml`)).text();
    expect(xml).toContain('<urlset');
    const locs = new Set([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!));
    for (const [slug] of index.brands)
      for (const lang of LANGS) expect(locs.has(`https://couponsaver.example${lang}/brands/${slug}`), slug).toBe(true);
    const [slug] = longTail()[1]!;
    // (With the brand page's <lastmod>, issue 40: src/seo/brand-lastmod.ts.)
    expect(xml).toMatch(
      new RegExp(
        `<url><loc>https://couponsaver\\.example/de/brands/${slug}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z</lastmod><xhtml:link rel="alternate" hreflang="en" href="https://couponsaver\\.example/brands/${slug}"/>`,
      ),
    );
    for (const lang of LANGS) expect((await fetch(`${edge.url}${lang}/brands/${slug}`)).status).toBe(200);
  }, 60_000);

  it("passes the audit's links and SEO gates as the Worker serves it (links to the long tail resolve)", async () => {
    expect(built).toBe(true);
    expect(auditedFolder(join(distDir, 'edge'))).toBe(client);
    expect(auditedFolder(dataDir)).toBe(dataDir);
    const links = await runLinksGate({ dir: client, baseUrl: edge.url });
    expect(links.failures).toEqual([]);
    // The sitemap lists long-tail brand pages that are not files: the gate knows the Worker's.
    expect(runSeoGate({ dir: client }).failures).toContainEqual(
      `sitemap.xml: https://couponsaver.example/fr/brands/${longTail()[0]![0]} is not a built indexable page`,
    );
    const onDemand = edgeOnDemandPages(client);
    expect(onDemand?.(`/fr/brands/${longTail()[0]![0]}`)).toBe(true);
    expect(onDemand?.('/fr/brands/no-such-brand')).toBe(false);
    const seo = runSeoGate({ dir: client, ...(onDemand ? { onDemand } : {}) });
    expect(seo.failures).toEqual([]);
  }, 120_000);

  it('keeps feedback in D1 across a restart and shows it on the coupon', async () => {
    expect(built).toBe(true);
    const shard = JSON.parse(readFileSync(join(client, '_edge', index.shards[longTail()[0]![2]]!), 'utf8'));
    const id: number = shard.coupons[0].id;
    const answer = await fetch(`${edge.url}/api/coupons/${id}/feedback`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ worked: false }),
    });
    expect(answer.status).toBe(200);
    await edge.stop();
    edge = await startEdge({ site: 'edge', distDir, port: PORT, dataDir });
    const coupon = (await (await fetch(`${edge.url}/api/coupons/${id}`)).json()) as { data: Record<string, unknown> };
    expect(coupon.data.votes).toEqual({ worked: 0, failed: 1 });
    expect(typeof coupon.data.lastFailedAt).toBe('string');
    const again = await fetch(`${edge.url}/api/coupons/${id}/feedback`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ worked: true }),
    });
    expect(again.status).toBe(429);
  }, 120_000);
});

describe('edge caching near the end of an offer', () => {
  let edge: RunningEdge;
  afterAll(() => edge?.stop());

  it('is not cached past the first end of an offer a long-tail page shows (clock moved to 2 minutes before it)', async () => {
    expect(built).toBe(true);
    const head = new Set(headSlugs());
    type Offer = { brandId: number; expiresAt: string | null };
    // The long-tail brand whose first offer ends soonest, and that end.
    let best: { slug: string; end: number } | undefined;
    for (const [slug, id, shardNo] of index.brands) {
      if (head.has(slug)) continue;
      const shard = JSON.parse(readFileSync(join(client, '_edge', index.shards[shardNo]!), 'utf8'));
      const ends = [...shard.coupons, ...shard.deals]
        .filter((o: Offer) => o.brandId === id && o.expiresAt)
        .map((o: Offer) => Date.parse(o.expiresAt!));
      if (ends.length && (!best || Math.min(...ends) < best.end)) best = { slug, end: Math.min(...ends) };
    }
    expect(best).toBeDefined();
    const now = new Date(best!.end - 120_000).toISOString();
    edge = await startEdge({
      site: 'edge',
      distDir,
      port: PORT,
      dataDir: mkdtempSync(join(tmpdir(), 'edge-d1-')),
      now,
    });
    const res = await fetch(`${edge.url}/de/brands/${best!.slug}`);
    expect(res.status).toBe(200);
    const control = res.headers.get('Cache-Control') ?? '';
    const sMaxAge = Number(/s-maxage=(\d+)/.exec(control)?.[1]);
    expect(sMaxAge).toBeGreaterThan(0);
    expect(sMaxAge).toBeLessThanOrEqual(120);
    // Serving it stale would outlive the offer.
    expect(control).not.toMatch(/stale-while-revalidate/);
  }, 120_000);
});

describe('the /data export at the edge and on a static site', () => {
  /** The same site with the default target, built at the edge build's clock: what a static site writes. */
  const staticDir = join(ROOT, '.tmp', `edge-test-static-${process.pid}`);
  const sitesDir = mkdtempSync(join(tmpdir(), 'edge-static-sites-'));
  const staticData = join(staticDir, 'edge', 'data');
  let staticBuilt = false;
  let edge: RunningEdge;

  beforeAll(async () => {
    expect(built).toBe(true);
    const config = JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/sites/edge.json'), 'utf8'));
    delete config.deploy;
    writeFileSync(join(sitesDir, 'edge.json'), JSON.stringify(config));
    const results = await buildSites({
      sitesDir,
      outDir: staticDir,
      only: ['edge'],
      env: { BUILD_NOW: BUILT_AT },
      verbose: false,
      log: (l) => log.push(l),
    });
    staticBuilt = results[0]?.ok === true;
    edge = await startEdge({ site: 'edge', distDir, port: PORT, dataDir: mkdtempSync(join(tmpdir(), 'edge-d1-')) });
  }, 300_000);
  afterAll(async () => {
    await edge?.stop();
    rmSync(staticDir, { recursive: true, force: true });
    rmSync(sitesDir, { recursive: true, force: true });
  });

  it("answers a long-tail brand's shard in every language with the bytes a static build writes, and edge cache headers", async () => {
    expect(staticBuilt, log.join('\n')).toBe(true);
    const head = new Set(headSlugs());
    const [, id] = index.brands.find(([slug]) => !head.has(slug))!;
    for (const lang of LANGS) {
      const meta = JSON.parse(readFileSync(join(staticData, lang, 'meta.json'), 'utf8'));
      const shard = shardOf(decodeDeltas(meta.brandShards), id);
      const file = join(staticData, lang, 'brands', 'shard', `${shard}.json`);
      // The static site writes it as a file; the edge site does not, its Worker answers it.
      expect(existsSync(file)).toBe(true);
      const res = await fetch(`${edge.url}/data${lang}/brands/shard/${shard}.json`);
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
      expect(res.headers.get('Cache-Tag')!.split(',')).toEqual([
        `catalog-${index.version}`,
        `data${lang.replace('/', '-')}-brands-shard-${shard}`,
        'listing-brands-shard',
      ]);
      expect(res.headers.get('Cache-Control')).toMatch(/^public, max-age=0, s-maxage=\d+/);
      expect(await res.text()).toBe(readFileSync(file, 'utf8'));
    }
  }, 120_000);

  it('serves every file of the static export at the same URL with the same JSON, and a 404 for any other', async () => {
    expect(staticBuilt).toBe(true);
    const files = readdirSync(staticData, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThan(1000);
    const differ: string[] = [];
    let fromWorker = 0;
    for (let i = 0; i < files.length; i += 16) {
      await Promise.all(
        files.slice(i, i + 16).map(async (f) => {
          const expected = readFileSync(join(staticData, f), 'utf8');
          const asset = join(client, 'data', f);
          if (existsSync(asset)) {
            if (readFileSync(asset, 'utf8') !== expected) differ.push(`${f} (asset)`);
            return;
          }
          fromWorker++;
          const res = await fetch(`${edge.url}/data/${f.split(sep).join('/')}`);
          if (res.status !== 200 || (await res.text()) !== expected) differ.push(`${f} (Worker: ${res.status})`);
        }),
      );
    }
    expect(differ).toEqual([]);
    // Most of the export (everything that grows with the catalog) comes from the Worker.
    expect(fromWorker).toBeGreaterThan(files.length / 2);
    // The edge build writes no /data file a static build does not.
    const edgeFiles = readdirSync(join(client, 'data'), { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.json'),
    );
    expect(edgeFiles.filter((f) => !files.includes(f))).toEqual([]);
    for (const path of [
      '/data/brands/shard/9999.json',
      '/data/coupons/newest/999.json',
      '/data/es/search/head/zz.json',
      '/data/xx/meta.json',
      '/data/brands/shard/0.txt',
    ]) {
      const res = await fetch(`${edge.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('Cache-Control'), path).toBe('no-store');
    }
  }, 300_000);
});
