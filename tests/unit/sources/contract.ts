/**
 * The CatalogSource contract: the same questions asked of any source (memory, static JSON,
 * HTTP API) must get the answers computed here straight from the catalog with brute force
 * (filter every item, sort with the SPEC §4 comparators). Call inside a test file:
 *
 *   runCatalogContract('memory', () => createMemorySource(catalog, { now }), catalog, { now });
 *
 * `options.now` must be the source's clock; without it the expiring check only checks order.
 */
import { describe, expect, it } from 'vitest';
import { isExpiringWithin } from '../../../src/catalog/display.ts';
import {
  brandWords,
  byBrandPopularity,
  byName,
  byStock,
  categoryWords,
  couponComparators,
  couponWords,
  dealComparators,
  dealWords,
  matchesTokens,
  queryTokens,
  toBrandSummary,
} from '../../../src/catalog/query.ts';
import type { Catalog, Coupon, Deal, Sort } from '../../../src/catalog/schemas.ts';
import { SORTS } from '../../../src/catalog/schemas.ts';
import type { CatalogSource } from '../../../src/catalog/source.ts';
import { rankNameSuggestions } from '../../../src/catalog/suggest.ts';

type Filter = {
  categoryId?: number;
  brandId?: number;
  q?: string;
  featured?: boolean;
  sort?: Sort;
};

