/**
 * An empty catalog (issue 23): every coupon invalid used to crash the build with an Astro stack
 * trace ("/test/modal-ad needs at least one coupon"). The build's catalog check now stops that
 * site first and says in one line what is wrong.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkCatalogFile } from '../../../scripts/lib/build-sites/build.ts';
import { emptyCatalogProblem } from '../../../scripts/lib/config/catalog-check.ts';
import { generateCatalog } from '../../../src/catalog/sample.ts';
import { siteConfigSchema } from '../../../src/config/schema.ts';
import { defaultConfig } from './helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'empty-catalog-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function check(catalog: unknown) {
  const file = join(dir, `catalog-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(catalog));
  const c = defaultConfig();
  c.staticData = { catalog: file };
  const log: string[] = [];
  const result = checkCatalogFile(siteConfigSchema.parse(c), (l) => log.push(l));
  return { result, log, file };
}

describe('a catalog the site cannot be built from', () => {
  const sample = () => generateCatalog({ brands: 3, coupons: 4, deals: 2, seed: 1, now: new Date('2026-05-01') });

  it('every coupon invalid: the site stops with one line saying what is wrong', () => {
    const catalog = sample();
    for (const c of catalog.coupons) (c as Record<string, unknown>).id = 'not-a-number';
    const { result, log, file } = check(catalog);
    expect(result).toBe('empty catalog');
    const last = log.at(-1) ?? '';
    expect(last.split('\n')).toHaveLength(1);
    expect(last).toBe(
      `✗ Catalog ${file} cannot build site "default": all 4 of its coupons are invalid (the problems are listed above), and a site needs at least one coupon. Fix the catalog and build again.`,
    );
    // The problems themselves are listed before it, with their paths.
    expect(log.join('\n')).toMatch(/coupons\[0\]\.id/);
  });

  it('an empty coupons list, and nothing else either', () => {
    const { stats, trending } = sample();
    const { result, log, file } = check({ categories: [], brands: [], coupons: [], deals: [], stats, trending });
    expect(result).toBe('empty catalog');
    expect(log).toEqual([
      `✗ Catalog ${file} cannot build site "default": its "coupons" list is empty, and a site needs at least one coupon (no valid deals, brands, categories either). Fix the catalog and build again.`,
    ]);
  });

  it('a catalog with coupons passes', () => {
    expect(check(sample()).result).toBeNull();
    expect(emptyCatalogProblem(sample(), 'x', 's')).toBeNull();
  });
});
