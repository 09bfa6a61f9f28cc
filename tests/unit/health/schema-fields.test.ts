/** The code-health fields in API replies (wire schema) and catalog files (model schema, optional). */
import { describe, expect, it } from 'vitest';
import { parseCatalog } from '../../../src/catalog/parse-catalog.ts';
import { couponSchema } from '../../../src/catalog/schemas.ts';
import { rawCouponSchema } from '../../../src/sources/http/wire.ts';
import { decodeItem, encodeItem } from '../../../src/sources/static/format.ts';
import { englishSample } from '../../fixtures/catalogs/sample-en.ts';

const sample = englishSample(new Date('2026-11-25T12:00:00.000Z'));
const first = sample.coupons[0]!;

describe('wire: coupon replies', () => {
  it('reads lastWorkedAt, lastFailedAt, votes and verifiedAt in camelCase and snake_case', () => {
    const camel = rawCouponSchema.parse({
      id: 1,
      name: 'Ten off',
      lastWorkedAt: '2026-11-25T10:00:00Z',
      lastFailedAt: 1764000000000,
      votes: { worked: '34', failed: 3 },
      verifiedAt: '2026-11-20T08:00:00.000Z',
    });
    expect(camel).toMatchObject({
      lastWorkedAt: '2026-11-25T10:00:00.000Z',
      lastFailedAt: new Date(1764000000000).toISOString(),
      votes: { worked: 34, failed: 3 },
      verifiedAt: '2026-11-20T08:00:00.000Z',
    });
    const snake = rawCouponSchema.parse({
      id: 2,
      name: 'Free shipping',
      last_worked_at: '2026-11-24T10:00:00Z',
      votes_worked: 5,
      votes_failed: 0,
      verified_at: '2026-11-01',
    });
    expect(snake).toMatchObject({ lastWorkedAt: '2026-11-24T10:00:00.000Z', votes: { worked: 5, failed: 0 } });
  });

  it('a missing, negative, fractional or half-given count is no count at all (absent), never a guess', () => {
    const parse = (votes: unknown) => rawCouponSchema.parse({ id: 3, name: 'x', votes }).votes;
    const none = rawCouponSchema.parse({ id: 3, name: 'x' });
    for (const field of ['votes', 'lastWorkedAt', 'lastFailedAt', 'verifiedAt']) expect(none).not.toHaveProperty(field);
    expect(parse({ worked: -1, failed: 2 })).toBeUndefined();
    expect(parse({ worked: 1.5, failed: 2 })).toBeUndefined();
    expect(parse({ worked: 4 })).toBeUndefined();
    expect(parse('lots')).toBeUndefined();
    expect(rawCouponSchema.parse({ id: 3, name: 'x', lastWorkedAt: 'yesterday' }).lastWorkedAt).toBeUndefined();
  });
});

describe('model: catalog files', () => {
  it('the fields are optional (older files stay valid); null is accepted as "not known"', () => {
    expect(first).not.toHaveProperty('votes');
    expect(couponSchema.parse(first)).toEqual(first);
    expect(couponSchema.parse({ ...first, votes: null, lastWorkedAt: null })).toMatchObject({ votes: null });
  });

  it('a file with bad health fields drops that coupon and names the field', () => {
    const bad = { ...sample, coupons: [{ ...first, votes: { worked: -3, failed: 0 } }, sample.coupons[1]] };
    const parsed = parseCatalog(bad);
    expect(parsed.ok && parsed.catalog.coupons.map((c) => c.id)).toEqual([sample.coupons[1]!.id]);
    expect(parsed.problems[0]?.path).toBe('coupons[0].votes.worked');
  });

  it('the static export keeps them', () => {
    const withHealth = {
      ...first,
      votes: { worked: 12, failed: 1 },
      lastWorkedAt: '2026-11-25T09:00:00.000Z',
      lastFailedAt: null,
      verifiedAt: '2026-11-20T00:00:00.000Z',
    };
    const refs = { b: [] as never[], c: [] as never[] };
    const table = { add: (kind: 'b' | 'c', ref: unknown) => (ref ? (refs[kind] as unknown[]).push(ref) - 1 : null) };
    const encoded = encodeItem('coupons', withHealth, table as never);
    expect(decodeItem('coupons', encoded, refs)).toEqual(withHealth);
    // A coupon without them encodes as before: no trailing entries.
    const plain = encodeItem('coupons', first, table as never);
    expect(plain).toHaveLength(encoded.length - 4);
    expect(decodeItem('coupons', plain, refs)).toEqual(first);
  });
});
