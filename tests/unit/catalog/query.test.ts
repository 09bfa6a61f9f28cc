import { describe, expect, it } from 'vitest';
import {
  buildWordIndex,
  couponComparators,
  queryTokens,
  searchWordIndex,
  tokenize,
} from '../../../src/catalog/query.ts';
import { englishSample } from '../../fixtures/catalogs/sample-en.ts';

describe('tokenize and queryTokens', () => {
  it('folds case and accents and splits on punctuation', () => {
    expect(tokenize('Café 20% OFF! Crumb&Co')).toEqual(['cafe', '20', 'off', 'crumb', 'co']);
  });
  it('keeps unique tokens of 2+ characters', () => {
    expect(queryTokens('a Free free  SH')).toEqual(['free', 'sh']);
    expect(queryTokens('   ')).toEqual([]);
    expect(queryTokens(null)).toEqual([]);
  });
});

describe('searchWordIndex', () => {
  const items = ['red shoes', 'red shirt', 'blue shoes', 'shoestring budget'];
  const index = buildWordIndex(items, (s) => tokenize(s));
  it('ANDs prefix matches of every token', () => {
    expect(searchWordIndex(index, ['sh'])).toEqual([0, 1, 2, 3]);
    expect(searchWordIndex(index, ['shoe'])).toEqual([0, 2, 3]);
    expect(searchWordIndex(index, ['red', 'sh'])).toEqual([0, 1]);
    expect(searchWordIndex(index, ['sh', 'red'])).toEqual([0, 1]);
    expect(searchWordIndex(index, ['red', 'blue'])).toEqual([]);
    expect(searchWordIndex(index, ['hoes'])).toEqual([]);
    expect(searchWordIndex(index, [])).toEqual([]);
  });
});

describe('coupon sorts (SPEC §4)', () => {
  const now = new Date('2026-05-10T12:00:00Z');
  const { coupons } = englishSample(now);
  it('popular ranks featured (2) + exclusive (1)', () => {
    const score = (c: (typeof coupons)[number]) => (c.featured ? 2 : 0) + (c.exclusive ? 1 : 0);
    const sorted = [...coupons].sort(couponComparators.popular).map(score);
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
    expect(sorted[0]).toBe(3);
  });
  it('discount uses the first number, highest first', () => {
    const first = (t: string) => Number(/\d+/.exec(t)?.[0] ?? 0);
    const sorted = [...coupons].sort(couponComparators.discount).map((c) => first(c.discount));
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
  });
  it('expiring puts the soonest first and no expiry last', () => {
    const sorted = [...coupons].sort(couponComparators.expiring);
    const firstNull = sorted.findIndex((c) => c.expiresAt === null);
    expect(firstNull).toBeGreaterThan(0);
    expect(sorted.slice(firstNull).every((c) => c.expiresAt === null)).toBe(true);
    const times = sorted.slice(0, firstNull).map((c) => Date.parse(c.expiresAt!));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
  it('newest puts the latest created first', () => {
    const times = [...coupons].sort(couponComparators.newest).map((c) => Date.parse(c.createdAt!));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});
