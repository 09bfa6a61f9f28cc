/**
 * The catalog of a static-data site (Node only): the built-in sample, or the catalog file named by
 * staticData.catalog (a path relative to the repo, validated with `catalogSchema`).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
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

/** The catalog of a static-data site and where it came from ("sample" or "file <path>"). */
export function staticCatalogOf(
  config: Pick<SiteConfig, 'staticData'>,
  now: Date,
  baseDir = process.cwd(),
): { catalog: LocalizedCatalog; origin: string } {
  const name = config.staticData.catalog;
  return name === 'sample'
    ? { catalog: createSampleCatalog(now), origin: 'sample' }
    : { catalog: loadCatalogFile(name, baseDir), origin: `file ${name}` };
}
