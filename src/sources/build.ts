/**
 * The catalog the build pre-renders from (ARCHITECTURE "Shape", "API-mode builds"), decided once
 * per build and shared by every page, the /data export and the feeds:
 * - static-data mode (features.staticData.enabled): the built-in sample, or the catalog file named
 *   by staticData.catalog;
 * - API mode: the catalog pulled from the API, or the site's last good snapshot when the API
 *   fails (see snapshot.ts). `npm run build` resolves it before starting Astro and passes the
 *   snapshot file in BUILD_CATALOG_FILE; a bare `astro build` resolves it here (same rules,
 *   BUILD_STRICT=1 for --strict). Never the sample.
 * Every listing pages by features.pagination.itemsPerPage: the pre-rendered first pages, the
 * /data export and (src/stores/listing.ts) the browser's calls.
 * Pages read it through an in-memory CatalogSource, so a 10,000-brand build makes no API calls
 * per page.
 */

import type { FormatSeed } from '../catalog/intl.ts';
import { liveCatalog } from '../catalog/live-catalog.ts';
import { localizeCatalog } from '../catalog/localize-catalog.ts';
import type { CatalogLanguage } from '../catalog/localized.ts';
import { marketCatalog } from '../catalog/markets.ts';
import { type CatalogIndex, indexCatalog } from '../catalog/query.ts';
import type { Catalog, LocalizedCatalog } from '../catalog/schemas.ts';
import type { CatalogSource } from '../catalog/source.ts';
import { site } from '../config/site.ts';
import { staticCatalogOf } from './catalog-file.ts';
import { withHealthFile } from './health-file.ts';
import { createMemorySource } from './memory.ts';
import { apiCatalogOptions, BuildCatalogError, readSnapshot, resolveApiCatalog } from './snapshot.ts';
import { buildStaticFiles, type Seeder } from './static/export.ts';
import { type StaticFiles, staticDataPrefix } from './static/format.ts';

/** The page size of every listing: features.pagination.itemsPerPage. */
const PAGE_SIZE = site.features.pagination.itemsPerPage;

/** The build's clock: "expiring soon" and relative dates are computed from it. */
export const BUILD_TIME = new Date(process.env.BUILD_NOW ?? Date.now());

export type BuildData = {
  now: Date;
  /** The page language this data is for. */
  lang: CatalogLanguage;
  /** The catalog in `lang` (src/catalog/localize-catalog.ts): what that language's pages show. */
  catalog: Catalog;
  index: CatalogIndex;
  source: CatalogSource;
  /** Where the catalog came from, e.g. "sample", "file tests/x.json", "api", "snapshot". */
  origin: string;
  /** How many texts of `catalog` are shown in another language (marked fallbacks). */
  fallbacks: number;
};

/** The catalog in every language, live offers only, and where it came from. */
async function loadSourceCatalog(now: Date): Promise<{ catalog: LocalizedCatalog; origin: string }> {
  let catalog: LocalizedCatalog;
  let origin: string;
  if (site.features.staticData.enabled) {
    ({ catalog, origin } = staticCatalogOf(site, now));
  } else if (process.env.BUILD_CATALOG_FILE) {
    const snapshot = readSnapshot(process.env.BUILD_CATALOG_FILE, site.site.id);
    if (!snapshot) throw new BuildCatalogError(`BUILD_CATALOG_FILE ${process.env.BUILD_CATALOG_FILE} does not exist`);
    catalog = snapshot.catalog;
    origin = `snapshot fetched ${snapshot.fetchedAt}`;
  } else {
    const resolved = await resolveApiCatalog({
      ...apiCatalogOptions(site),
      strict: process.env.BUILD_STRICT === '1',
    });
    catalog = resolved.catalog;
    origin = resolved.origin;
  }
  // Counted code health of the deployed site (`--health-from`, issue 40) in place of the catalog's.
  if (process.env.BUILD_HEALTH_FILE) catalog = withHealthFile(catalog, process.env.BUILD_HEALTH_FILE);
  // Offers that are over (ended, or a status that is not live) are left out of everything built
  // (src/catalog/offer-time.ts); scripts/lib/build-sites/build.ts logs how many.
  return { catalog: liveCatalog(catalog, now).catalog, origin };
}

let sourcePending: ReturnType<typeof loadSourceCatalog> | undefined;
const perLang = new Map<CatalogLanguage, Promise<BuildData>>();
const filesPerLang = new Map<CatalogLanguage, StaticFiles>();

const DEFAULT_LANG = site.site.defaultLanguage as CatalogLanguage;

async function loadBuildData(lang: CatalogLanguage): Promise<BuildData> {
  const now = BUILD_TIME;
  sourcePending ??= loadSourceCatalog(now);
  const { catalog: all, origin } = await sourcePending;
  // Only the offers valid in the language's market (issue 39): every page, count, search index,
  // feed, sitemap entry and /data file of the language is made from this one view.
  const inMarket = marketCatalog(all, lang, site.markets);
  const { catalog, fallbacks } = localizeCatalog(inMarket, { lang, defaultLang: DEFAULT_LANG });
  const index = indexCatalog(catalog);
  return {
    now,
    lang,
    catalog,
    index,
    source: createMemorySource(catalog, { now, index, pageSize: PAGE_SIZE }),
    origin,
    fallbacks,
  };
}

/** The build's catalog in every language, live offers only (an edge site's shards are made from it). */
export async function getBuildCatalog(): Promise<LocalizedCatalog> {
  sourcePending ??= loadSourceCatalog(BUILD_TIME);
  return (await sourcePending).catalog;
}

/** The build's catalog, index and source in one page language (default: the site's), once per build process. */
export function getBuildData(lang: string = DEFAULT_LANG): Promise<BuildData> {
  const l = lang as CatalogLanguage;
  let pending = perLang.get(l);
  if (!pending) {
    pending = loadBuildData(l);
    perLang.set(l, pending);
  }
  return pending;
}

export async function getBuildSource(lang?: string): Promise<CatalogSource> {
  return (await getBuildData(lang)).source;
}

/**
 * The static data files of every language of the site (see static/export.ts), computed once:
 * the default language's at the top of /data/, each other language's under /data/<lang>/, so a
 * page downloads only its own language's lists and search index.
 */
/**
 * Every static-data file of the site's languages. `formats` gives the card texts of a file's
 * items in its language (src/components/offers/format-seed.ts, passed in by the page so this
 * module does not depend on components).
 */
export async function getBuildStaticFiles(
  formats?: (lang: CatalogLanguage, offers: Parameters<Seeder>[0], now: number) => FormatSeed,
): Promise<StaticFiles> {
  const all: StaticFiles = new Map();
  for (const lang of site.site.supportedLanguages as CatalogLanguage[]) {
    let files = filesPerLang.get(lang);
    if (!files) {
      const data = await getBuildData(lang);
      files = buildStaticFiles(data.catalog, {
        now: data.now,
        index: data.index,
        pageSize: PAGE_SIZE,
        ...(formats ? { formats: (offers: Parameters<Seeder>[0]) => formats(lang, offers, data.now.getTime()) } : {}),
      });
      filesPerLang.set(lang, files);
    }
    const prefix = staticDataPrefix(lang, DEFAULT_LANG);
    for (const [file, body] of files) all.set(`${prefix}${file}`, body);
  }
  return all;
}
