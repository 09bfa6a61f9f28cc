/**
 * Property-based tests (fast-check) over the site config schema and every entity schema, model
 * and wire (issue 16): random JSON and mutations of valid values (with hostile strings among the
 * replacements) never throw past the validator; every rejection carries a JSON path and a
 * message; every accepted value satisfies what the renderers rely on (colours, URLs, slugs, dates).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCatalog } from '../../../src/catalog/parse-catalog.ts';
import { toBrandSummary } from '../../../src/catalog/query.ts';
import {
  brandCategoryRefSchema,
  brandRefSchema,
  brandSchema,
  brandSummarySchema,
  type Catalog,
  categoryRefSchema,
  categorySchema,
  couponSchema,
  dealSchema,
  formatJsonPath,
  homeDataSchema,
  isCurrencyCode,
  isHexColor,
  isImageUrl,
  isIsoDate,
  isOutboundUrl,
  isSafeSlug,
  isSitePath,
  statsSchema,
  strictCatalogSchema,
} from '../../../src/catalog/schemas.ts';
import { searchResultSchema, searchSuggestionSchema } from '../../../src/catalog/search-schemas.ts';
import { cssVariablesText } from '../../../src/config/runtime.ts';
import type { SiteConfig } from '../../../src/config/schema.ts';
import { parseSiteConfigText, validateSiteConfig } from '../../../src/config/validate.ts';
import { pageLocalizer } from '../../../src/sources/http/reply-language.ts';
import {
  rawBrandSchema,
  rawBrandSummarySchema,
  rawCategorySchema,
  rawCouponSchema,
  rawDealSchema,
  rawStatsSchema,
  rawSuggestionSchema,
} from '../../../src/sources/http/wire.ts';
import {
  parseItems,
  parsePagedResponse,
  rawHomeDataSchema,
  rawSearchResultSchema,
} from '../../../src/sources/http/wire-replies.ts';
import { COLOUR_PAYLOADS, SLUG_PAYLOADS, TEXT_PAYLOADS, URL_PAYLOADS } from '../../fixtures/catalogs/hostile.ts';
import { englishSample } from '../../fixtures/catalogs/sample-en.ts';
import { defaultConfig } from '../config/helpers.ts';

type Json = unknown;
type Path = (string | number)[];
const RUNS = { numRuns: Number(process.env.FC_RUNS ?? 150) };

// ---------------------------------------------------------------------------
// Arbitraries: hostile strings, random JSON, and mutations of a valid value
// ---------------------------------------------------------------------------

const hostileString = fc.constantFrom(...TEXT_PAYLOADS, ...URL_PAYLOADS, ...COLOUR_PAYLOADS, ...SLUG_PAYLOADS);
const oddString = fc.oneof(
  hostileString,
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.webUrl(),
  fc.constantFrom('#2563eb', '/logos/a.svg', 'https://shop.example/x', 'ok-slug', '2026-05-01T00:00:00Z', 'USD'),
);
const anyValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: oddString },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.constantFrom(null, 0, -1, 1.5, 1e21, true, false, [], {}, '') },
);

/** Every path inside a JSON value (the root included). */
function pathsOf(value: Json, at: Path = []): Path[] {
  const out: Path[] = [at];
  if (Array.isArray(value)) for (const [i, v] of value.entries()) out.push(...pathsOf(v, [...at, i]));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...at, k]));
  return out;
}

type Mutation = { pick: number; op: 'set' | 'delete' | 'add-key'; value: Json; key: string };
const mutationArb: fc.Arbitrary<Mutation> = fc.record({
  pick: fc.nat(),
  op: fc.constantFrom('set', 'set', 'set', 'delete', 'add-key'),
  value: anyValue,
  key: fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('__proto__', 'constructor', 'slug', 'color')),
});

/** A deep copy of `base` with one to three mutations applied. */
function mutate(base: Json, mutations: Mutation[]): Json {
  let root = JSON.parse(JSON.stringify(base)) as Json;
  for (const m of mutations) {
    const paths = pathsOf(root);
    const path = paths[m.pick % paths.length]!;
    if (path.length === 0) {
      if (m.op === 'set') root = m.value;
      continue;
    }
    const parent = path.slice(0, -1).reduce<Json>((o, k) => (o as Record<string | number, Json>)[k], root) as
      | Record<string | number, Json>
      | Json[];
    const last = path.at(-1)!;
    if (m.op === 'set') (parent as Record<string | number, Json>)[last] = m.value;
    else if (m.op === 'delete') {
      if (Array.isArray(parent)) parent.splice(Number(last), 1);
      else delete (parent as Record<string, Json>)[last];
    } else {
      const target = (parent as Record<string | number, Json>)[last];
      if (target && typeof target === 'object' && !Array.isArray(target))
        Object.defineProperty(target, m.key, { value: m.value, enumerable: true, writable: true, configurable: true });
    }
  }
  return root;
}
const mutationsArb = fc.array(mutationArb, { minLength: 1, maxLength: 3 });

