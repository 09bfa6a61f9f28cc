/**
 * The counted code health a build was given (`npm run build -- --health-from <origin>`, issue 40:
 * scripts/lib/build-sites/health-from.ts writes it, BUILD_HEALTH_FILE names it), merged into the
 * catalog before anything is built: a coupon in the file gets its `votes`, `lastWorkedAt` and
 * `lastFailedAt`; the others keep the catalog's. Pages then show it and the verdict acts on it.
 */
import { readFileSync } from 'node:fs';
import { type HealthExport, withCountedHealth } from '../catalog/health.ts';
import type { LocalizedCatalog } from '../catalog/schemas.ts';

export function withHealthFile(catalog: LocalizedCatalog, file: string): LocalizedCatalog {
  const { coupons } = JSON.parse(readFileSync(file, 'utf8')) as { coupons: HealthExport };
  return { ...catalog, coupons: catalog.coupons.map((c) => withCountedHealth(c, coupons[String(c.id)])) };
}
