/**
 * `CatalogSource` over the HTTP API (SPEC §7), through the API client.
 *
 * - Every response is normalized through the catalog wire schemas; invalid list items are dropped
 *   and reported with console.warn (one bad record never blanks a result).
 * - A missing entity (HTTP 404) is `null`. Any other failure throws `ApiResultError`; a response
 *   of the wrong shape throws "Invalid API response structure" (SPEC §8 "Data errors").
 * - List totals come from the response's pagination; only a response without a total gets the
 *   SPEC §4 estimate (see `parsePagedResponse`).
 * - Every read is asked in the page's language (`language.lang`: `lang` and `Accept-Language`),
 *   and its texts (strings or per-language objects, an item's own `"lang"` on a fallback) are
 *   resolved to it with the catalog's per-entity rule (reply-language.ts).
 */
import '../../catalog/zod-jitless.ts';
import type { z } from 'zod';
import type { QueryParams } from '../../api/base-url.ts';
import type { ApiClient } from '../../api/client.ts';
import { type ApiResult, ApiResultError } from '../../api/errors.ts';
import type { LanguagePair } from '../../catalog/localized.ts';
import { type CatalogSource, PAGE_SIZE, type Page, type SortedPageOptions } from '../../catalog/source.ts';
import { pageLocalizer } from './reply-language.ts';
import {
  rawBrandSchema,
  rawBrandSummarySchema,
  rawCategorySchema,
  rawCouponSchema,
  rawDealSchema,
  rawStatsSchema,
  rawSuggestionSchema,
} from './wire.ts';
import {
  type DroppedItem,
  parseItems,
  parsePagedResponse,
  rawHomeDataSchema,
  rawSearchResultSchema,
  trendingTermsFrom,
} from './wire-replies.ts';

export const INVALID_STRUCTURE_MESSAGE = 'Invalid API response structure';

export interface HttpSourceOptions {
  /** Where dropped items are reported. Default console.warn. */
  warn?: (...args: unknown[]) => void;
  /**
   * The page's language and the site's default language. Every read asks for `lang`; replies are
   * resolved to it. Default: English on an English site (the client's own language, if any, is
   * then what is sent).
   */
  language?: LanguagePair;
}

type Id = number;