// ---------------------------------------------------------------------------
// Invariants the renderers rely on
// ---------------------------------------------------------------------------

const URL_FIELDS = new Set(['siteUrl', 'originUrl', 'trackingUrl', 'link']);
const IMAGE_FIELDS = new Set(['logo', 'image']);
const DATE_FIELDS = new Set(['createdAt', 'updatedAt', 'startsAt', 'expiresAt']);

/** Walks a parsed catalog value and lists every field that breaks a renderer guarantee. */
function rendererViolations(value: Json, at: Path = []): string[] {
  const out: string[] = [];
  if (Array.isArray(value)) for (const [i, v] of value.entries()) out.push(...rendererViolations(v, [...at, i]));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const where = formatJsonPath([...at, k]);
      if (k === 'color' && !isHexColor(v)) out.push(`${where}: colour ${JSON.stringify(v)}`);
      else if (k === 'slug' && v !== null && !isSafeSlug(v)) out.push(`${where}: slug ${JSON.stringify(v)}`);
      else if (URL_FIELDS.has(k) && v !== null && !isOutboundUrl(v)) out.push(`${where}: url ${JSON.stringify(v)}`);
      else if (IMAGE_FIELDS.has(k) && v !== null && !isImageUrl(v)) out.push(`${where}: image ${JSON.stringify(v)}`);
      else if (DATE_FIELDS.has(k) && v !== null && !isIsoDate(v)) out.push(`${where}: date ${JSON.stringify(v)}`);
      else if (k === 'currency' && !isCurrencyCode(v)) out.push(`${where}: currency ${JSON.stringify(v)}`);
      else out.push(...rendererViolations(v, [...at, k]));
    }
  }
  return out;
}

type Issue = { path: PropertyKey[]; message: string; code: string };

/**
 * A rejection a person can act on: a message, and a JSON path that points into the value
 * (only a wrong type of the whole value, or unknown keys of the root object, sit at the root).
 */
function unusableIssues(input: Json, issues: readonly Issue[]): string[] {
  const isObject = input !== null && typeof input === 'object' && !Array.isArray(input);
  return issues
    .filter(
      (i) =>
        typeof i.message !== 'string' ||
        i.message.trim() === '' ||
        !Array.isArray(i.path) ||
        formatJsonPath(i.path) === '' ||
        (isObject && i.path.length === 0 && i.code !== 'unrecognized_keys'),
    )
    .map((i) => `${i.code} at [${i.path.map(String).join(', ')}]: ${i.message}`);
}

// ---------------------------------------------------------------------------
// Valid starting points
// ---------------------------------------------------------------------------

/** English: these are the one-language model and wire schemas (a page's catalog, an API reply). */
const catalog: Catalog = JSON.parse(JSON.stringify(englishSample(new Date('2026-05-01T00:00:00Z'))));
const coupon = catalog.coupons[0]!;
const deal = catalog.deals[0]!;
const brand = catalog.brands.find((b) => b.category !== null)!;
const category = catalog.categories[0]!;
const suggestion = {
  id: brand.id,
  type: 'brand',
  title: brand.name,
  subtitle: '',
  image: brand.logo,
  slug: brand.slug,
};
const home = {
  stats: catalog.stats,
  featuredCategories: catalog.categories.slice(0, 2),
  featuredBrands: catalog.brands.slice(0, 2).map(toBrandSummary),
  featuredCoupons: catalog.coupons.slice(0, 2),
  featuredDeals: catalog.deals.slice(0, 2),
};
const searchResult = {
  coupons: { items: catalog.coupons.slice(0, 2), totalItems: 2, page: 1, totalPages: 1 },
  deals: { items: catalog.deals.slice(0, 2), totalItems: 2, page: 1, totalPages: 1 },
  brands: catalog.brands.slice(0, 2).map(toBrandSummary),
  categories: catalog.categories.slice(0, 2),
};

const MODEL = {
  category: [categorySchema, category],
  brand: [brandSchema, brand],
  brandSummary: [brandSummarySchema, toBrandSummary(brand)],
  brandRef: [brandRefSchema, coupon.brand],
  categoryRef: [categoryRefSchema, coupon.category],
  brandCategoryRef: [brandCategoryRefSchema, brand.category],
  coupon: [couponSchema, coupon],
  deal: [dealSchema, deal],
  stats: [statsSchema, catalog.stats],
  homeData: [homeDataSchema, home],
  searchSuggestion: [searchSuggestionSchema, suggestion],
  searchResult: [searchResultSchema, searchResult],
} as const;

