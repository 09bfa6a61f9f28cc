/**
 * The operator's overrides on the /data files an edge site's Worker answers (issue 40,
 * src/edge/data-overrides.ts), over the real export of the sample catalog: a hidden code's text
 * and code are in no file, a blocked advertiser's brand and offers leave its shard and the brand
 * lists, an edit in Spanish shows in the Spanish files only, a pin features the offer until its
 * instant.
 */
import { describe, expect, it } from 'vitest';
import { emptyOverrides, recordChange } from '../../../src/catalog/overrides.ts';
import { indexCatalog } from '../../../src/catalog/query.ts';
import { overrideDataText } from '../../../src/edge/data-overrides.ts';
import { buildStaticFiles } from '../../../src/sources/static/export.ts';
import { decodeItem, type Refs } from '../../../src/sources/static/format.ts';
import { englishGenerated } from '../../fixtures/catalogs/sample-en.ts';

const NOW = new Date('2026-11-28T12:00:00.000Z');
const catalog = englishGenerated({ brands: 60, coupons: 400, deals: 80, seed: 7, now: NOW });
const files = buildStaticFiles(catalog, { now: NOW, index: indexCatalog(catalog), pageSize: 20 });
const texts = new Map([...files].map(([path, value]) => [path, JSON.stringify(value)]));

const coupon = catalog.coupons.find((c) => c.code.length >= 6 && c.brandId !== null)!;
const blockedBrand = catalog.brands.find((b) => b.id !== coupon.brandId && b.totalCoupons > 0)!;
const blockedCoupon = catalog.coupons.find((c) => c.brandId === blockedBrand.id)!;

function apply(overrides: ReturnType<typeof emptyOverrides>, at = NOW) {
  return new Map([...texts].map(([path, text]) => [path, overrideDataText(path, text, overrides, at, 'en')]));
}
/** Every coupon of the answered files, decoded as the browser does. */
function couponsIn(out: Map<string, string>) {
  const found: { path: string; id: number; code: string; name: string; featured: boolean; expiresAt: string | null }[] =
    [];
  for (const [path, text] of out) {
    const v = JSON.parse(text) as { items?: unknown[][]; coupons?: unknown[][]; refs?: Refs };
    const list = path.startsWith('coupons/') ? v.items : path.startsWith('brands/shard/') ? v.coupons : undefined;
    for (const x of list ?? []) {
      const c = decodeItem('coupons', x, v.refs!);
      found.push({ path, id: c.id, code: c.code, name: c.name, featured: c.featured, expiresAt: c.expiresAt });
    }
  }
  return found;
}

let o = recordChange(emptyOverrides(), { action: 'hide', kind: 'coupon', id: coupon.id }, NOW, 'cli');
o = recordChange(o, { action: 'block', brandId: blockedBrand.id }, NOW, 'cli');

describe('overrides on /data answers', () => {
  it('a hidden code: its code and title are in no answer, its slot in a page is ended', () => {
    const before = couponsIn(new Map(texts)).filter((c) => c.id === coupon.id);
    expect(before.length).toBeGreaterThan(0);
    const out = apply(o);
    for (const [, text] of out) expect(text).not.toContain(`"${coupon.code}"`);
    const after = couponsIn(out).filter((c) => c.id === coupon.id);
    expect(after.every((c) => c.code === '' && c.name === '' && c.expiresAt === '1970-01-01T00:00:00.000Z')).toBe(true);
    expect(after.some((c) => c.path.startsWith('brands/shard/'))).toBe(false);
  });

  it('a blocked advertiser: off its shard and every brand list, its offers emptied', () => {
    const out = apply(o);
    for (const [path, text] of out) {
      const v = JSON.parse(text) as { rows?: unknown[][]; brands?: { id: number }[] };
      if (v.rows)
        expect(
          v.rows.some((r) => r[0] === blockedBrand.id),
          path,
        ).toBe(false);
      if (path.startsWith('brands/shard/'))
        expect(
          v.brands?.some((b) => b.id === blockedBrand.id),
          path,
        ).toBe(false);
    }
    const left = couponsIn(out).filter((c) => c.id === blockedCoupon.id);
    expect(left.every((c) => c.code === '' && !c.path.startsWith('brands/shard/'))).toBe(true);
  });

  it('an edit in Spanish shows in the Spanish files, not in the English ones', () => {
    const other = catalog.coupons.find((c) => c.id !== coupon.id && c.brandId !== blockedBrand.id)!;
    const edited = recordChange(
      emptyOverrides(),
      { action: 'edit', kind: 'coupon', id: other.id, lang: 'es', title: 'Título nuevo' },
      NOW,
      'cli',
    );
    const shard = [...texts.keys()].find(
      (p) => p.startsWith('brands/shard/') && texts.get(p)!.includes(`[${other.id},`),
    )!;
    const es = overrideDataText(`es/${shard}`, texts.get(shard)!, edited, NOW, 'en');
    const en = overrideDataText(shard, texts.get(shard)!, edited, NOW, 'en');
    expect(es).toContain('"Título nuevo"');
    expect(en).not.toContain('Título nuevo');
  });

  it('a pin features the offer until its instant, not after', () => {
    const other = catalog.coupons.find((c) => !c.featured && c.brandId !== blockedBrand.id)!;
    const pinned = recordChange(
      emptyOverrides(),
      { action: 'pin', kind: 'coupon', id: other.id, until: '2026-12-01T00:00:00.000Z' },
      NOW,
      'cli',
    );
    const during = couponsIn(apply(pinned)).filter((c) => c.id === other.id);
    expect(during.length).toBeGreaterThan(0);
    expect(during.every((c) => c.featured)).toBe(true);
    const after = couponsIn(apply(pinned, new Date('2026-12-01T00:00:01.000Z'))).filter((c) => c.id === other.id);
    expect(after.every((c) => !c.featured)).toBe(true);
  });

  it('without overrides every answer is the built text', () => {
    const out = apply(emptyOverrides());
    for (const [path, text] of out) expect(text).toBe(texts.get(path));
  });
});
