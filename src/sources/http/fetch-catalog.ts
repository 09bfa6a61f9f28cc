/**
 * The whole catalog pulled from the API at build time (ARCHITECTURE "API-mode builds"): every
 * list is paged, at most `concurrency` requests are in flight, each request has the client's
 * timeout and is retried `retries` times (SPEC §9 delays: 1 s, then doubling). Every record goes
 * through the catalog wire schemas; the assembled catalog is checked with `parseCatalog`.
 *
 * Anything that would make a bad snapshot throws `CatalogFetchError` (what failed and why): a
 * request that still fails after its retries, a body of the wrong shape, a list that comes back
 * shorter than its own total, or more than `maxDroppedRatio` of the records invalid — records the
 * wire schemas reject, and records the assembled catalog drops because their id or slug repeats
 * an earlier one (merged). A few invalid records are dropped and reported (one bad coupon does
 * not stop a nightly build).
 *
 * Languages (issue 24, docs/operators.md "API contract: languages"): every request names its
 * language (`lang` + `Accept-Language`). The default language is pulled first; when its replies
 * write texts as per-language objects, that one pull is the whole catalog. When they write plain
 * strings (an API that answers one language per request), each other supported language is pulled
 * the same way and merged by id into per-language texts: a text goes under the language its item
 * says (`"lang"`) or else the language asked for, a language's own pull winning over another
 * pull's fallback. Non-text fields, stats and order come from the default language's pull. Cost:
 * one pull per language (requests × languages) for a plain-string API, one pull for an object API.
 */
import type { z } from 'zod';
import type { QueryParams } from '../../api/base-url.ts';
import type { ApiClient } from '../../api/client.ts';
import type { ApiFailure, ApiResult } from '../../api/errors.ts';
import { type Sleep, withRetry } from '../../api/retry.ts';
import type { CatalogLanguage, LocalizedText, TextByLanguage } from '../../catalog/localized.ts';
import { parseCatalog } from '../../catalog/parse-catalog.ts';
import type { LocalizedCatalog } from '../../catalog/schemas.ts';
import { TRENDING_LIMIT } from '../../catalog/source.ts';
import { hasPlainTexts, inLanguage } from './reply-language.ts';
import {
  rawBrandSchema,
  rawBrandSummarySchema,
  rawCategorySchema,
  rawCouponSchema,
  rawDealSchema,
  rawStatsSchema,
  type WireBrand,
} from './wire.ts';
import { type DroppedItem, parseItems, parsePagedResponse, trendingTermsFrom } from './wire-replies.ts';

export interface FetchCatalogOptions {
  /** Items per list request. Default 100. */
  pageSize?: number;
  /** Requests in flight at once. Default 4. */
  concurrency?: number;
  /** Retries after a failed request (the config's api.retryCount). Default 3. */
  retries?: number;
  /** Injected for tests; defaults to setTimeout. */
  sleep?: Sleep;
  /** More invalid records than this share of a list fails the fetch. Default 0.01 (1 %). */
  maxDroppedRatio?: number;
  /** Progress and dropped-record reports. Default console.warn. */
  warn?: (line: string) => void;
  /**
   * The site's languages: the default one is pulled first, the others when the API answers plain
   * strings (see above). Default: English only.
   */
  languages?: { defaultLanguage: CatalogLanguage; supported: readonly CatalogLanguage[] };
}

export interface FetchedCatalog {
  catalog: LocalizedCatalog;
  /** Requests made, retries included. */
  requests: number;
  /** Records dropped as invalid, by list ("coupons", or "coupons (es)" for another language's pull). */
  dropped: Record<string, number>;
  /** The languages pulled, in order (the default first). */
  pulled: CatalogLanguage[];
}

/** Why the catalog could not be fetched; `message` names the call and the failure. */
export class CatalogFetchError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CatalogFetchError';
  }
}