/**
 * Each wire schema with a valid input, the model schema its output must satisfy, and how a reply
 * is resolved for a page before it becomes the model (texts sent as `{ "es": "…" }` are kept as
 * they are by the wire schema and picked for the page's language: src/sources/http/reply-language.ts).
 */
const page = pageLocalizer({ lang: 'en', defaultLang: 'en' });
// biome-ignore lint/suspicious/noExplicitAny: each row pairs a wire schema with its own resolver
const as = (f: (x: any) => unknown) => f as (x: unknown) => unknown;
const WIRE = {
  rawCategory: [rawCategorySchema, category, categorySchema, as(page.category)],
  rawBrand: [rawBrandSchema, brand, brandSchema, as(page.brand)],
  rawBrandSummary: [rawBrandSummarySchema, toBrandSummary(brand), brandSummarySchema, as(page.summary)],
  rawCoupon: [rawCouponSchema, coupon, couponSchema, as(page.coupon)],
  rawDeal: [rawDealSchema, deal, dealSchema, as(page.deal)],
  rawStats: [rawStatsSchema, catalog.stats, statsSchema, (x: unknown) => x],
  rawSuggestion: [rawSuggestionSchema, suggestion, searchSuggestionSchema, as(page.suggestion)],
  rawHomeData: [rawHomeDataSchema, home, homeDataSchema, as(page.home)],
  rawSearchResult: [rawSearchResultSchema, searchResult, searchResultSchema, as(page.search)],
} as const;

// ---------------------------------------------------------------------------
// Site config
// ---------------------------------------------------------------------------

const HREF_OK = (v: unknown) => isSitePath(v) || isOutboundUrl(v) || (typeof v === 'string' && /^mailto:\S+$/i.test(v));

/** What the layout, header, footer and head rely on in an accepted config. */
function configViolations(config: SiteConfig): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(config.branding.colors)) if (!isHexColor(v)) out.push(`colour ${k}`);
  config.content.navigation.forEach((n, i) => {
    if (!HREF_OK(n.href)) out.push(`navigation[${i}].href ${JSON.stringify(n.href)}`);
  });
  for (const s of config.content.footer.sections)
    for (const l of s.links) if (!HREF_OK(l.href)) out.push(`footer href ${JSON.stringify(l.href)}`);
  for (const s of config.content.socialLinks) if (!isOutboundUrl(s.url)) out.push(`social ${JSON.stringify(s.url)}`);
  if (config.seo.ogImage !== undefined && !isSitePath(config.seo.ogImage)) out.push('seo.ogImage');
  const id = config.analytics.googleAnalytics?.trackingId;
  if (id !== undefined && !/^(UA-\d+-\d+|G-[A-Z0-9]+|GT-[A-Z0-9]+)$/.test(id)) out.push(`trackingId ${id}`);
  if (!/^[a-z0-9-]+$/.test(config.site.id)) out.push('site.id');
  // The inline <style> of every page: only custom properties with harmless values.
  if (!/^:root\{(?:--site-[a-z-]+:[^;{}<>\\]+;)*--site-[a-z-]+:[^;{}<>\\]+\}$/.test(cssVariablesText(config)))
    out.push(`css ${cssVariablesText(config)}`);
  return out;
}

describe('site config schema (property-based)', () => {
  it('random JSON never throws past the validator; each rejection has a JSON path and a message', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        const r = validateSiteConfig(json);
        expect(r.ok).toBe(false);
        if (!r.ok) for (const p of r.problems) expect(p.path.length * p.message.trim().length).toBeGreaterThan(0);
      }),
      RUNS,
    );
  });

  it('random text never throws past the JSON reader', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (text) => {
        const r = parseSiteConfigText(text);
        if (!r.ok) expect(r.problems.every((p) => p.path !== '' && p.message !== '')).toBe(true);
      }),
      RUNS,
    );
  });

  it('mutated default config: rejections name a path and a message, accepted configs keep every guarantee', () => {
    const base = defaultConfig();
    let accepted = 0;
    fc.assert(
      fc.property(mutationsArb, (mutations) => {
        const input = mutate(base, mutations);
        const r = validateSiteConfig(input);
        if (r.ok) {
          accepted++;
          expect(configViolations(r.config)).toEqual([]);
        } else {
          for (const p of r.problems) {
            expect(p.path).not.toBe('');
            expect(p.message.trim()).not.toBe('');
          }
        }
      }),
      { numRuns: 400 },
    );
    expect(accepted).toBeGreaterThan(0);
  });

  it('a hostile string in any text or link of the config is rejected or harmless', () => {
    const base = defaultConfig();
    const paths = pathsOf(base).filter((p) => typeof p.reduce<Json>((o, k) => (o as never)[k], base) === 'string');
    fc.assert(
      fc.property(fc.constantFrom(...paths), hostileString, (path, payload) => {
        const input = JSON.parse(JSON.stringify(base));
        const parent = path.slice(0, -1).reduce((o, k) => o[k], input);
        parent[path.at(-1)!] = payload;
        const r = validateSiteConfig(input);
        if (r.ok) expect(configViolations(r.config)).toEqual([]);
        else expect(r.problems.map((p) => p.path)).toContain(formatJsonPath(path));
      }),
      { numRuns: 300 },
    );
  });
});

