import { describe, expect, it } from 'vitest';
import { describeLeftOut, liveCatalog } from '../../../src/catalog/live-catalog.ts';
import {
  endDayOptions,
  endsIn,
  endTime,
  hasLiveStatus,
  isLive,
  liveOnly,
  overReason,
  splitLive,
} from '../../../src/catalog/offer-time.ts';
import { createSampleCatalog } from '../../../src/catalog/sample.ts';

const NOW = Date.parse('2026-11-25T12:00:00.000Z');
const at = (iso: string | null, status: string | null = 'active') => ({ expiresAt: iso, status });

describe('isLive: the end', () => {
  it('is live until the exact end instant, over from it', () => {
    expect(isLive(at('2026-11-25T12:00:00.001Z'), NOW)).toBe(true);
    expect(isLive(at('2026-11-25T12:00:00.000Z'), NOW)).toBe(false);
    expect(isLive(at('2026-11-25T11:59:59.999Z'), NOW)).toBe(false);
    expect(isLive(at('2026-11-24T12:00:00.000Z'), new Date(NOW))).toBe(false);
  });

  it('reads an end written in any time zone as the same instant', () => {
    // 07:00 in New York (EST, -05:00) is 12:00 UTC; 13:00 in Berlin (CET, +01:00) too.
    expect(isLive(at('2026-11-25T07:00:00-05:00'), NOW)).toBe(false);
    expect(isLive(at('2026-11-25T07:00:01-05:00'), NOW)).toBe(true);
    expect(isLive(at('2026-11-25T13:00:00+01:00'), NOW)).toBe(false);
    expect(isLive(at('2026-11-25T13:30:00+01:00'), NOW)).toBe(true);
  });

  it('counts real hours across a daylight-saving change (New York, 2026-11-01)', () => {
    // 01:30 EDT and 01:30 EST are one hour apart; the second one is still live at 06:00 UTC.
    const dstNow = Date.parse('2026-11-01T06:00:00Z');
    expect(isLive(at('2026-11-01T01:30:00-04:00'), dstNow)).toBe(false); // 05:30 UTC
    expect(isLive(at('2026-11-01T01:30:00-05:00'), dstNow)).toBe(true); // 06:30 UTC
    expect(endsIn(at('2026-11-02T01:30:00-05:00'), Date.parse('2026-11-01T01:30:00-04:00'))).toEqual({
      kind: 'hours',
      count: 25,
    });
  });

  it('treats a missing, empty or unreadable end as no end', () => {
    expect(isLive(at(null), NOW)).toBe(true);
    expect(isLive({ status: 'active' }, NOW)).toBe(true);
    expect(isLive(at(''), NOW)).toBe(true);
    expect(isLive(at('not a date'), NOW)).toBe(true);
    expect(endTime(at('2026-13-45T00:00:00Z'))).toBeNull();
    expect(endsIn(at('garbage'), NOW)).toEqual({ kind: 'none' });
  });
});

describe('isLive: the status', () => {
  it('accepts active in any case and no status', () => {
    for (const s of ['active', 'ACTIVE', ' Active ', '', null]) expect(hasLiveStatus({ status: s })).toBe(true);
    expect(hasLiveStatus({})).toBe(true);
  });

  it('refuses every other status whatever the dates', () => {
    for (const s of ['expired', 'inactive', 'paused', 'draft', 'deleted', 'pending', 'activ', '0', 'true']) {
      expect(isLive(at('2099-01-01T00:00:00Z', s), NOW)).toBe(false);
      expect(overReason(at(null, s), NOW)).toBe('status');
    }
    expect(overReason(at('2020-01-01T00:00:00Z', 'active'), NOW)).toBe('ended');
    expect(overReason(at('2020-01-01T00:00:00Z', 'expired'), NOW)).toBe('status');
  });
});