/** Runs `fn` over `items` with at most `limit` calls in flight; results keep the input order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return out;
}

function describeFailure(f: ApiFailure): string {
  return f.error === f.message ? f.error : `${f.error}: ${f.message}`;
}

export async function fetchCatalog(client: ApiClient, options: FetchCatalogOptions = {}): Promise<FetchedCatalog> {
  const pageSize = Math.max(1, Math.floor(options.pageSize ?? 100));
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 4));
  const attempts = Math.max(0, Math.floor(options.retries ?? 3)) + 1;
  const maxDroppedRatio = options.maxDroppedRatio ?? 0.01;
  const warn = options.warn ?? ((line: string) => console.warn(line));
  let requests = 0;
  const dropped: Record<string, number> = {};

  const languages = options.languages ?? { defaultLanguage: 'en', supported: ['en'] };
  const defaultLang = languages.defaultLanguage;

  /** One GET in `lang`, retried; a 404 is not retried. Throws with the call and the last failure. */
  async function get(
    path: string,
    lang: CatalogLanguage,
    params?: QueryParams,
  ): Promise<ApiResult<unknown> & { success: true }> {
    const result = await withRetry(
      () => {
        requests++;
        return client.get<unknown>(path, params, { lang });
      },
      {
        attempts,
        shouldRetry: (r) => !r.success && r.status !== 404,
        ...(options.sleep ? { sleep: options.sleep } : {}),
      },
    );
    if (!result.success) {
      const tries = attempts > 1 ? ` after ${attempts} attempts` : '';
      throw new CatalogFetchError(
        `GET ${client.url(path, { ...params, lang })} failed${tries} (${describeFailure(result)})`,
      );
    }
    return result;
  }

  function account(list: string, parsed: { dropped: DroppedItem[] }, received: number): void {
    if (parsed.dropped.length === 0) return;
    dropped[list] = (dropped[list] ?? 0) + parsed.dropped.length;
    const first = parsed.dropped[0]!;
    warn(
      `[catalog] ${list}: dropped ${parsed.dropped.length} invalid record(s) of ${received}` +
        ` (first: #${first.index}${first.id === undefined ? '' : ` id ${String(first.id)}`}: ${first.reason})`,
    );
  }

  function checkDropped(list: string, total: number): void {
    const n = dropped[list] ?? 0;
    if (n > 0 && n > total * maxDroppedRatio) {
      throw new CatalogFetchError(
        `${list}: ${n} of ${total} records are invalid (more than ${Math.round(maxDroppedRatio * 100)} %); the API answered garbage`,
      );
    }
  }

  async function list<S extends z.ZodType>(schema: S, name: string, path: string, lang: CatalogLanguage) {
    const { data } = await get(path, lang);
    if (!Array.isArray(data)) throw new CatalogFetchError(`GET ${path}: expected a list, got ${typeof data}`);
    const parsed = parseItems(schema, data);
    account(name, parsed, data.length);
    checkDropped(name, data.length);
    return parsed.items;
  }

  /** Every page of a paged list (page 1 first for the total, the rest concurrently), deduplicated by id. */
  async function paged<S extends z.ZodType<{ id: number }>>(
    schema: S,
    name: string,
    path: string,
    lang: CatalogLanguage,
  ) {
    const pageOf = async (page: number) => {
      const result = await get(path, lang, { page, pageSize, sortBy: 'newest' });
      const parsed = parsePagedResponse(schema, result, { page, pageSize });
      const raw = parsed.items.length + parsed.dropped.length;
      account(name, parsed, raw);
      if (parsed.estimated) throw new CatalogFetchError(`GET ${path}: the response has no total; cannot page it`);
      return parsed;
    };
    const first = await pageOf(1);
    const pages = Math.ceil(first.total / pageSize);
    const rest = await mapLimit(
      Array.from({ length: Math.max(0, pages - 1) }, (_, i) => i + 2),
      concurrency,
      pageOf,
    );
    const byId = new Map<number, z.output<S>>();
    let arrived = 0;
    for (const p of [first, ...rest]) {
      arrived += p.items.length;
      for (const item of p.items) byId.set(item.id, item);
    }
    // The same id on two pages is one record merged away: invalid, like a dropped one.
    const merged = arrived - byId.size;
    if (merged > 0) {
      dropped[name] = (dropped[name] ?? 0) + merged;
      warn(`[catalog] ${name}: ${merged} record(s) repeat an id of an earlier one and were merged`);
    }
    checkDropped(name, first.total);
    const missing = first.total - byId.size - (dropped[name] ?? 0);
    if (missing > first.total * maxDroppedRatio) {
      throw new CatalogFetchError(
        `${name}: the API reported ${first.total} but ${byId.size} arrived (${missing} missing); the list changed or paging is broken`,
      );
    }
    return [...byId.values()];
  }

  /** Everything of the catalog in one language, as the API wrote it. */
  async function pull(lang: CatalogLanguage) {
    const named = (list: string) => (lang === defaultLang ? list : `${list} (${lang})`);
    const categories = await list(rawCategorySchema, named('categories'), '/categories', lang);
    const summaries = await list(rawBrandSummarySchema, named('brands'), '/brands', lang);
    const details = await mapLimit(summaries, concurrency, async (b) => {
      const { data } = await get(`/brands/${b.id}`, lang);
      const parsed = rawBrandSchema.safeParse(data);
      if (!parsed.success) {
        const reason = parsed.error.issues[0]?.message ?? '';
        account(named('brands'), { dropped: [{ index: 0, id: b.id, reason }] }, 1);
        return null;
      }
      return parsed.data;
    });
    checkDropped(named('brands'), summaries.length);
    const brands = details.filter((b): b is WireBrand => b !== null);
    const coupons = await paged(rawCouponSchema, named('coupons'), '/coupons', lang);
    const deals = await paged(rawDealSchema, named('deals'), '/deals', lang);
    const trendingData = (await get('/search/trending', lang, { limit: TRENDING_LIMIT })).data;
    const trending = Array.isArray(trendingData) ? trendingTermsFrom(trendingData) : [];
    return { lang, categories, brands, coupons, deals, trending };
  }

  let catalog: LocalizedCatalog;
  const pulled: CatalogLanguage[] = [defaultLang];
  try {
    const first = await pull(defaultLang);
    const stats = rawStatsSchema.parse((await get('/home/stats', defaultLang)).data ?? {});
    const pulls = [first];
    const plain =
      hasPlainTexts(first.categories, 'category') ||
      hasPlainTexts(first.brands, 'brand') ||
      hasPlainTexts(first.coupons, 'coupon') ||
      hasPlainTexts(first.deals, 'deal');
    if (plain) {
      for (const lang of languages.supported) {
        if (lang === defaultLang) continue;
        pulls.push(await pull(lang));
        pulled.push(lang);
      }
    }
    const merge = mergeVersions(defaultLang);
    catalog = {
      categories: merge(
        pulls.map((p) => ({ lang: p.lang, items: p.categories.map((c) => inLanguage.category(c, p.lang)) })),
        CATEGORY_TEXTS,
      ),
      brands: merge(
        pulls.map((p) => ({ lang: p.lang, items: p.brands.map((b) => inLanguage.brand(b, p.lang)) })),
        BRAND_TEXTS,
      ),
      coupons: merge(
        pulls.map((p) => ({ lang: p.lang, items: p.coupons.map((c) => inLanguage.coupon(c, p.lang)) })),
        OFFER_TEXTS('name'),
      ),
      deals: merge(
        pulls.map((p) => ({ lang: p.lang, items: p.deals.map((d) => inLanguage.deal(d, p.lang)) })),
        OFFER_TEXTS('title'),
      ),
      stats,
      trending: mergeTrending(pulls),
    };
  } catch (error) {
    if (error instanceof CatalogFetchError) throw error;
    throw new CatalogFetchError(`the catalog could not be read (${(error as Error).message})`, { cause: error });
  }
  if (catalog.coupons.length === 0 && catalog.deals.length === 0) {
    throw new CatalogFetchError('the API returned no coupons and no deals');
  }
  /** Invalid records already counted while fetching (their lists arrived without them). */
  const droppedBefore = { ...dropped };
  // The assembled catalog drops records whose id or slug repeats an earlier one (hostile slugs like
  // "../x" and "x/" collapse into one): each is an invalid record, reported and held to the same 1 %.
  const checked = parseCatalog(catalog);
  if (!checked.ok) {
    const problem = checked.problems[0]!;
    throw new CatalogFetchError(`the catalog is invalid at ${problem.path}: ${problem.message}`);
  }
  const received: Record<string, number> = {
    categories: catalog.categories.length,
    brands: catalog.brands.length,
    coupons: catalog.coupons.length,
    deals: catalog.deals.length,
  };
  for (const name of Object.keys(received)) {
    const merged = checked.problems.filter((p) => p.path.startsWith(`${name}[`));
    const items = new Set(merged.map((p) => p.path.replace(/\].*$/, ']')));
    if (items.size === 0) continue;
    dropped[name] = (dropped[name] ?? 0) + items.size;
    warn(
      `[catalog] ${name}: dropped ${items.size} record(s) of ${received[name]} (first: ${merged[0]!.path}: ${merged[0]!.message})`,
    );
    checkDropped(name, received[name]! + (droppedBefore[name] ?? 0));
  }
  return { catalog: checked.catalog, requests, dropped, pulled };
}

