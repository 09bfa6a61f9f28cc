/**
 * The catalog pages are built from, memoized per process so every page and the static data
 * endpoint share one catalog, one index and one set of static files.
 * Today this is the built-in sample (`createSampleCatalog(new Date())`).
 */
import { type CatalogIndex, indexCatalog } from './query.ts';
import { createSampleCatalog } from './sample.ts';
import type { Catalog } from './schemas.ts';
import { buildStaticFiles, type StaticFiles } from './static-export.ts';

type BuildState = { now: Date; catalog: Catalog; index: CatalogIndex; files?: StaticFiles };
let state: BuildState | undefined;

function buildState(): BuildState {
  if (!state) {
    const now = new Date();
    const catalog = createSampleCatalog(now);
    state = { now, catalog, index: indexCatalog(catalog) };
  }
  return state;
}

/** The build's catalog (same object on every call within a process). */
export function getBuildCatalog(): Catalog {
  return buildState().catalog;
}

/** The build's clock: the moment the catalog was created. */
export function getBuildNow(): Date {
  return buildState().now;
}

/** The static data files of the build's catalog (see static-export.ts), computed once. */
export function getBuildStaticFiles(): StaticFiles {
  const s = buildState();
  s.files ??= buildStaticFiles(s.catalog, { now: s.now, index: s.index });
  return s.files;
}