// ---------------------------------------------------------------------------
// Entity schemas
// ---------------------------------------------------------------------------

describe.each(Object.entries(MODEL))('model schema %s (property-based)', (_name, [schema, valid]) => {
  it('the valid value passes', () => {
    expect(schema.safeParse(valid).success).toBe(true);
  });

  it('random and mutated JSON never throws; rejections carry a path and a message; accepted values keep the guarantees', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue(),
          mutationsArb.map((m) => mutate(valid, m)),
        ),
        (input) => {
          const r = schema.safeParse(input);
          if (r.success) expect(rendererViolations(r.data)).toEqual([]);
          else expect(unusableIssues(input, r.error.issues)).toEqual([]);
        },
      ),
      RUNS,
    );
  });
});

describe.each(Object.entries(WIRE))('wire schema %s (property-based)', (_name, [schema, valid, model, resolve]) => {
  it('the valid value passes', () => {
    expect(schema.safeParse(valid).success).toBe(true);
  });

  it('random and mutated JSON never throws; rejections carry a path and a message; output is a valid model', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue(),
          mutationsArb.map((m) => mutate(valid, m)),
        ),
        (input) => {
          const r = schema.safeParse(input);
          if (!r.success) {
            expect(unusableIssues(input, r.error.issues)).toEqual([]);
            return;
          }
          const { dropped: _dropped, ...data } = resolve(r.data) as Record<string, unknown>;
          expect(model.safeParse(data).error?.issues ?? []).toEqual([]);
          expect(rendererViolations(data)).toEqual([]);
        },
      ),
      RUNS,
    );
  });
});

describe('list and page readers (property-based)', () => {
  it('parseItems and parsePagedResponse never throw and keep only valid items', () => {
    const page = { data: catalog.coupons.slice(0, 3), pagination: { page: 1, size: 20, total: 3 } };
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue(),
          mutationsArb.map((m) => mutate(page, m)),
        ),
        (input) => {
          const parsed = parsePagedResponse(rawCouponSchema, input, { page: 1, pageSize: 20 });
          for (const item of parsed.items) expect(couponSchema.safeParse(item).success).toBe(true);
          expect(Number.isFinite(parsed.total) && Number.isFinite(parsed.totalPages)).toBe(true);
          for (const d of parsed.dropped) expect(d.reason.trim()).not.toBe('');
          const items = parseItems(rawDealSchema, input);
          for (const item of items.items) expect(rendererViolations(item)).toEqual([]);
        },
      ),
      RUNS,
    );
  });
});

describe('catalog files (property-based)', () => {
  const small: Catalog = {
    ...catalog,
    categories: catalog.categories.slice(0, 3),
    brands: catalog.brands.slice(0, 3),
    coupons: catalog.coupons.slice(0, 3),
    deals: catalog.deals.slice(0, 3),
  };

  it('random and mutated catalogs never throw; kept items are valid and unique; every drop names entity and field', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue(),
          mutationsArb.map((m) => mutate(small, m)),
        ),
        (input) => {
          const r = parseCatalog(input);
          for (const p of r.problems) {
            expect(p.path).not.toBe('');
            expect(p.message.trim()).not.toBe('');
          }
          if (!r.ok) return;
          expect(strictCatalogSchema.safeParse(r.catalog).success).toBe(true);
          expect(rendererViolations(r.catalog)).toEqual([]);
          for (const list of [r.catalog.categories, r.catalog.brands, r.catalog.coupons, r.catalog.deals])
            expect(new Set(list.map((x) => x.id)).size).toBe(list.length);
          for (const list of [r.catalog.categories, r.catalog.brands])
            expect(new Set(list.map((x) => x.slug)).size).toBe(list.length);
          for (const p of r.problems.filter((x) => x.entity !== null)) {
            expect(p.path).toMatch(/^(categories|brands|coupons|deals)\[\d+\]/);
            expect(p.field === '' || p.path.endsWith(p.field)).toBe(true);
          }
        },
      ),
      RUNS,
    );
  });
});
