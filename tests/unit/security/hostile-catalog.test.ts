/**
 * The hostile catalog fixture (tests/fixtures/catalogs/hostile.json, used by the static and
 * API-mode builds the browser tests run against): what the catalog reader keeps and drops, and
 * how the reference API serves it.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApiServer, startApiServer } from '../../../scripts/lib/api-server/server.ts';
import { createApiClient } from '../../../src/api/client.ts';
import { formatCatalogProblems, parseCatalog } from '../../../src/catalog/parse-catalog.ts';
import { isOutboundUrl } from '../../../src/catalog/schemas.ts';
import { createHttpSource } from '../../../src/sources/http/source.ts';
import { DROPPED_MARK, hostileCatalog, KEPT, KEPT_MARK, TEXT_PAYLOADS } from '../../fixtures/catalogs/hostile.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const json = JSON.parse(readFileSync(resolve(ROOT, 'tests/fixtures/catalogs/hostile.json'), 'utf8'));
const parsed = parseCatalog(json);

describe('hostile catalog fixture', () => {
  it('hostile.json is what hostile.ts generates', () => {
    expect(json).toEqual(JSON.parse(JSON.stringify(hostileCatalog())));
  });

  it('keeps exactly the valid items, text payloads untouched', () => {
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const { catalog } = parsed;
    expect({
      categories: catalog.categories.length,
      brands: catalog.brands.length,
      coupons: catalog.coupons.length,
      deals: catalog.deals.length,
    }).toEqual(KEPT);
    const names = [...catalog.categories, ...catalog.brands, ...catalog.coupons].map((x) => x.name);
    expect(names.every((n) => typeof n === 'string' && n.startsWith(KEPT_MARK))).toBe(true);
    expect(JSON.stringify(catalog)).not.toContain(DROPPED_MARK);
    // Text is data, not markup: the reader keeps it as written.
    expect(catalog.categories[0]?.name).toContain(TEXT_PAYLOADS[1]);
  });

  it('drops every item with a hostile URL, colour, slug, currency or date, naming entity, id and field', () => {
    const droppedItems = json.categories.length + json.brands.length + json.coupons.length + json.deals.length;
    expect(parsed.ok && parsed.dropped).toBe(droppedItems - KEPT.categories - KEPT.brands - KEPT.coupons - KEPT.deals);
    // Each dropped item's name says which field carries the payload ("DROPPED siteUrl #3").
    for (const key of ['categories', 'brands', 'coupons', 'deals'] as const) {
      (json[key] as Record<string, unknown>[]).forEach((item, index) => {
        const label = String(item.name ?? item.title);
        if (!label.startsWith(DROPPED_MARK)) return;
        const field = /^DROPPED (\S+) #/.exec(label)?.[1];
        const problem = parsed.problems.find((p) => p.path.startsWith(`${key}[${index}]`));
        expect(problem, `${key}[${index}] ${label}`).toBeDefined();
        if (field) expect(problem?.field).toBe(field);
        expect(problem?.id).toBe(item.id);
      });
    }
    const lines = formatCatalogProblems(parsed.problems);
    expect(lines[0]).toMatch(/^categories\[3\]\.color \(category 100\): Colour must be written as #RRGGBB/);
    expect(lines.some((l) => /^brands\[\d+\]\.siteUrl \(brand \d+\): Link must be an absolute http/.test(l))).toBe(
      true,
    );
    expect(lines.some((l) => /^categories\[\d+\]\.slug \(category 300\): Duplicate category slug/.test(l))).toBe(true);
  });
});

describe('the reference API over the hostile catalog (npm run api -- --catalog …)', () => {
  let server: RunningApiServer;
  beforeAll(async () => {
    if (!parsed.ok) throw new Error('fixture is not a catalog');
    server = await startApiServer({ catalog: parsed.catalog });
  });
  afterAll(() => server.close());

  it('serves only the kept items; the client reads them with every link http(s)', async () => {
    const source = createHttpSource(createApiClient({ baseUrl: server.url, siteId: 'hostile', getToken: () => null }));
    const [categories, brands, coupons, deals] = await Promise.all([
      source.categories.list(),
      source.brands.list(),
      source.coupons.list({ pageSize: 100 }),
      source.deals.list({ pageSize: 100 }),
    ]);
    expect([categories.length, brands.length, coupons.total, deals.total]).toEqual([
      KEPT.categories,
      KEPT.brands,
      KEPT.coupons,
      KEPT.deals,
    ]);
    const links = [...coupons.items.map((c) => c.link), ...deals.items.flatMap((d) => [d.trackingUrl, d.originUrl])];
    expect(links.filter((l) => l !== null && !isOutboundUrl(l))).toEqual([]);
    const search = await source.search('KEPT');
    expect(JSON.stringify(search)).not.toContain(DROPPED_MARK);
  });
});

describe('the reference API "hostile" fault (attacks in every string of a live response)', () => {
  let server: RunningApiServer;
  beforeAll(async () => {
    server = await startApiServer();
  });
  afterAll(() => server.close());

  it('the client keeps text as text and drops or repairs every link, image, colour and slug', async () => {
    const source = createHttpSource(
      createApiClient({
        baseUrl: server.url,
        siteId: 'default',
        getToken: () => null,
        fetch: (input, init) =>
          fetch(input, { ...init, headers: { ...(init?.headers as object), 'X-Fault': 'hostile' } }),
      }),
      { warn: () => {} },
    );
    const [categories, brands, coupons, deals, search, suggestions, home] = await Promise.all([
      source.categories.list(),
      source.brands.list(),
      source.coupons.list({ pageSize: 20 }),
      source.deals.list({ pageSize: 20 }),
      source.search('off'),
      source.suggestions('vo', 5),
      source.home(),
    ]);
    const all = JSON.stringify([categories, brands, coupons, deals, search, suggestions, home]);
    expect(all).toContain('xss-wire-text');
    expect(all).not.toMatch(/javascript:|vbscript:|data:text|evil\.example|\/\\\\|"\.\.\/escape"/i);
    expect(coupons.items.length).toBeGreaterThan(0);
    for (const c of categories) expect(c.color).toMatch(/^#[0-9a-fA-F]{6}$/);
    for (const x of [...categories, ...brands]) expect(x.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    for (const c of coupons.items) expect(c.link).toBeNull();
  });
});