export function createHttpSource(client: ApiClient, options: HttpSourceOptions = {}): CatalogSource {
  const warn = options.warn ?? console.warn;
  const pair: LanguagePair = options.language ?? { lang: 'en', defaultLang: 'en' };
  const asked = options.language ? { lang: options.language.lang } : undefined;
  const local = pageLocalizer(pair);

  function reportDropped(what: string, dropped: DroppedItem[]): void {
    if (dropped.length === 0) return;
    const detail = dropped.map((d) => `#${d.index}${d.id === undefined ? '' : ` (id ${String(d.id)})`}: ${d.reason}`);
    warn(`[api] dropped ${dropped.length} invalid item(s) from ${what}:`, detail.join(' | '));
  }

  async function fetchOk(path: string, params?: QueryParams): Promise<Extract<ApiResult<unknown>, { success: true }>> {
    const result = await client.get<unknown>(path, params, asked);
    if (!result.success) throw new ApiResultError(result);
    return result;
  }

  /** The data, or null on HTTP 404. */
  async function fetchOrNull(path: string, params?: QueryParams): Promise<unknown | null> {
    const result = await client.get<unknown>(path, params, asked);
    if (!result.success) {
      if (result.status === 404) return null;
      throw new ApiResultError(result);
    }
    return result.data;
  }

  async function one<S extends z.ZodType, T>(schema: S, to: (w: z.output<S>) => T, path: string): Promise<T | null> {
    const raw = await fetchOrNull(path);
    if (raw === null) return null;
    const parsed = schema.safeParse(raw);
    if (!parsed.success) throw new Error(`${INVALID_STRUCTURE_MESSAGE}: ${path}`);
    return to(parsed.data);
  }

  async function list<S extends z.ZodType, T>(
    schema: S,
    to: (w: z.output<S>) => T,
    path: string,
    params?: QueryParams,
  ): Promise<T[]> {
    const { data } = await fetchOk(path, params);
    if (!Array.isArray(data)) throw new Error(`${INVALID_STRUCTURE_MESSAGE}: ${path}`);
    const parsed = parseItems(schema, data);
    reportDropped(path, parsed.dropped);
    return parsed.items.map(to);
  }

  async function page<S extends z.ZodType, T>(
    schema: S,
    to: (w: z.output<S>) => T,
    path: string,
    opts: SortedPageOptions & Record<string, unknown>,
    extra: QueryParams = {},
  ): Promise<Page<T>> {
    const requested = { page: opts.page ?? 1, pageSize: opts.pageSize ?? PAGE_SIZE };
    const result = await fetchOk(path, { page: opts.page, pageSize: opts.pageSize, sortBy: opts.sort, ...extra });
    const parsed = parsePagedResponse(schema, result, requested);
    reportDropped(path, parsed.dropped);
    const { items, page: p, pageSize, total, totalPages, hasMore } = parsed;
    return { items: items.map(to), page: p, pageSize, total, totalPages, hasMore };
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
      return local.home(home);
    },
    stats: () => object(rawStatsSchema, '/home/stats'),

    categories: {
      list: () => list(rawCategorySchema, local.category, '/categories'),
      byId: (id: Id) => one(rawCategorySchema, local.category, `/categories/${enc(id)}`),
      bySlug: (slug: string) => one(rawCategorySchema, local.category, `/categories/slug/${enc(slug)}`),
      featured: () => list(rawCategorySchema, local.category, '/categories/featured'),
      search: (q: string) => list(rawCategorySchema, local.category, '/categories/search', { q }),
      coupons: (id: Id, opts = {}) => page(rawCouponSchema, local.coupon, `/categories/${enc(id)}/coupons`, opts),
      deals: (id: Id, opts = {}) => page(rawDealSchema, local.deal, `/categories/${enc(id)}/deals`, opts),
    },

    brands: {
      list: (opts = {}) =>
        list(rawBrandSummarySchema, local.summary, '/brands', { categoryId: opts.categoryId, q: text(opts.q) }),
      byId: (id: Id) => one(rawBrandSchema, local.brand, `/brands/${enc(id)}`),
      bySlug: (slug: string) => one(rawBrandSchema, local.brand, `/brands/slug/${enc(slug)}`),
      featured: (limit?: number) => list(rawBrandSummarySchema, local.summary, '/brands/featured', { limit }),
      popular: (limit?: number) => list(rawBrandSummarySchema, local.summary, '/brands/popular', { limit }),
      search: (q: string) => list(rawBrandSummarySchema, local.summary, '/brands/search', { q }),
      coupons: (id: Id, opts = {}) => page(rawCouponSchema, local.coupon, `/brands/${enc(id)}/coupons`, opts),
      deals: (id: Id, opts = {}) => page(rawDealSchema, local.deal, `/brands/${enc(id)}/deals`, opts),
    },

    coupons: {
      list: (opts = {}) =>
        page(rawCouponSchema, local.coupon, '/coupons', opts, {
          categoryId: opts.categoryId,
          brandId: opts.brandId,
          featured: opts.featured ? true : undefined,
          q: text(opts.q),
        }),
      byId: (id: Id) => one(rawCouponSchema, local.coupon, `/coupons/${enc(id)}`),
      featured: (limit?: number) => list(rawCouponSchema, local.coupon, '/coupons/featured', { limit }),
      search: (q: string, opts = {}) =>
        page(rawCouponSchema, local.coupon, '/coupons/search', opts, {
          q,
          categoryId: opts.categoryId,
          brandId: opts.brandId,
          featured: opts.featured ? true : undefined,
        }),
      expiring: (days?: number, limit?: number) =>
        list(rawCouponSchema, local.coupon, '/coupons/expiring', { days, limit }),
      related: (id: Id, limit?: number) =>
        list(rawCouponSchema, local.coupon, `/coupons/${enc(id)}/related`, { limit }),
    },

    deals: {
      list: (opts = {}) =>
        page(rawDealSchema, local.deal, '/deals', opts, {
          categoryId: opts.categoryId,
          brandId: opts.brandId,
          q: text(opts.q),
        }),
      byId: (id: Id) => one(rawDealSchema, local.deal, `/deals/${enc(id)}`),
      hot: (limit?: number) => list(rawDealSchema, local.deal, '/deals/hot', { limit }),
      featured: (limit?: number) => list(rawDealSchema, local.deal, '/deals/featured', { limit }),
      limited: (limit?: number) => list(rawDealSchema, local.deal, '/deals/limited', { limit }),
      search: (q: string, opts = {}) =>
        page(rawDealSchema, local.deal, '/deals/search', opts, {
          q,
          categoryId: opts.categoryId,
          brandId: opts.brandId,
        }),
      related: (id: Id, limit?: number) => list(rawDealSchema, local.deal, `/deals/${enc(id)}/related`, { limit }),
    },

    async search(q, opts = {}) {
      const { dropped, ...result } = await object(rawSearchResultSchema, '/search', {
        q,
        page: opts.page,
        pageSize: opts.pageSize,
        types: opts.types,
      });
      reportDropped('/search', dropped);
      return local.search(result);
    },
    suggestions: (q: string, limit?: number) =>
      list(rawSuggestionSchema, local.suggestion, '/search/suggestions', { q, limit }),
    async trending(limit?: number) {
      const { data } = await fetchOk('/search/trending', { limit });
      if (!Array.isArray(data)) throw new Error(`${INVALID_STRUCTURE_MESSAGE}: /search/trending`);
      return local.trending(trendingTermsFrom(data));
    },
  };
}
