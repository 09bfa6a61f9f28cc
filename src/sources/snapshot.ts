/**
 * The catalog an API-mode site is built from (ARCHITECTURE "API-mode builds"), Node only:
 *
 * 1. Pull the whole catalog from the API (`fetchCatalog`: paged, concurrency-limited, the config's
 *    timeout and retries, validated) and save it as the site's last good snapshot
 *    `<cacheDir>/<site-id>/catalog.json` with its fetch time.
 *    A catalog much smaller than the last good snapshot (a list under MIN_KEPT_SHARE of it) is said
 *    loudly, the previous snapshot kept next to it; with `strict` it fails instead.
 * 2. When that fails (API down, slow, garbage): use the last good snapshot and say so loudly
 *    (site id, snapshot age, the error) — unless `strict`, there is no snapshot, it cannot be
 *    read, or it is older than `maxAgeMs`: then `BuildCatalogError` says why and the site's build
 *    stops. An API-mode site is never built from the sample.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { resolveApiBaseUrl } from '../api/base-url.ts';
import { createApiClient, type FetchLike } from '../api/client.ts';
import type { Sleep } from '../api/retry.ts';
import type { CatalogLanguage } from '../catalog/localized.ts';
import { catalogSchema } from '../catalog/parse-catalog.ts';
import type { LocalizedCatalog } from '../catalog/schemas.ts';
import type { SiteConfig } from '../config/schema.ts';
import { fetchCatalog } from './http/fetch-catalog.ts';

export const SNAPSHOT_VERSION = 1;
export const SNAPSHOT_FILE = 'catalog.json';

export type Snapshot = {
  version: number;
  siteId: string;
  /** ISO time the API answered. */
  fetchedAt: string;
  /** Where it came from. */
  apiBaseUrl: string;
  catalog: LocalizedCatalog;
};

export type BuildCatalog = {
  catalog: LocalizedCatalog;
  /** "api": fetched now; "snapshot": the API failed and the last good snapshot was used. */
  origin: 'api' | 'snapshot';
  fetchedAt: Date;
  /** The snapshot file (written or read). */
  file: string;
};

export class BuildCatalogError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BuildCatalogError';
  }
}

export interface ResolveApiCatalogOptions {
  siteId: string;
  /** Absolute API address ('' when none is configured: the API counts as unreachable). */
  baseUrl: string;
  /** Per request, ms (config api.timeout). */
  timeoutMs: number;
  /** Retries per request (config api.retryCount). */
  retries: number;
  pageSize?: number;
  concurrency?: number;
  /** Snapshots older than this are refused (config api.build.snapshotMaxAgeHours). */
  maxAgeMs: number;
  /** Fail instead of using the snapshot when the API fails. */
  strict?: boolean;
  /** Snapshots live in `<cacheDir>/<site-id>/catalog.json`. */
  cacheDir: string;
  now?: () => Date;
  fetch?: FetchLike;
  sleep?: Sleep;
  /**
   * The site's languages (the default one and every supported one): the pull asks the API for
   * each (fetch-catalog.ts), and the snapshot keeps the catalog in all of them. Default: English.
   */
  languages?: { defaultLanguage: CatalogLanguage; supported: readonly CatalogLanguage[] };
  /** Progress lines. Default console.log. */
  log?: (line: string) => void;
  /** The loud fallback notice and dropped-record reports. Default console.warn. */
  warn?: (line: string) => void;
}

export function snapshotPath(cacheDir: string, siteId: string): string {
  return join(cacheDir, siteId, SNAPSHOT_FILE);
}

/** "45 s", "12 min", "3 h 12 min", "2 d 4 h". */
export function formatAge(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const min = Math.floor(s / 60);
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  if (h < 48) return min % 60 ? `${h} h ${min % 60} min` : `${h} h`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d} d ${h % 24} h` : `${d} d`;
}

/** Writes JSON atomically: a temporary file renamed over the target (a half-written file never replaces a good one). */
export function writeJsonAtomic(file: string, value: unknown, space?: number): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(value, null, space)}${space ? '\n' : ''}`);
  renameSync(tmp, file);
}

