/**
 * The SPEC §7 routes of the reference API server, answered by a `CatalogSource` (the memory
 * source) so the HTTP API and the in-memory source give the same answers.
 */

import { isOffered, type VerdictThresholds } from '../../../src/catalog/health.ts';
import type { LocalizedCatalog } from '../../../src/catalog/schemas.ts';
import { SEARCH_TYPES, SORTS, type Sort } from '../../../src/catalog/schemas.ts';
import type { SearchType } from '../../../src/catalog/search-schemas.ts';
import type { CatalogSource } from '../../../src/catalog/source.ts';
import { bodyRecord, createHandlers } from '../../../src/server/handlers.ts';
import type { WriteGuard } from '../../../src/server/limiter.ts';
import { data, fail, orNotFound, paged, type Reply } from './replies.ts';
import type { ServerState } from './state.ts';
import type { Store } from './store.ts';

export interface RouteContext {
  method: string;
  params: string[];
  query: URLSearchParams;
  body: unknown;
  /** Who asked: the connection's remote address (the limits on feedback use it). */
  address: string;
}

type Handler = (ctx: RouteContext) => Promise<Reply> | Reply;
interface Route {
  method: 'GET' | 'POST';
  pattern: RegExp;
  handler: Handler;
}

const ID = '(\\d+)';
const SEGMENT = '([^/]+)';

function int(query: URLSearchParams, ...names: string[]): number | undefined {
  for (const name of names) {
    const raw = query.get(name);
    if (raw === null || raw.trim() === '') continue;
    const n = Number(raw);
    if (Number.isInteger(n)) return n;
  }
  return undefined;
}

function sort(query: URLSearchParams): Sort | undefined {
  const raw = query.get('sortBy') ?? query.get('sort');
  return (SORTS as readonly string[]).includes(raw ?? '') ? (raw as Sort) : undefined;
}

function text(query: URLSearchParams, name = 'q'): string {
  return query.get(name) ?? '';
}

function types(query: URLSearchParams): SearchType[] | undefined {
  const raw = query.get('types');
  if (!raw) return undefined;
  return raw.split(',').filter((t): t is SearchType => (SEARCH_TYPES as readonly string[]).includes(t));
}

function pageOptions(query: URLSearchParams) {
  return { page: int(query, 'page'), pageSize: int(query, 'pageSize', 'size'), sort: sort(query) };
}

function listFilters(query: URLSearchParams) {
  return {
    ...pageOptions(query),
    categoryId: int(query, 'categoryId'),
    brandId: int(query, 'brandId'),
  };
}

function idParam(ctx: RouteContext): number {
  return Number(ctx.params[0]);
}

export interface RouteDeps {
  source: CatalogSource;
  state: ServerState;
  /** Where records are kept (SQLite, ./store.ts); `state` mirrors it for GET /__state. */
  store: Store;
  /** The limits per address and the daily write budget (src/server/limiter.ts) over `store`. */
  guard: WriteGuard;
  /** The catalog as served in every language (texts as per-language objects), code health included (GET /api/catalog). */
  catalog: () => LocalizedCatalog;
  now: () => number;
  /** Served at GET /api/ads/config when given (the site config's `ads`). */
  adsConfig?: unknown;
  /** The verdict's thresholds (site config `health`, issue 40): GET /api/coupons/{id} says when a code is no longer offered. */
  verdict?: VerdictThresholds;
}

/**
 * Per-platform impressions, clicks, ctr, requests and rendered ads from the recorded ad events
 * (`platform` and `type`/`event`: impression, click, requested, rendered). An event with an
 * `id` already seen is counted once.
 */
function adPerformance(events: unknown[], platformFilter: string | null) {
  const byPlatform: Record<
    string,
    { impressions: number; clicks: number; ctr: number; requests: number; rendered: number }
  > = {};
  const seen = new Set<string>();
  for (const event of events) {
    const e = bodyRecord(event);
    const platform = typeof e.platform === 'string' ? e.platform : 'unknown';
    if (platformFilter && platform !== platformFilter) continue;
    if (typeof e.id === 'string') {
      if (seen.has(e.id)) continue;
      seen.add(e.id);
    }
    const kind = String(e.type ?? e.event ?? '');
    const row = byPlatform[platform] ?? { impressions: 0, clicks: 0, ctr: 0, requests: 0, rendered: 0 };
    byPlatform[platform] = row;
    if (kind === 'impression') row.impressions++;
    if (kind === 'click') row.clicks++;
    if (kind === 'requested') row.requests++;
    if (kind === 'rendered') row.rendered++;
    row.ctr = row.impressions > 0 ? row.clicks / row.impressions : 0;
  }
  return byPlatform;
}

