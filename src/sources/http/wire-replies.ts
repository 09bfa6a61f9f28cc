/**
 * Wire replies: lists, pages, home and search envelopes of an API reply, each item checked with
 * the item schemas of wire.ts (an invalid item is dropped and reported, the rest kept).
 */
import type { z } from 'zod';
import type { LocalizedText } from '../../catalog/localized.ts';
import type { Page } from '../../catalog/source.ts';
import {
  rawBrandSummarySchema,
  rawCategorySchema,
  rawCouponSchema,
  rawDealSchema,
  rawStatsSchema,
  type WireHomeData,
  type WireSearchResult,
} from './wire.ts';
import { asDict, first, toInt, toLocalizedText, wire } from './wire-values.ts';

/** A list of valid items plus what was dropped and why. */
export type ParsedItems<T> = { items: T[]; dropped: DroppedItem[] };
export type DroppedItem = { index: number; id: unknown; reason: string };

/**
 * Parse a list item by item: valid items are kept, invalid ones are dropped and reported,
 * so one bad record never blanks a page. A non-list input is reported as one drop at index -1.
 */
export function parseItems<S extends z.ZodType>(schema: S, raw: unknown): ParsedItems<z.output<S>> {
  if (!Array.isArray(raw)) return { items: [], dropped: [{ index: -1, id: undefined, reason: 'expected a list' }] };
  const items: z.output<S>[] = [];
  const dropped: DroppedItem[] = [];
  raw.forEach((entry, index) => {
    const r = schema.safeParse(entry);
    if (r.success) items.push(r.data);
    else
      dropped.push({
        index,
        id: asDict(entry)?.id,
        reason: r.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; '),
      });
  });
  return { items, dropped };
}

export const rawHomeDataSchema = wire((o): WireHomeData & { dropped: DroppedItem[] } => {
  const cats = parseItems(rawCategorySchema, first(o, 'featuredCategories', 'featured_categories') ?? []);
  const brands = parseItems(rawBrandSummarySchema, first(o, 'featuredBrands', 'featured_brands') ?? []);
  const coupons = parseItems(rawCouponSchema, first(o, 'featuredCoupons', 'featured_coupons') ?? []);
  const deals = parseItems(rawDealSchema, first(o, 'featuredDeals', 'featured_deals') ?? []);
  return {
    stats: rawStatsSchema.parse(asDict(o.stats) ?? {}),
    featuredCategories: cats.items,
    featuredBrands: brands.items,
    featuredCoupons: coupons.items,
    featuredDeals: deals.items,
    dropped: [...cats.dropped, ...brands.dropped, ...coupons.dropped, ...deals.dropped],
  };
});

/** A parsed paged response: a Page plus the dropped items. */
export type ParsedPage<T> = Page<T> & {
  /** true when the response had no total and it was estimated (SPEC §4). */
  estimated: boolean;
  dropped: DroppedItem[];
};

/**
 * Parse a paged API response (SPEC §3 "Paged response"). Accepted shapes:
 * `{ data: [...], pagination: { page, size, total, totalPage | total_page } }`,
 * `{ items, total, page }` (deals), `{ data: { items, pagination } }`, or a bare list.
 * Without a total, the SPEC §4 estimate is used: (page-1)*size + count when the page is short,
 * otherwise page*size + 10. hasMore follows SPEC §4 on the raw (pre-validation) count.
 */
export function parsePagedResponse<S extends z.ZodType>(
  schema: S,
  raw: unknown,
  requested: { page: number; pageSize: number },
): ParsedPage<z.output<S>> {
  let body: unknown = raw;
  const outer = asDict(raw);
  if (outer && !Array.isArray(outer.items) && asDict(outer.data)) body = outer.data;
  const o = asDict(body);
  const list = Array.isArray(body) ? body : o ? (first(o, 'items', 'data', 'results') ?? []) : [];
  const pag = (o && asDict(o.pagination)) ?? (outer && asDict(outer.pagination)) ?? o ?? {};
  const parsed = parseItems(schema, list);
  const rawCount = Array.isArray(list) ? list.length : 0;
  const page = toInt(first(pag, 'page', 'currentPage', 'current_page')) || requested.page;
  const pageSize =
    toInt(first(pag, 'size', 'pageSize', 'page_size', 'limit')) || requested.pageSize || Math.max(1, rawCount);
  const total = toInt(first(pag, 'total', 'totalItems', 'total_items', 'count'));
  const estimated = total === undefined;
  const t = total ?? (rawCount < pageSize ? (page - 1) * pageSize + rawCount : page * pageSize + 10);
  const totalPages =
    toInt(first(pag, 'totalPage', 'total_page', 'totalPages', 'total_pages')) ?? Math.ceil(t / pageSize);
  return {
    items: parsed.items,
    page,
    pageSize,
    total: t,
    totalPages,
    hasMore: rawCount === pageSize && page * pageSize < t,
    estimated,
    dropped: parsed.dropped,
  };
}

const PAGE_SIZE_WIRE = 20;

function searchSectionFrom<S extends z.ZodType>(schema: S, v: unknown, page: number) {
  const o = asDict(v) ?? {};
  const parsed = parseItems(schema, first(o, 'items', 'data') ?? []);
  const totalItems = toInt(first(o, 'totalItems', 'total_items', 'total')) ?? parsed.items.length;
  return {
    section: {
      items: parsed.items,
      totalItems,
      page: toInt(first(o, 'page')) || page,
      totalPages: toInt(first(o, 'totalPages', 'total_pages', 'totalPage')) ?? Math.ceil(totalItems / PAGE_SIZE_WIRE),
    },
    dropped: parsed.dropped,
  };
}

export const rawSearchResultSchema = wire((o): WireSearchResult & { dropped: DroppedItem[] } => {
  const coupons = searchSectionFrom(rawCouponSchema, o.coupons, 1);
  const deals = searchSectionFrom(rawDealSchema, o.deals, 1);
  const brands = parseItems(rawBrandSummarySchema, o.brands ?? []);
  const categories = parseItems(rawCategorySchema, o.categories ?? []);
  return {
    coupons: coupons.section,
    deals: deals.section,
    brands: brands.items,
    categories: categories.items,
    dropped: [...coupons.dropped, ...deals.dropped, ...brands.dropped, ...categories.dropped],
  };
});

/** Trending terms (GET /search/trending): each a string or a per-language object; anything else is left out. */
export function trendingTermsFrom(data: unknown[]): LocalizedText[] {
  return data.flatMap((term) => {
    const t = typeof term === 'string' || asDict(term) ? toLocalizedText(term) : undefined;
    return t === undefined ? [] : [t];
  });
}
