/**
 * The catalog of a static-data site (Node only): the built-in sample, or the catalog file named by
 * staticData.catalog (a path relative to the repo, validated with `catalogSchema`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { isCatalogLanguage } from '../catalog/localized.ts';
import { applyOverrides, type Overrides, parseOverrides } from '../catalog/overrides.ts';
import { catalogSchema } from '../catalog/parse-catalog.ts';
import { createSampleCatalog } from '../catalog/sample.ts';
import type { LocalizedCatalog } from '../catalog/schemas.ts';
import type { SiteConfig } from '../config/schema.ts';

export function loadCatalogFile(path: string, baseDir = process.cwd()): LocalizedCatalog {
  const file = resolve(baseDir, path);
  const parsed = catalogSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    throw new Error(
      `Invalid catalog file ${file}:\n${parsed.error.issues
        .slice(0, 20)
        .map((i) => `  - ${i.path.join('.')}: ${i.message}`)
        .join('\n')}`,
    );
  }
  return parsed.data;
}

/** Where a site's operator overrides live (issue 40): catalogs/<site-id>.overrides.json. */
export function overridesPath(siteId: string, baseDir = process.cwd()): string {
  return resolve(baseDir, 'catalogs', `${siteId}.overrides.json`);
}

/**
 * The report of the import that wrote a catalog file (issue 40 part 4): next to it, named after it
 * (catalogs/my-site.json → catalogs/my-site.import-report.json); written by `npm run import`.
 */
export function importReportPath(catalogPath: string, baseDir = process.cwd()): string {
  return resolve(baseDir, catalogPath.replace(/\.json$/i, '') + '.import-report.json');
}

/** The import report of a site's catalog file, or null (the sample catalog, or no import wrote one). */
export function readImportReport(catalogPath: string, baseDir = process.cwd()): unknown {
  if (catalogPath === 'sample') return null;
  const file = importReportPath(catalogPath, baseDir);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

/** A site's overrides file, or null when it has none; an invalid file stops with its JSON paths. */
export function readOverridesFile(siteId: string, baseDir = process.cwd()): Overrides | null {
  const file = overridesPath(siteId, baseDir);
  if (!existsSync(file)) return null;
  return parseOverrides(JSON.parse(readFileSync(file, 'utf8')), file);
}

/**
 * The catalog of a static-data site and where it came from ("sample" or "file <path>"), with the
 * site's overrides file applied when the site is named and has one (src/catalog/overrides.ts).
 */
export function staticCatalogOf(
  config: Pick<SiteConfig, 'staticData'> & { site?: Pick<SiteConfig['site'], 'id' | 'defaultLanguage'> },
  now: Date,
  baseDir = process.cwd(),
): { catalog: LocalizedCatalog; origin: string } {
  const name = config.staticData.catalog;
  const base =
    name === 'sample'
      ? { catalog: createSampleCatalog(now), origin: 'sample' }
      : { catalog: loadCatalogFile(name, baseDir), origin: `file ${name}` };
  const overrides = config.site ? readOverridesFile(config.site.id, baseDir) : null;
  if (!overrides || !config.site) return base;
  const lang = isCatalogLanguage(config.site.defaultLanguage) ? config.site.defaultLanguage : 'en';
  return {
    catalog: applyOverrides(base.catalog, overrides, now, lang),
    origin: `${base.origin} + catalogs/${config.site.id}.overrides.json`,
  };
}