/** Writes the snapshot atomically (a half-written file never replaces a good one). */
export function writeSnapshot(file: string, snapshot: Snapshot): void {
  writeJsonAtomic(file, snapshot);
}

/** Reads and validates a snapshot; null when there is none, BuildCatalogError when unreadable. */
export function readSnapshot(file: string, siteId: string): Snapshot | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new BuildCatalogError(`cannot read the snapshot ${file}: ${(error as Error).message}`);
  }
  let json: Partial<Snapshot>;
  try {
    json = JSON.parse(text) as Partial<Snapshot>;
  } catch {
    throw new BuildCatalogError(`the snapshot ${file} is not valid JSON`);
  }
  const fetchedAt = Date.parse(json.fetchedAt ?? '');
  if (json.version !== SNAPSHOT_VERSION || Number.isNaN(fetchedAt) || json.siteId !== siteId) {
    throw new BuildCatalogError(`the snapshot ${file} is not a version ${SNAPSHOT_VERSION} snapshot of "${siteId}"`);
  }
  const catalog = catalogSchema.safeParse(json.catalog);
  if (!catalog.success) {
    const issue = catalog.error.issues[0]!;
    throw new BuildCatalogError(`the snapshot ${file} is invalid at catalog.${issue.path.join('.')}: ${issue.message}`);
  }
  return { ...(json as Snapshot), catalog: catalog.data };
}

/** The API-mode options of a site config (shared with scripts/lib/build-sites). */
export function apiCatalogOptions(config: SiteConfig, env: NodeJS.ProcessEnv = process.env) {
  return {
    siteId: config.site.id,
    baseUrl: resolveApiBaseUrl({
      override: env.API_BASE_URL ?? env.PUBLIC_API_BASE_URL,
      configBaseUrl: config.api.baseUrl,
    }),
    timeoutMs: config.api.timeout,
    retries: config.api.retryCount,
    pageSize: config.api.build.pageSize,
    concurrency: config.api.build.concurrency,
    maxAgeMs: config.api.build.snapshotMaxAgeHours * 3_600_000,
    cacheDir: resolve(env.CATALOG_CACHE_DIR ?? '.cache'),
    languages: {
      defaultLanguage: config.site.defaultLanguage as CatalogLanguage,
      supported: config.site.supportedLanguages as CatalogLanguage[],
    },
  };
}

const shown = (file: string) => relative(process.cwd(), file) || file;

/** A list with fewer than this share of the last good snapshot's records makes a "much smaller" catalog. */
export const MIN_KEPT_SHARE = 0.5;

/** The lists of `next` much smaller than in `previous`, e.g. "brands 1 (was 50)"; [] when none. */
export function shrunkLists(previous: LocalizedCatalog, next: LocalizedCatalog, minShare = MIN_KEPT_SHARE): string[] {
  return (['categories', 'brands', 'coupons', 'deals'] as const)
    .filter((k) => previous[k].length > 0 && next[k].length < previous[k].length * minShare)
    .map((k) => `${k} ${next[k].length} (was ${previous[k].length})`);
}

/** Where the snapshot a much smaller catalog replaced is kept. */
export const previousSnapshotPath = (file: string) => file.replace(/\.json$/, '.previous.json');

