/**
 * The catalog the build pre-renders from (ARCHITECTURE "Shape"):
 * - static-data mode (features.staticData.enabled): the built-in sample, or the catalog
 *   file named by staticData.catalog, in memory;
 * - API mode: the site's API (config api.baseUrl when absolute, or API_BASE_URL /
 *   PUBLIC_API_BASE_URL at build time). If the API cannot be reached at build time the
 *   build warns and pre-renders the built-in sample instead; the browser still calls the API.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { resolveApiBaseUrl } from '../api/base-url.ts';
import { createApiClient } from '../api/client.ts';
import { createHttpSource } from '../api/http-source.ts';
import { getBuildCatalog } from '../catalog/build-catalog.ts';
import { createMemorySource } from '../catalog/memory-source.ts';
import { type Catalog, catalogSchema } from '../catalog/schemas.ts';
import type { CatalogSource } from '../catalog/source.ts';
import { site } from '../config/site.ts';

let pending: Promise<CatalogSource> | undefined;

/** The build's clock: "expiring soon" and relative dates are computed from it. */
export const BUILD_TIME = new Date();

function loadCatalogFile(path: string): Catalog {
  const file = resolve(process.cwd(), path);
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

/** The catalog behind static-mode pages and the /data JSON files. */
export function getStaticCatalog(): Catalog {
  const name = site.staticData.catalog;
  return name === 'sample' ? getBuildCatalog() : loadCatalogFile(name);
}

async function createBuildSource(): Promise<CatalogSource> {
  const memory = () => createMemorySource(getStaticCatalog(), { now: BUILD_TIME });
  if (site.features.staticData.enabled) return memory();
  const baseUrl = resolveApiBaseUrl({
    override: process.env.API_BASE_URL ?? process.env.PUBLIC_API_BASE_URL,
    configBaseUrl: site.api.baseUrl,
  });
  if (!baseUrl) {
    console.warn(`[build] API mode but no absolute API address for "${site.site.id}"; pre-rendering the sample`);
    return memory();
  }
  const http = createHttpSource(createApiClient({ baseUrl, siteId: site.site.id, getToken: () => null }));
  try {
    await http.stats();
    return http;
  } catch (err) {
    console.warn(`[build] API at ${baseUrl} unreachable (${(err as Error).message}); pre-rendering the sample`);
    return memory();
  }
}

export function getBuildSource(): Promise<CatalogSource> {
  pending ??= createBuildSource();
  return pending;
}
