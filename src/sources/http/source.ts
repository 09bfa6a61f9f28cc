/**
 * `CatalogSource` over the HTTP API (SPEC §7), through the API client.
 *
 * - Every response is normalized through the catalog wire schemas; invalid list items are dropped
 *   and reported with console.warn (one bad record never blanks a result).
 * - A missing entity (HTTP 404) is `null`. Any other failure throws `ApiResultError`; a response
 *   of the wrong shape throws "Invalid API response structure" (SPEC §8 "Data errors").
 * - List totals come from the response's pagination; only a response without a total gets the
 *   SPEC §4 estimate (see `parsePagedResponse`).
 */
import '../../catalog/zod-jitless.ts';
import type { z } from 'zod';
import type { QueryParams } from '../../api/base-url.ts';
import type { ApiClient } from '../../api/client.ts';
import { type ApiResult, ApiResultError } from '../../api/errors.ts';
import { type CatalogSource, PAGE_SIZE, type Page, type SortedPageOptions } from '../../catalog/source.ts';
import {
  type DroppedItem,
  parseItems,
  parsePagedResponse,
  rawBrandSchema,
  rawBrandSummarySchema,
  rawCategorySchema,
  rawCouponSchema,
  rawDealSchema,
  rawHomeDataSchema,
  rawSearchResultSchema,
  rawStatsSchema,
  rawSuggestionSchema,
} from './wire.ts';

export const INVALID_STRUCTURE_MESSAGE = 'Invalid API response structure';

export interface HttpSourceOptions {
  /** Where dropped items are reported. Default console.warn. */
  warn?: (...args: unknown[]) => void;
}

type Id = number;