export async function resolveApiCatalog(options: ResolveApiCatalogOptions): Promise<BuildCatalog> {
  const { siteId, baseUrl } = options;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((line: string) => console.log(line));
  const warn = options.warn ?? ((line: string) => console.warn(line));
  const file = snapshotPath(options.cacheDir, siteId);
  const site = `Site "${siteId}"`;

  let failure: string;
  if (!baseUrl) {
    failure = 'no absolute API address (set api.baseUrl to an http(s) URL, or API_BASE_URL at build time)';
  } else {
    const started = Date.now();
    try {
      const client = createApiClient({
        baseUrl,
        siteId,
        getToken: () => null,
        timeoutMs: options.timeoutMs,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
      const fetched = await fetchCatalog(client, {
        retries: options.retries,
        warn,
        ...(options.pageSize ? { pageSize: options.pageSize } : {}),
        ...(options.concurrency ? { concurrency: options.concurrency } : {}),
        ...(options.sleep ? { sleep: options.sleep } : {}),
        ...(options.languages ? { languages: options.languages } : {}),
      });
      const fetchedAt = now();
      // Never replace a good snapshot with a much smaller catalog without saying so.
      let previous: Snapshot | null = null;
      try {
        previous = readSnapshot(file, siteId);
      } catch {
        previous = null; // an unreadable snapshot is nothing to keep
      }
      const shrunk = previous ? shrunkLists(previous.catalog, fetched.catalog) : [];
      if (previous && shrunk.length > 0) {
        const what = `the API answered a much smaller catalog than the last good snapshot (fetched ${previous.fetchedAt}): ${shrunk.join(', ')}`;
        if (options.strict) throw new Error(what);
        const kept = previousSnapshotPath(file);
        writeSnapshot(kept, previous);
        const bar = '!'.repeat(78);
        warn(
          [
            bar,
            `!! ${site}: ${what}.`,
            `!! Built from the API's catalog; the previous snapshot is kept as ${shown(kept)}.`,
            `!! Use --strict to fail instead.`,
            bar,
          ].join('\n'),
        );
      }
      writeSnapshot(file, {
        version: SNAPSHOT_VERSION,
        siteId,
        fetchedAt: fetchedAt.toISOString(),
        apiBaseUrl: baseUrl,
        catalog: fetched.catalog,
      });
      const { catalog } = fetched;
      log(
        `[catalog] ${site}: ${catalog.coupons.length} coupons, ${catalog.deals.length} deals, ${catalog.brands.length} brands` +
          ` from ${baseUrl} in ${((Date.now() - started) / 1000).toFixed(1)} s (${fetched.requests} requests,` +
          ` ${fetched.pulled.length === 1 ? `language ${fetched.pulled[0]}` : `languages ${fetched.pulled.join(', ')}: one pull each`}); saved ${shown(file)}`,
      );
      return { catalog, origin: 'api', fetchedAt, file };
    } catch (error) {
      failure = `the API at ${baseUrl} failed: ${(error as Error).message}`;
    }
  }

  if (options.strict) {
    throw new BuildCatalogError(`${site}: ${failure}. --strict: not building from the last good snapshot.`);
  }
  let snapshot: Snapshot | null;
  try {
    snapshot = readSnapshot(file, siteId);
  } catch (error) {
    throw new BuildCatalogError(`${site}: ${failure}, and ${(error as Error).message}.`);
  }
  if (!snapshot) {
    throw new BuildCatalogError(
      `${site}: ${failure}, and there is no last good snapshot at ${shown(file)}. ` +
        'An API-mode site is never built from the sample; fix the API (or restore the snapshot cache) and build again.',
    );
  }
  const fetchedAt = new Date(snapshot.fetchedAt);
  const age = now().getTime() - fetchedAt.getTime();
  if (age > options.maxAgeMs) {
    throw new BuildCatalogError(
      `${site}: ${failure}, and the last good snapshot ${shown(file)} (fetched ${snapshot.fetchedAt}) is ${formatAge(age)} old, ` +
        `older than the limit of ${formatAge(options.maxAgeMs)} (api.build.snapshotMaxAgeHours).`,
    );
  }
  const bar = '!'.repeat(78);
  warn(
    [
      bar,
      `!! ${site} is built from its LAST GOOD SNAPSHOT, not from the live API.`,
      `!! Error:    ${failure}`,
      `!! Snapshot: ${shown(file)}, fetched ${snapshot.fetchedAt} (${formatAge(age)} old)`,
      `!! Content:  ${snapshot.catalog.coupons.length} coupons, ${snapshot.catalog.deals.length} deals, ${snapshot.catalog.brands.length} brands`,
      bar,
    ].join('\n'),
  );
  return { catalog: snapshot.catalog, origin: 'snapshot', fetchedAt, file };
}