describe('endsIn', () => {
  it('counts minutes under an hour and hours under 48 h, rounded down', () => {
    expect(endsIn(at('2026-11-25T12:00:30Z'), NOW)).toEqual({ kind: 'minutes', count: 1 });
    expect(endsIn(at('2026-11-25T12:59:59Z'), NOW)).toEqual({ kind: 'minutes', count: 59 });
    expect(endsIn(at('2026-11-25T13:00:00Z'), NOW)).toEqual({ kind: 'hours', count: 1 });
    expect(endsIn(at('2026-11-25T17:30:00Z'), NOW)).toEqual({ kind: 'hours', count: 5 });
    expect(endsIn(at('2026-11-27T11:59:59Z'), NOW)).toEqual({ kind: 'hours', count: 47 });
  });

  it('names the day from 48 h on, and says ended at and after the end', () => {
    expect(endsIn(at('2026-11-27T12:00:00Z'), NOW)).toEqual({ kind: 'date', at: Date.parse('2026-11-27T12:00:00Z') });
    expect(endsIn(at('2026-11-25T12:00:00Z'), NOW)).toEqual({ kind: 'ended' });
    expect(endsIn(at(null), NOW)).toEqual({ kind: 'none' });
  });

  it("shows the day in the site's time zone (the same instant is Nov 27 in New York, Nov 28 in Berlin)", () => {
    const end = Date.parse('2026-11-28T03:00:00Z');
    const day = (tz: string) => new Intl.DateTimeFormat('en', endDayOptions(end, NOW, tz)).format(end);
    expect(day('America/New_York')).toBe('Nov 27');
    expect(day('Europe/Berlin')).toBe('Nov 28');
    expect(new Intl.DateTimeFormat('de', endDayOptions(end, NOW, 'Europe/Berlin')).format(end)).toBe('28. Nov.');
    const nextYear = Date.parse('2027-01-05T12:00:00Z');
    expect(new Intl.DateTimeFormat('en', endDayOptions(nextYear, NOW, 'UTC')).format(nextYear)).toBe('Jan 5, 2027');
    // An unknown zone falls back to the runtime's zone for the year check instead of throwing.
    expect(() => endDayOptions(end, NOW, 'Mars/Olympus')).not.toThrow();
    expect(() => endDayOptions(Date.parse('2026-12-31T20:00:00Z'), NOW, 'Mars/Olympus')).not.toThrow();
  });

  it('around New Year, the year is the one of the site time zone (Tokyo is in 2027 while New York is not)', () => {
    const newYearsEve = Date.parse('2026-12-31T20:00:00Z'); // 15:00 in New York, 05:00 on Jan 1 in Tokyo
    const day = (tz: string, now: string) =>
      new Intl.DateTimeFormat('en', endDayOptions(newYearsEve, Date.parse(now), tz)).format(newYearsEve);
    expect(day('America/New_York', '2026-12-20T12:00:00Z')).toBe('Dec 31');
    expect(day('Asia/Tokyo', '2026-12-20T12:00:00Z')).toBe('Jan 1, 2027');
    // Seen at 12:00 UTC on Jan 1 (02:00 in Honolulu): the end was on the 31st there, last year.
    expect(day('Pacific/Honolulu', '2027-01-01T12:00:00Z')).toBe('Dec 31, 2026');
    expect(day('Pacific/Honolulu', '2027-01-01T09:00:00Z')).toBe('Dec 31');
    expect(day('Asia/Tokyo', '2027-01-01T12:00:00Z')).toBe('Jan 1');
  });
});

describe('splitLive / liveOnly', () => {
  it('keeps order and counts what was left out by reason', () => {
    const items = [
      { id: 1, ...at('2026-11-26T00:00:00Z') },
      { id: 2, ...at('2026-11-24T00:00:00Z') },
      { id: 3, ...at(null, 'expired') },
      { id: 4, ...at(null, null) },
    ];
    const { live, over } = splitLive(items, NOW);
    expect(live.map((i) => i.id)).toEqual([1, 4]);
    expect(over).toEqual({ ended: 1, status: 1 });
    expect(liveOnly(items, NOW + 86_400_000).map((i) => i.id)).toEqual([4]);
  });
});

describe('liveCatalog (build time)', () => {
  const base = createSampleCatalog(new Date(NOW));

  it('leaves nothing out of the sample at its own build time', () => {
    const { catalog, leftOut } = liveCatalog(base, NOW);
    expect(catalog).toBe(base);
    expect(leftOut).toEqual({ coupons: { ended: 0, status: 0 }, deals: { ended: 0, status: 0 } });
    expect(describeLeftOut('default', leftOut)).toContain('nothing left out');
  });

  it('drops ended and inactive offers and lowers the brand, category and site counts', () => {
    const c0 = base.coupons[0]!;
    const d0 = base.deals[0]!;
    const changed = {
      ...base,
      coupons: base.coupons.map((c, i) =>
        i === 0 ? { ...c, expiresAt: '2026-11-24T00:00:00.000Z' } : i === 1 ? { ...c, status: 'expired' } : c,
      ),
      deals: base.deals.map((d, i) => (i === 0 ? { ...d, expiresAt: '2026-11-25T11:00:00.000Z' } : d)),
    };
    const c1 = base.coupons[1]!;
    const { catalog, leftOut } = liveCatalog(changed, NOW);
    expect(catalog.coupons).toHaveLength(base.coupons.length - 2);
    expect(catalog.coupons.some((c) => c.id === c0.id || c.id === c1.id)).toBe(false);
    expect(catalog.deals.some((d) => d.id === d0.id)).toBe(false);
    expect(leftOut).toEqual({ coupons: { ended: 1, status: 1 }, deals: { ended: 1, status: 0 } });
    expect(catalog.stats.totalCoupons).toBe(base.stats.totalCoupons - 2);
    expect(catalog.stats.totalDeals).toBe(base.stats.totalDeals - 1);
    const brandBefore = base.brands.find((b) => b.id === c0.brandId)!;
    const brandAfter = catalog.brands.find((b) => b.id === c0.brandId)!;
    const lost = [c0, c1].filter((c) => c.brandId === c0.brandId).length;
    expect(brandAfter.totalCoupons).toBe(brandBefore.totalCoupons - lost);
    const catBefore = base.categories.find((c) => c.id === d0.categoryId)!;
    const catAfter = catalog.categories.find((c) => c.id === d0.categoryId)!;
    expect(catAfter.totalDeals).toBe(catBefore.totalDeals - 1);
    expect(describeLeftOut('default', leftOut)).toBe(
      '  Offers: 3 over, left out of site "default": 2 coupon(s) (1 ended, 1 not active), 1 deal(s) (1 ended, 0 not active)',
    );
  });

  it('never counts below zero when the catalog counts were already low', () => {
    const c0 = base.coupons[0]!;
    const changed = {
      ...base,
      brands: base.brands.map((b) => (b.id === c0.brandId ? { ...b, totalCoupons: 0 } : b)),
      coupons: base.coupons.map((c, i) => (i === 0 ? { ...c, status: 'paused' } : c)),
    };
    expect(liveCatalog(changed, NOW).catalog.brands.find((b) => b.id === c0.brandId)!.totalCoupons).toBe(0);
  });
});
