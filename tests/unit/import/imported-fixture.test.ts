/**
 * tests/fixtures/catalogs/imported.json (the `imported` e2e site's catalog) is exactly what
 * `npm run import` writes from the five network fixtures with the fixture site's sources and
 * mapping: re-imported here and compared.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runImport } from '../../../scripts/lib/import/run.ts';
import { validateSiteConfig } from '../../../src/config/validate.ts';
import { IMPORTED_CATALOG, importedCatalogArgs } from '../../fixtures/catalogs/imported.ts';
import { ROOT } from '../config/helpers.ts';

describe('the imported fixture catalog', () => {
  it('is what the import writes from the fixture feeds (regenerate: npx node tests/fixtures/catalogs/imported.ts)', async () => {
    const { code, catalog } = await runImport([...importedCatalogArgs(), '--dry-run'], {
      cwd: ROOT,
      log: () => {},
      warn: () => {},
    });
    expect(code).toBe(0);
    expect(catalog).toEqual(JSON.parse(readFileSync(resolve(ROOT, IMPORTED_CATALOG), 'utf8')));
  });

  it('belongs to a valid fixture site that names the same sources', () => {
    const site = JSON.parse(readFileSync(resolve(ROOT, 'tests/fixtures/sites/imported.json'), 'utf8'));
    const result = validateSiteConfig(site);
    expect(result.ok && result.config.staticData.catalog).toBe(IMPORTED_CATALOG);
  });
});
