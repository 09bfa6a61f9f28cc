import { describe, expect, it } from 'vitest';
import { pickFeatured } from '../../../src/page-models/featured.ts';

const all = [1, 2, 3, 4, 5].map((id) => ({ id, name: `item ${id}` }));
const catalogFeatured = [all[0]!, all[1]!];

describe('featured sections from content.featuredCategories / featuredBrands', () => {
  it('uses the configured ids in the configured order', () => {
    const pick = pickFeatured([4, 2, 5], all, catalogFeatured, 8);
    expect(pick.items.map((i) => i.id)).toEqual([4, 2, 5]);
    expect(pick.from).toBe('config');
  });

  it('falls back to the catalog featured items when the list is empty', () => {
    const pick = pickFeatured([], all, catalogFeatured, 8);
    expect(pick.items.map((i) => i.id)).toEqual([1, 2]);
    expect(pick.from).toBe('catalog');
  });

  it('skips ids the catalog does not have (reporting them) and repeats; falls back when none is known', () => {
    expect(pickFeatured([9, 3, 3, 1], all, catalogFeatured, 8)).toEqual({
      items: [all[2], all[0]],
      from: 'config',
      unknownIds: [9],
    });
    expect(pickFeatured([98, 99], all, catalogFeatured, 8)).toMatchObject({ from: 'catalog', unknownIds: [98, 99] });
  });

  it('keeps at most `limit` items', () => {
    expect(pickFeatured([5, 4, 3, 2, 1], all, catalogFeatured, 3).items.map((i) => i.id)).toEqual([5, 4, 3]);
  });
});