/** A text field of an entity: its path and whether it is a proper name (brand names). */
type TextPath = { path: readonly string[]; neutral?: boolean };
const CATEGORY_TEXTS: TextPath[] = [{ path: ['name'] }, { path: ['description'] }];
const BRAND_TEXTS: TextPath[] = [
  { path: ['name'], neutral: true },
  { path: ['description'] },
  { path: ['category', 'name'] },
];
const OFFER_TEXTS = (title: 'name' | 'title'): TextPath[] => [
  { path: [title] },
  { path: ['description'] },
  { path: ['brand', 'name'], neutral: true },
  { path: ['category', 'name'] },
];

type Obj = Record<string, unknown>;
const at = (o: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Obj)[k] : undefined), o);

/**
 * One text from its versions in each language's pull: a language's own pull wins for that
 * language, another pull's text in it (a fallback the API marked) fills a gap. A proper name the
 * same in every pull stays one string; a text only in the default language is a plain string.
 */
export function mergeText(
  versions: readonly { lang: CatalogLanguage; value: LocalizedText }[],
  defaultLang: CatalogLanguage,
  neutral = false,
): LocalizedText {
  const firstValue = versions[0]?.value ?? '';
  if (neutral && versions.every((v) => typeof v.value === 'string' && v.value === firstValue)) return firstValue;
  const out: TextByLanguage = {};
  const own = new Set<string>();
  for (const { lang, value } of versions) {
    const texts: TextByLanguage = typeof value === 'string' ? { [lang]: value } : value;
    for (const [k, t] of Object.entries(texts) as [CatalogLanguage, string | undefined][]) {
      if (t === undefined || own.has(k)) continue;
      if (out[k] === undefined || k === lang) out[k] = t;
      if (k === lang) own.add(k);
    }
  }
  const keys = Object.keys(out);
  return keys.length === 1 && keys[0] === defaultLang ? out[defaultLang]! : out;
}