export function createHttpSource(client: ApiClient, options: HttpSourceOptions = {}): CatalogSource {
  const warn = options.warn ?? console.warn;

  function reportDropped(what: string, dropped: DroppedItem[]): void {
    if (dropped.length === 0) return;
    const detail = dropped.map((d) => `#${d.index}${d.id === undefined ? '' : ` (id ${String(d.id)})`}: ${d.reason}`);
    warn(`[api] dropped ${dropped.length} invalid item(s) from ${what}:`, detail.join(' | '));
  }

  async function fetchOk(path: string, params?: QueryParams): Promise<Extract<ApiResult<unknown>, { success: true }>> {
    const result = await client.get<unknown>(path, params);
    if (!result.success) throw new ApiResultError(result);
    return result;
  }

  /** The data, or null on HTTP 404. */
  async function fetchOrNull(path: string, params?: QueryParams): Promise<unknown | null> {
    const result = await client.get<unknown>(path, params);
    if (!result.success) {
      if (result.status === 404) return null;
      throw new ApiResultError(result);
    }
    return result.data;
  }

  async function one<S extends z.ZodType>(schema: S, path: string): Promise<z.output<S> | null> {
    const raw = await fetchOrNull(path);
    if (raw === null) return null;
    const parsed = schema.safeParse(raw);
    if (!parsed.success) throw new Error(`${INVALID_STRUCTURE_MESSAGE}: ${path}`);
    return parsed.data;
  }

  async function list<S extends z.ZodType>(schema: S, path: string, params?: QueryParams): Promise<z.output<S>[]> {
    const { data } = await fetchOk(path, params);
    if (!Array.isArray(data)) throw new Error(`${INVALID_STRUCTURE_MESSAGE}: ${path}`);
    const parsed = parseItems(schema, data);
    reportDropped(path, parsed.dropped);
    return parsed.items;
  }

  async function page<S extends z.ZodType>(
    schema: S,
    path: string,
    opts: SortedPageOptions & Record<string, unknown>,
    extra: QueryParams = {},
  ): Promise<Page<z.output<S>>> {
    const requested = { page: opts.page ?? 1, pageSize: opts.pageSize ?? PAGE_SIZE };
    const result = await fetchOk(path, { page: opts.page, pageSize: opts.pageSize, sortBy: opts.sort, ...extra });
    const parsed = parsePagedResponse(schema, result, requested);
    reportDropped(path, parsed.dropped);
    const { items, page: p, pageSize, total, totalPages, hasMore } = parsed;
    return { items, page: p, pageSize, total, totalPages, hasMore };
  }

  async function object<S extends z.ZodType>(schema: S, path: string, params?: QueryParams): Promise<z.output<S>> {
    const { data } = await fetchOk(path, params);
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw new Error(`${INVALID_STRUCTURE_MESSAGE}: ${path}`);
    return parsed.data;
  }

  const enc = (v: string | number) => encodeURIComponent(String(v));
  const text = (q: string | null | undefined) => (q?.trim() ? q : undefined);

  return {
    async home() {
      const { dropped, ...home } = await object(rawHomeDataSchema, '/home');
      reportDropped('/home', dropped);
      return home;
    },
    stats: () => object(rawStatsSchema, '/home/stats'),

    categories: {
      list: () => list(rawCategorySchema, '/categories'),
      byId: (id: Id) => one(rawCategorySchema, `/categories/${enc(id)}`),
      bySlug: (slug: string) => one(rawCategorySchema, `/categories/slug/${enc(slug)}`),
      featured: () => list(rawCategorySchema, '/categories/featured'),
      search: (q: string) => list(rawCategorySchema, '/categories/search', { q }),
      coupons: (id: Id, opts = {}) => page(rawCouponSchema, `/categories/${enc(id)}/coupons`, opts),
      deals: (id: Id, opts = {}) => page(rawDealSchema, `/categories/${enc(id)}/deals`, opts),
    },

    brands: {
      list: (opts = {}) => list(rawBrandSummarySchema, '/brands', { categoryId: opts.categoryId, q: text(opts.q) }),
      byId: (id: Id) => one(rawBrandSchema, `/brands/${enc(id)}`),
      bySlug: (slug: string) => one(rawBrandSchema, `/brands/slug/${enc(slug)}`),
      featured: (limit?: number) => list(rawBrandSummarySchema, '/brands/featured', { limit }),
      popular: (limit?: number) => list(rawBrandSummarySchema, '/brands/popular', { limit }),
      search: (q: string) => list(rawBrandSummarySchema, '/brands/search', { q }),
      coupons: (id: Id, opts = {}) => page(rawCouponSchema, `/brands/${enc(id)}/coupons`, opts),
      deals: (id: Id, opts = {}) => page(rawDealSchema, `/brands/${enc(id)}/deals`, opts),
    },

    coupons: {
      list: (opts = {}) =>
        page(rawCouponSchema, '/coupons', opts, {
          categoryId: opts.categoryId,
          brandId: opts.brandId,
          featured: opts.featured ? true : undefined,
          q: text(opts.q),
        }),
      byId: (id: Id) => one(rawCouponSchema, `/coupons/${enc(id)}`),
      featured: (limit?: number) => list(rawCouponSchema, '/coupons/featured', { limit }),
      search: (q: string, opts = {}) =>
        page(rawCouponSchema, '/coupons/search', opts, {
          q,
          categoryId: opts.categoryId,
          brandId: opts.brandId,
          featured: opts.featured ? true : undefined,
        }),
      expiring: (days?: number, limit?: number) => list(rawCouponSchema, '/coupons/expiring', { days, limit }),
      related: (id: Id, limit?: number) => list(rawCouponSchema, `/coupons/${enc(id)}/related`, { limit }),
    },

    deals: {
      list: (opts = {}) =>
        page(rawDealSchema, '/deals', opts, { categoryId: opts.categoryId, brandId: opts.brandId, q: text(opts.q) }),
      byId: (id: Id) => one(rawDealSchema, `/deals/${enc(id)}`),
      hot: (limit?: number) => list(rawDealSchema, '/deals/hot', { limit }),
      featured: (limit?: number) => list(rawDealSchema, '/deals/featured', { limit }),
      limited: (limit?: number) => list(rawDealSchema, '/deals/limited', { limit }),
      search: (q: string, opts = {}) =>
        page(rawDealSchema, '/deals/search', opts, { q, categoryId: opts.categoryId, brandId: opts.brandId }),
      related: (id: Id, limit?: number) => list(rawDealSchema, `/deals/${enc(id)}/related`, { limit }),
    },

    async search(q, opts = {}) {
      const { dropped, ...result } = await object(rawSearchResultSchema, '/search', {
        q,
        page: opts.page,
        pageSize: opts.pageSize,
        types: opts.types,
      });
      reportDropped('/search', dropped);
      return result;
    },
    suggestions: (q: string, limit?: number) => list(rawSuggestionSchema, '/search/suggestions', { q, limit }),
    async trending(limit?: number) {
      const { data } = await fetchOk('/search/trending', { limit });
      if (!Array.isArray(data)) throw new Error(`${INVALID_STRUCTURE_MESSAGE}: /search/trending`);
      return data.filter((term): term is string => typeof term === 'string');
    },
  };
}