export function runCatalogContract(
  name: string,
  makeSource: () => Promise<CatalogSource> | CatalogSource,
  catalog: Catalog,
  options: { now?: Date } = {},
): void {
  const categoryName = new Map(catalog.categories.map((c) => [c.id, c.name]));
  const ids = (list: readonly { id: number }[]) => list.map((x) => x.id);

  function expectedCoupons(f: Filter): Coupon[] {
    const tokens = queryTokens(f.q);
    if (f.q?.trim() && tokens.length === 0) return [];
    return catalog.coupons
      .filter(
        (c) =>
          (f.categoryId === undefined || c.categoryId === f.categoryId) &&
          (f.brandId === undefined || c.brandId === f.brandId) &&
          (!f.featured || c.featured) &&
          (tokens.length === 0 || matchesTokens(couponWords(c), tokens)),
      )
      .sort(couponComparators[f.sort ?? 'newest']);
  }
  function expectedDeals(f: Filter): Deal[] {
    const tokens = queryTokens(f.q);
    if (f.q?.trim() && tokens.length === 0) return [];
    return catalog.deals
      .filter(
        (d) =>
          (f.categoryId === undefined || d.categoryId === f.categoryId) &&
          (f.brandId === undefined || d.brandId === f.brandId) &&
          (tokens.length === 0 || matchesTokens(dealWords(d), tokens)),
      )
      .sort(dealComparators[f.sort ?? 'newest']);
  }
  const allBrands = catalog.brands.map(toBrandSummary).sort(byName);
  const expectedBrands = (q: string) => {
    const tokens = queryTokens(q);
    return allBrands.filter((b) => matchesTokens(brandWords(b, categoryName.get(b.categoryId ?? -1)), tokens));
  };
  const expectedCategories = (q: string) => {
    const tokens = queryTokens(q);
    return tokens.length ? catalog.categories.filter((c) => matchesTokens(categoryWords(c), tokens)) : [];
  };

  // Pick filter values that exist in this catalog.
  const most = <T>(values: T[]) => {
    const counts = new Map<T, number>();
    for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
  };
  const bigCategory = most(catalog.coupons.map((c) => c.categoryId!));
  const bigBrand = most(catalog.coupons.map((c) => c.brandId!));
  const brandCategory = catalog.coupons.find((c) => c.brandId === bigBrand)!.categoryId!;
  const firstWord = (text: string) => queryTokens(text).find((t) => t.length >= 3 && !/^\d+$/.test(t)) ?? 'off';
  const commonWord = firstWord(catalog.categories.find((c) => c.id === bigCategory)!.name);
  const couponWord = firstWord(catalog.coupons[0]!.name);
  const twoTokens = `${couponWords(catalog.coupons[3]!)[0]!.slice(0, 3)} ${firstWord(catalog.coupons[3]!.brand?.name ?? 'sale').slice(0, 2)}`;
  const queries = [commonWord, couponWord, twoTokens, commonWord.slice(0, 2).toUpperCase()];

  describe(`CatalogSource contract: ${name}`, () => {
    let source: CatalogSource;
    const get = async () => {
      source ??= await makeSource();
      return source;
    };

    it('pages the coupon list with totals and hasMore (SPEC §4)', async () => {
      const s = await get();
      const all = expectedCoupons({});
      const total = all.length;
      const last = Math.max(1, Math.ceil(total / 20));
      const p1 = await s.coupons.list();
      expect(ids(p1.items)).toEqual(ids(all.slice(0, 20)));
      expect(p1).toMatchObject({ page: 1, pageSize: 20, total, totalPages: Math.ceil(total / 20) });
      expect(p1.hasMore).toBe(total > 20);
      const pl = await s.coupons.list({ page: last });
      expect(ids(pl.items)).toEqual(ids(all.slice((last - 1) * 20, last * 20)));
      expect(pl.hasMore).toBe(false);
      const beyond = await s.coupons.list({ page: last + 1 });
      expect(beyond.items).toEqual([]);
      expect(beyond).toMatchObject({ total, hasMore: false });
      const odd = await s.coupons.list({ page: 3, pageSize: 7, sort: 'discount' });
      expect(ids(odd.items)).toEqual(ids(expectedCoupons({ sort: 'discount' }).slice(14, 21)));
      expect(odd.pageSize).toBe(7);
      expect(p1.items[0]).toEqual(all[0]);
    });

    it('sorts coupons and deals every way', async () => {
      const s = await get();
      const lastPage = (n: number) => Math.max(1, Math.ceil(n / 20));
      const pagesOf = (n: number) =>
        lastPage(n) <= 10 ? Array.from({ length: lastPage(n) }, (_, i) => i + 1) : [1, 2, lastPage(n)];
      const pages = [...new Set([...pagesOf(catalog.coupons.length), ...pagesOf(catalog.deals.length)])];
      for (const sort of SORTS) {
        for (const page of pages) {
          const c = await s.coupons.list({ sort, page });
          expect(ids(c.items), `coupons ${sort} p${page}`).toEqual(
            ids(expectedCoupons({ sort }).slice((page - 1) * 20, page * 20)),
          );
          const d = await s.deals.list({ sort, page });
          expect(ids(d.items), `deals ${sort} p${page}`).toEqual(
            ids(expectedDeals({ sort }).slice((page - 1) * 20, page * 20)),
          );
          expect(d.total).toBe(catalog.deals.length);
        }
      }
    });

    it('filters coupons by category, brand, text and featured, in every sort', async () => {
      const s = await get();
      const filters: Filter[] = [
        { categoryId: bigCategory },
        { brandId: bigBrand },
        { brandId: bigBrand, categoryId: brandCategory },
        { brandId: bigBrand, categoryId: brandCategory === bigCategory ? bigCategory + 1 : bigCategory },
        { featured: true },
        { featured: true, categoryId: bigCategory },
        { q: commonWord },
        { q: twoTokens, categoryId: bigCategory },
        { q: couponWord, brandId: bigBrand },
        { q: 'a' },
        { q: 'zzqqxx' },
        { categoryId: 999_999 },
      ];
      for (const f of filters) {
        for (const sort of SORTS) {
          const expected = expectedCoupons({ ...f, sort });
          const p = await s.coupons.list({ ...f, sort });
          const label = JSON.stringify({ ...f, sort });
          expect(ids(p.items), label).toEqual(ids(expected.slice(0, 20)));
          expect(p.total, label).toBe(expected.length);
          expect(p.hasMore, label).toBe(expected.length > 20);
        }
      }
      const p2 = await s.coupons.list({ categoryId: bigCategory, page: 2 });
      expect(ids(p2.items)).toEqual(ids(expectedCoupons({ categoryId: bigCategory }).slice(20, 40)));
    });

    it('filters deals by category, brand and text', async () => {
      const s = await get();
      const dealBrand = most(catalog.deals.map((d) => d.brandId!));
      for (const f of [{ categoryId: bigCategory }, { brandId: dealBrand }, { q: commonWord }] as Filter[]) {
        for (const sort of SORTS) {
          const p = await s.deals.list({ ...f, sort });
          expect(ids(p.items), JSON.stringify(f)).toEqual(ids(expectedDeals({ ...f, sort }).slice(0, 20)));
        }
      }
    });

    it('serves category and brand listings', async () => {
      const s = await get();
      expect(ids(await s.categories.list())).toEqual(ids(catalog.categories));
      const cat = catalog.categories.find((c) => c.id === bigCategory)!;
      expect(await s.categories.byId(cat.id)).toEqual(cat);
      expect(await s.categories.bySlug(cat.slug)).toEqual(cat);
      expect(await s.categories.byId(999_999)).toBeNull();
      expect(await s.categories.bySlug('no-such-category')).toBeNull();
      expect(ids(await s.categories.featured())).toEqual(ids(catalog.categories.filter((c) => c.featured)));
      const cc = await s.categories.coupons(cat.id, { sort: 'popular' });
      expect(ids(cc.items)).toEqual(ids(expectedCoupons({ categoryId: cat.id, sort: 'popular' }).slice(0, 20)));
      const cd = await s.categories.deals(cat.id, { page: 1 });
      expect(ids(cd.items)).toEqual(ids(expectedDeals({ categoryId: cat.id }).slice(0, 20)));

      expect(await s.brands.list()).toEqual(allBrands);
      expect(await s.brands.list({ categoryId: bigCategory })).toEqual(
        allBrands.filter((b) => b.categoryId === bigCategory),
      );
      expect(await s.brands.list({ q: commonWord })).toEqual(expectedBrands(commonWord));
      const brand = catalog.brands.find((b) => b.id === bigBrand)!;
      expect(await s.brands.byId(brand.id)).toEqual(brand);
      expect(await s.brands.bySlug(brand.slug)).toEqual(brand);
      expect(await s.brands.byId(999_999)).toBeNull();
      expect(await s.brands.bySlug('no-such-brand')).toBeNull();
      expect(await s.brands.featured()).toEqual(allBrands.filter((b) => b.featured).slice(0, 8));
      expect(await s.brands.featured(3)).toEqual(allBrands.filter((b) => b.featured).slice(0, 3));
      expect(await s.brands.popular(5)).toEqual([...allBrands].sort(byBrandPopularity).slice(0, 5));
      expect(await s.brands.search(couponWord)).toEqual(expectedBrands(couponWord));
      const bc = await s.brands.coupons(brand.id, { sort: 'expiring', pageSize: 2, page: 2 });
      expect(ids(bc.items)).toEqual(ids(expectedCoupons({ brandId: brand.id, sort: 'expiring' }).slice(2, 4)));
      expect(bc.total).toBe(expectedCoupons({ brandId: brand.id }).length);
      const bd = await s.brands.deals(brand.id);
      expect(ids(bd.items)).toEqual(ids(expectedDeals({ brandId: brand.id }).slice(0, 20)));
    });

    it('looks up coupons and deals by id, with related items', async () => {
      const s = await get();
      const c = catalog.coupons[catalog.coupons.length - 1]!;
      expect(await s.coupons.byId(c.id)).toEqual(c);
      expect(await s.coupons.byId(999_999)).toBeNull();
      const d = catalog.deals[0]!;
      expect(await s.deals.byId(d.id)).toEqual(d);
      expect(await s.deals.byId(999_999)).toBeNull();

      const related = await s.coupons.related(c.id, 6);
      const sameBrand = expectedCoupons({ brandId: c.brandId! }).filter((x) => x.id !== c.id);
      const sameCat = expectedCoupons({ categoryId: c.categoryId! }).filter(
        (x) => x.id !== c.id && x.brandId !== c.brandId,
      );
      expect(ids(related)).toEqual(ids([...sameBrand, ...sameCat].slice(0, 6)));
      expect(ids(related)).not.toContain(c.id);
      expect(await s.coupons.related(999_999)).toEqual([]);
      const dr = await s.deals.related(d.id, 3);
      expect(dr).toHaveLength(Math.min(3, expectedDeals({ categoryId: d.categoryId! }).length - 1));
      expect(ids(dr)).not.toContain(d.id);
    });

    it('lists featured coupons, expiring coupons and hot/featured/limited deals', async () => {
      const s = await get();
      const featured = expectedCoupons({ featured: true, sort: 'popular' });
      expect(ids(await s.coupons.featured())).toEqual(ids(featured.slice(0, 8)));
      expect(ids(await s.coupons.featured(3))).toEqual(ids(featured.slice(0, 3)));
      const newestDeals = expectedDeals({});
      expect(ids(await s.deals.hot())).toEqual(ids(newestDeals.filter((d) => d.hot).slice(0, 6)));
      expect(ids(await s.deals.hot(2))).toEqual(ids(newestDeals.filter((d) => d.hot).slice(0, 2)));
      expect(ids(await s.deals.featured(4))).toEqual(ids(newestDeals.filter((d) => d.featured).slice(0, 4)));
      expect(ids(await s.deals.limited(5))).toEqual(
        ids(
          newestDeals
            .filter((d) => d.limited)
            .sort(byStock)
            .slice(0, 5),
        ),
      );
      const expiring = await s.coupons.expiring();
      expect(expiring.length).toBeLessThanOrEqual(6);
      const times = expiring.map((c) => Date.parse(c.expiresAt!));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      if (options.now) {
        const now = options.now;
        const within = (days: number) =>
          expectedCoupons({ sort: 'expiring' }).filter((c) => isExpiringWithin(c.expiresAt, days, now));
        expect(ids(expiring)).toEqual(ids(within(7).slice(0, 6)));
        expect(ids(await s.coupons.expiring(3, 50))).toEqual(ids(within(3).slice(0, 50)));
      }
    });

    it('searches: page, sections and types', async () => {
      const s = await get();
      for (const q of queries) {
        const r = await s.search(q);
        const coupons = expectedCoupons({ q });
        const deals = expectedDeals({ q });
        expect(ids(r.coupons.items), q).toEqual(ids(coupons.slice(0, 20)));
        expect(r.coupons, q).toMatchObject({
          totalItems: coupons.length,
          page: 1,
          totalPages: Math.ceil(coupons.length / 20),
        });
        expect(ids(r.deals.items), q).toEqual(ids(deals.slice(0, 20)));
        expect(r.deals.totalItems, q).toBe(deals.length);
        expect(r.brands, q).toEqual(expectedBrands(q));
        expect(ids(r.categories), q).toEqual(ids(expectedCategories(q)));
      }
      const p2 = await s.search(commonWord, { page: 2, pageSize: 5, types: ['coupons'] });
      expect(ids(p2.coupons.items)).toEqual(ids(expectedCoupons({ q: commonWord }).slice(5, 10)));
      expect(p2.coupons.page).toBe(2);
      expect(p2.deals.items).toEqual([]);
      expect(p2.brands).toEqual([]);
      expect(p2.categories).toEqual([]);
      const none = await s.search('a');
      expect([none.coupons.totalItems, none.deals.totalItems, none.brands.length, none.categories.length]).toEqual([
        0, 0, 0, 0,
      ]);
      const cs = await s.coupons.search(commonWord, { sort: 'discount', page: 1 });
      expect(ids(cs.items)).toEqual(ids(expectedCoupons({ q: commonWord, sort: 'discount' }).slice(0, 20)));
      const ds = await s.deals.search(commonWord);
      expect(ids(ds.items)).toEqual(ids(expectedDeals({ q: commonWord }).slice(0, 20)));
      expect(ids(await s.categories.search(commonWord))).toEqual(ids(expectedCategories(commonWord)));
    });

    it('suggests brands and categories first (a match on their own name first), then coupons and deals', async () => {
      const s = await get();
      for (const q of queries) {
        // Brands and categories by how their own name matches (issue 33), then coupons and deals.
        const named = rankNameSuggestions(
          [
            ...expectedBrands(q).map((b) => ({ id: b.id, type: 'brand' as const, slug: b.slug, title: b.name })),
            ...expectedCategories(q).map((c) => ({ id: c.id, type: 'category' as const, slug: c.slug, title: c.name })),
          ],
          q,
          5,
        );
        const expected = [
          ...named.map(({ id, type, slug }) => ({ id, type, slug })),
          ...expectedCoupons({ q }).map((c) => ({ id: c.id, type: 'coupon', slug: null })),
          ...expectedDeals({ q }).map((d) => ({ id: d.id, type: 'deal', slug: null })),
        ].slice(0, 5);
        const got = await s.suggestions(q);
        expect(
          got.map((x) => ({ id: x.id, type: x.type, slug: x.slug })),
          q,
        ).toEqual(expected);
      }
      const brand = catalog.brands[0]!;
      const [first] = await s.suggestions(brand.name, 1);
      expect(first).toMatchObject({
        type: 'brand',
        id: brand.id,
        title: brand.name,
        slug: brand.slug,
        image: brand.logo,
      });
      expect(await s.suggestions('x')).toEqual([]);
    });

    it('returns trending terms and home data', async () => {
      const s = await get();
      expect(await s.trending()).toEqual(catalog.trending.slice(0, 10));
      expect(await s.trending(3)).toEqual(catalog.trending.slice(0, 3));
      const home = await s.home();
      expect(home.stats).toEqual(catalog.stats);
      expect(await s.stats()).toEqual(catalog.stats);
      expect(ids(home.featuredCategories)).toEqual(ids(catalog.categories.filter((c) => c.featured)));
      expect(home.featuredBrands).toEqual(allBrands.filter((b) => b.featured).slice(0, 8));
      expect(ids(home.featuredCoupons)).toEqual(ids(expectedCoupons({ featured: true, sort: 'popular' }).slice(0, 8)));
      expect(ids(home.featuredDeals)).toEqual(
        ids(
          expectedDeals({})
            .filter((d) => d.featured)
            .slice(0, 8),
        ),
      );
    });
  });
}
