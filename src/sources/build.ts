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

import { type CatalogIndex, indexCatalog } from '../catalog/query.ts';
import type { Catalog } from '../catalog/schemas.ts';
import type { CatalogSource } from '../catalog/source.ts';
import { site } from '../config/site.ts';
import { staticCatalogOf } from './catalog-file.ts';
import { createMemorySource } from './memory.ts';
import { apiCatalogOptions, BuildCatalogError, readSnapshot, resolveApiCatalog } from './snapshot.ts';
import { buildStaticFiles, type StaticFiles } from './static/export.ts';

/** The page size of every listing: features.pagination.itemsPerPage. */
const PAGE_SIZE = site.features.pagination.itemsPerPage;

/** The build's clock: "expiring soon" and relative dates are computed from it. */
export const BUILD_TIME = new Date(process.env.BUILD_NOW ?? Date.now());

export type BuildData = {
  now: Date;
  catalog: Catalog;
  index: CatalogIndex;
  source: CatalogSource;
  /** Where the catalog came from, e.g. "sample", "file tests/x.json", "api", "snapshot". */
  origin: string;
};

async function loadBuildData(): Promise<BuildData> {
  const now = BUILD_TIME;
  let catalog: Catalog;
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
  const index = indexCatalog(catalog);
  return { now, catalog, index, source: createMemorySource(catalog, { now, index, pageSize: PAGE_SIZE }), origin };
}

let pending: Promise<BuildData> | undefined;
let files: StaticFiles | undefined;

/** The build's catalog, index and source (one per build process). */
export function getBuildData(): Promise<BuildData> {
  pending ??= loadBuildData();
  return pending;
}

export async function getBuildSource(): Promise<CatalogSource> {
  return (await getBuildData()).source;
}

/** The static data files of the build's catalog (see static/export.ts), computed once. */
export async function getBuildStaticFiles(): Promise<StaticFiles> {
  const data = await getBuildData();
  files ??= buildStaticFiles(data.catalog, {
    now: data.now,
    index: data.index,
    pageSize: PAGE_SIZE,
  });
  return files;
}