/** Items of every pull merged by id: non-text fields and order from the first pull that has the item. */
function mergeVersions(defaultLang: CatalogLanguage) {
  return <T extends { id: number }>(pulls: { lang: CatalogLanguage; items: T[] }[], texts: TextPath[]): T[] => {
    const byId = new Map<number, { lang: CatalogLanguage; item: T }[]>();
    for (const p of pulls)
      for (const item of p.items) {
        const versions = byId.get(item.id) ?? [];
        versions.push({ lang: p.lang, item });
        byId.set(item.id, versions);
      }
    return [...byId.values()].map((versions) => {
      const merged = structuredClone(versions[0]!.item) as T;
      for (const { path, neutral } of texts) {
        const parent = at(merged, path.slice(0, -1)) as Obj | undefined;
        if (!parent || typeof parent !== 'object') continue;
        const values = versions.flatMap((v) => {
          const value = at(v.item, path) as LocalizedText | undefined;
          return value === undefined ? [] : [{ lang: v.lang, value }];
        });
        parent[path.at(-1)!] = mergeText(values, defaultLang, neutral);
      }
      return merged;
    });
  };
}

/**
 * Trending terms of every pull: one language's terms are not translations of another's, so with
 * several pulls each plain term is kept for the language it was asked in only.
 */
function mergeTrending(pulls: readonly { lang: CatalogLanguage; trending: LocalizedText[] }[]): LocalizedText[] {
  if (pulls.length === 1) return pulls[0]!.trending;
  const seen = new Set<string>();
  return pulls.flatMap((p) =>
    p.trending.flatMap((term) => {
      const t: LocalizedText = typeof term === 'string' ? { [p.lang]: term } : term;
      const key = JSON.stringify(t);
      if (seen.has(key)) return [];
      seen.add(key);
      return [t];
    }),
  );
}
