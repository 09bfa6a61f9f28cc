import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runOffersCli } from '../../../scripts/lib/offers/cli.ts';
import { createSampleCatalog } from '../../../src/catalog/sample.ts';
import { staticCatalogOf } from '../../../src/sources/catalog-file.ts';

const NOW = new Date('2026-11-28T12:00:00.000Z');
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'offers-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const run = (...argv: string[]) => runOffersCli(argv, { cwd: dir, now: NOW });
const file = () => JSON.parse(readFileSync(join(dir, 'catalogs', 'default.overrides.json'), 'utf8'));
const site = { staticData: { catalog: 'sample' }, site: { id: 'default', defaultLanguage: 'en' } } as const;
const sampleCoupon = createSampleCatalog(NOW).coupons[5];
if (!sampleCoupon) throw new Error('the sample catalog has no coupon 5');
const coupon = sampleCoupon;

describe('npm run offers', () => {
  it('hide 42 --site default: the next build of that site has no coupon 42; unhide brings it back', () => {
    expect(run('hide', String(coupon.id), '--site', 'default').code).toBe(0);
    expect(file().audit).toEqual([{ at: NOW.toISOString(), action: 'hide', target: `coupon:${coupon.id}`, by: 'cli' }]);
    const built = staticCatalogOf(site, NOW, dir);
    expect(built.catalog.coupons.some((c) => c.id === coupon.id)).toBe(false);
    expect(built.origin).toBe('sample + catalogs/default.overrides.json');
    expect(run('unhide', String(coupon.id), '--site', 'default').code).toBe(0);
    expect(staticCatalogOf(site, NOW, dir).catalog.coupons.some((c) => c.id === coupon.id)).toBe(true);
    expect(file().audit).toHaveLength(2);
  });

  it('pin takes a date with an offset and stores it in UTC', () => {
    expect(run('pin', '3', '--deal', '--until', '2026-12-01T09:00:00+09:00', '--site', 'default').code).toBe(0);
    expect(file().offers).toEqual([{ kind: 'deal', id: 3, pinnedUntil: '2026-12-01T00:00:00.000Z' }]);
  });

  it('edit, rename and block are written; a build applies them', () => {
    expect(run('edit', String(coupon.id), '--lang', 'es', '--title', 'Título nuevo', '--site', 'default').code).toBe(0);
    expect(run('block', String(coupon.brandId), '--site', 'default').code).toBe(0);
    const c = staticCatalogOf(site, NOW, dir).catalog;
    expect(c.brands.some((b) => b.id === coupon.brandId)).toBe(false);
  });

  it('refuses bad usage with a message and writes nothing', () => {
    expect(run('hide', 'x', '--site', 'default')).toMatchObject({ code: 2 });
    expect(run('hide', '4')).toMatchObject({ code: 2, output: expect.stringContaining('--site') });
    expect(run('edit', '4', '--lang', 'it', '--title', 'x', '--site', 'default')).toMatchObject({ code: 2 });
    expect(run('pin', '4', '--until', 'soon', '--site', 'default')).toMatchObject({ code: 2 });
    expect(run('frobnicate', '4', '--site', 'default')).toMatchObject({ code: 2 });
    expect(() => file()).toThrow();
  });

  it('an invalid overrides file is reported with its JSON path and left as it was', () => {
    run('hide', '1', '--site', 'default');
    const path = join(dir, 'catalogs', 'default.overrides.json');
    writeFileSync(path, JSON.stringify({ version: 1, offers: [{ kind: 'coupon', id: 'a' }], brands: [], audit: [] }));
    const r = run('hide', '2', '--site', 'default');
    expect(r.code).toBe(1);
    expect(r.output).toContain('offers.0.id');
    expect(JSON.parse(readFileSync(path, 'utf8')).offers[0].id).toBe('a');
  });
});
