/**
 * The built-in sample catalog (SPEC §4 "Static-data mode", §9 sample stats), in the four
 * catalog languages (issue 24), and a scalable generator for tests and benchmarks
 * (./sample/generate.ts). Deterministic: the same `now` (and seed) always gives the same
 * catalog; dates are relative to `now` so a nightly build always shows live offers. Store names
 * are invented; links point at reserved `.example` domains.
 */

import { lettermarkSvg, SAMPLE_BRAND_NAMES } from './sample/brands.ts';
import { CATEGORY_SEEDS } from './sample/categories.ts';
import { generateCatalog } from './sample/generate.ts';
import type { LocalizedCatalog } from './schemas.ts';
import { slugify } from './schemas.ts';

export { initials, lettermarkSvg } from './sample/brands.ts';
export { createRandom, type GenerateOptions, generateCatalog } from './sample/generate.ts';

/** SPEC §9 "Sample stats". */
export const SAMPLE_STATS = { totalCoupons: 350, totalDeals: 185, totalBrands: 50, totalSavings: 125000 } as const;
export const SAMPLE_SIZES = { brands: 50, coupons: 98, deals: 48 } as const;
const SAMPLE_SEED = 20260501;

/**
 * The built-in sample: 12 categories, 50 brands, 98 coupons (5 pages of 20), 48 deals,
 * SPEC §9 stats, every shopper-facing text in en, es, fr and de. Deterministic for a given `now`.
 */
export function createSampleCatalog(now: Date): LocalizedCatalog {
  const catalog = generateCatalog({
    ...SAMPLE_SIZES,
    seed: SAMPLE_SEED,
    now,
    brandNames: SAMPLE_BRAND_NAMES,
  });
  return { ...catalog, stats: { ...SAMPLE_STATS } };
}

/** The sample brands' logo files: `public/logos/<slug>.svg` → SVG text. */
export function sampleLogoFiles(): Map<string, string> {
  const files = new Map<string, string>();
  SAMPLE_BRAND_NAMES.forEach((name, i) => {
    files.set(`${slugify(name)}.svg`, lettermarkSvg(name, CATEGORY_SEEDS[i % CATEGORY_SEEDS.length]!.color));
  });
  return files;
}