export function createRoutes({ source, state, store, guard, catalog, now, adsConfig, verdict }: RouteDeps): Route[] {
  // Counters, feedback, contact, newsletter and ad events: the handlers shared with the edge
  // Worker (src/server/handlers.ts) with the same limits, over this server's SQLite; `state`
  // mirrors what they stored.
  const shared = createHandlers({
    records: { ...store.records, addFeedback: (...args) => store.addFeedback(...args) },
    guard,
    now,
    couponById: async (id) => (await source.coupons.byId(id)) as Record<string, unknown> | null,
    onRecorded: (what) => {
      if (what.kind === 'count') state[what.count][String(what.id)] = what.total;
      if (what.kind === 'contact') state.contactMessages.push(what.message);
      if (what.kind === 'adEvents') state.adEvents.push(...what.events);
      if (what.kind === 'subscriber' && what.isNew && !state.newsletterSubscribers.includes(what.email))
        state.newsletterSubscribers.push(what.email);
    },
  });
  const get = (path: string, handler: Handler): Route => ({
    method: 'GET',
    pattern: new RegExp(`^/api${path}/?$`),
    handler,
  });
  const post = (path: string, handler: Handler): Route => ({
    method: 'POST',
    pattern: new RegExp(`^/api${path}/?$`),
    handler,
  });

  return [
    // Categories
    get('/categories', async () => data(await source.categories.list())),
    get('/categories/featured', async () => data(await source.categories.featured())),
    get('/categories/search', async ({ query }) => data(await source.categories.search(text(query)))),
    get(`/categories/slug/${SEGMENT}`, async ({ params }) =>
      orNotFound(await source.categories.bySlug(decodeURIComponent(params[0]!)), 'Category'),
    ),
    get(`/categories/${ID}`, async (ctx) => orNotFound(await source.categories.byId(idParam(ctx)), 'Category')),
    get(`/categories/${ID}/coupons`, async (ctx) =>
      paged(await source.categories.coupons(idParam(ctx), pageOptions(ctx.query))),
    ),
    get(`/categories/${ID}/deals`, async (ctx) =>
      paged(await source.categories.deals(idParam(ctx), pageOptions(ctx.query))),
    ),

    // Brands
    get('/brands', async ({ query }) =>
      data(await source.brands.list({ categoryId: int(query, 'categoryId'), q: query.get('q') })),
    ),
    get('/brands/featured', async ({ query }) => data(await source.brands.featured(int(query, 'limit')))),
    get('/brands/popular', async ({ query }) => data(await source.brands.popular(int(query, 'limit')))),
    get('/brands/search', async ({ query }) => data(await source.brands.search(text(query)))),
    get(`/brands/slug/${SEGMENT}`, async ({ params }) =>
      orNotFound(await source.brands.bySlug(decodeURIComponent(params[0]!)), 'Brand'),
    ),
    get(`/brands/${ID}`, async (ctx) => orNotFound(await source.brands.byId(idParam(ctx)), 'Brand')),
    get(`/brands/${ID}/coupons`, async (ctx) =>
      paged(await source.brands.coupons(idParam(ctx), pageOptions(ctx.query))),
    ),
    get(`/brands/${ID}/deals`, async (ctx) => paged(await source.brands.deals(idParam(ctx), pageOptions(ctx.query)))),

    // Coupons
    get('/coupons', async ({ query }) =>
      paged(
        await source.coupons.list({
          ...listFilters(query),
          q: query.get('q'),
          featured: query.get('featured') === 'true' || query.get('featured') === '1',
        }),
      ),
    ),
    get('/coupons/featured', async ({ query }) => data(await source.coupons.featured(int(query, 'limit')))),
    get('/coupons/search', async ({ query }) =>
      paged(
        await source.coupons.search(text(query), {
          ...listFilters(query),
          featured: query.get('featured') === 'true' || query.get('featured') === '1',
        }),
      ),
    ),
    get('/coupons/expiring', async ({ query }) =>
      data(await source.coupons.expiring(int(query, 'days'), int(query, 'limit'))),
    ),
    get(`/coupons/${ID}`, async (ctx) => {
      const coupon = await source.coupons.byId(idParam(ctx));
      if (!coupon || !verdict) return orNotFound(coupon, 'Coupon');
      // The verdict (issue 40): a code no longer offered is not given out, and the reply says so.
      if (isOffered(coupon, now(), verdict)) return data({ ...coupon, offered: true });
      const { code: _code, ...rest } = coupon;
      return data({ ...rest, offered: false });
    }),
    get(`/coupons/${ID}/related`, async (ctx) =>
      data(await source.coupons.related(idParam(ctx), int(ctx.query, 'limit'))),
    ),
    post(`/coupons/${ID}/usage`, shared.couponUsage),
    post(`/coupons/${ID}/click`, shared.couponClick),
    post(`/coupons/${ID}/copy`, shared.couponCopy),
    // "Did {CODE} work?" (issue 22): one answer per coupon per address a day (429 otherwise).
    post(`/coupons/${ID}/feedback`, shared.feedback),

    // Deals
    get('/deals', async ({ query }) =>
      paged(await source.deals.list({ ...listFilters(query), q: query.get('q') }), 'deals'),
    ),
    get('/deals/hot', async ({ query }) => data(await source.deals.hot(int(query, 'limit')))),
    get('/deals/featured', async ({ query }) => data(await source.deals.featured(int(query, 'limit')))),
    get('/deals/limited', async ({ query }) => data(await source.deals.limited(int(query, 'limit')))),
    get('/deals/search', async ({ query }) =>
      paged(await source.deals.search(text(query), listFilters(query)), 'deals'),
    ),
    get(`/deals/${ID}`, async (ctx) => orNotFound(await source.deals.byId(idParam(ctx)), 'Deal')),
    get(`/deals/${ID}/related`, async (ctx) => data(await source.deals.related(idParam(ctx), int(ctx.query, 'limit')))),
    post(`/deals/${ID}/click`, shared.dealClick),

    // The whole catalog in every language, code health included: what a static build can be made from.
    get('/catalog', () => data(catalog())),

    // Home
    get('/home', async () => data(await source.home())),
    get('/home/stats', async () => data(await source.stats())),
    post('/home/refresh', async () => data(await source.home())),

    // Search
    get('/search', async ({ query }) =>
      data(
        await source.search(text(query), {
          page: int(query, 'page'),
          pageSize: int(query, 'pageSize'),
          types: types(query),
        }),
      ),
    ),
    get('/search/suggestions', async ({ query }) => data(await source.suggestions(text(query), int(query, 'limit')))),
    get('/search/trending', async ({ query }) => data(await source.trending(int(query, 'limit')))),
    post('/search/record', ({ body }) => {
      const q = bodyRecord(body).query;
      if (typeof q !== 'string' || q.trim() === '') return fail(400, 'query: required');
      state.searches.push(q);
      return data({ query: q });
    }),

    // Ads
    post('/ads/events', shared.adEvent),
    post('/ads/events/batch', shared.adEventsBatch),
    get('/ads/config', () => data(adsConfig ?? { strategy: 'balanced', platforms: [] })),
    get('/ads/performance', ({ query }) => data(adPerformance(state.adEvents, query.get('platform')))),

    // Contact form and newsletter (validated with the same rules as the browser forms)
    post('/contact', shared.contact),
    post('/newsletter/subscribe', shared.newsletter),
  ];
}

/** Finds the route for a request: a handler, the methods the path allows (405) when only the method differs, else undefined. */
export function matchRoute(
  routes: Route[],
  method: string,
  pathname: string,
): { handler: Handler; params: string[] } | { allow: string[] } | undefined {
  const allow = new Set<string>();
  for (const route of routes) {
    const m = route.pattern.exec(pathname);
    if (!m) continue;
    if (route.method !== method) {
      allow.add(route.method);
      continue;
    }
    return { handler: route.handler, params: m.slice(1) };
  }
  return allow.size ? { allow: [...allow] } : undefined;
}
