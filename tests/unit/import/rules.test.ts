/**
 * Issue 30 part 3, one rule at a time (src/import/rules.ts, dates.ts), on the fixture feeds and on
 * single offers built from them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { networkDate } from '../../../src/import/dates.ts';
import type { FeedOffer } from '../../../src/import/offer.ts';
import { cleanCode, httpsLink, judge, type RuleOptions } from '../../../src/import/rules.ts';
import { IMPORT_NOW } from './helpers.ts';

const offer = (over: Partial<FeedOffer> = {}): FeedOffer => ({
  network: 'awin',
  sourceId: '1',
  advertiserId: '9',
  advertiserName: 'Acme',
  title: '10% off',
  description: '',
  terms: '',
  code: 'SAVE10',
  startsAt: null,
  endsAt: null,
  trackingUrl: 'https://track.example/c?id=1',
  destinationUrl: '',
  categories: [],
  regions: [],
  language: null,
  exclusive: false,
  public: true,
  at: 'data[0]',
  invalid: null,
  ...over,
});
const options: RuleOptions = { now: IMPORT_NOW, windowHours: 24, ownCodes: [] };
const H = 3_600_000;
const at = (ms: number) => new Date(IMPORT_NOW.getTime() + ms).toISOString();

describe('the build window', () => {
  it('leaves out an offer over at the build, keeps one that ends later or never', () => {
    expect(judge(offer({ endsAt: at(-1) }), options)).toMatchObject({ keep: false, reason: 'ended' });
    expect(judge(offer({ endsAt: at(0) }), options)).toMatchObject({ keep: false, reason: 'ended' });
    expect(judge(offer({ endsAt: at(1) }), options).keep).toBe(true);
    const open = judge(offer({ endsAt: null }), options);
    expect(open.keep && open.offer.endsAt).toBeNull();
  });

  it('keeps an offer starting within the window, leaves out one starting after it', () => {
    expect(judge(offer({ startsAt: at(23 * H) }), options).keep).toBe(true);
    expect(judge(offer({ startsAt: at(25 * H) }), options)).toMatchObject({ keep: false, reason: 'not-started' });
    expect(judge(offer({ startsAt: at(25 * H) }), { ...options, windowHours: 48 }).keep).toBe(true);
  });

  it('drops an offer that ends before it starts, with a line naming it and where it is', () => {
    const verdict = judge(
      offer({ sourceId: '77', title: 'Gloves', startsAt: at(2 * H), endsAt: at(H), at: 'line 7' }),
      options,
    );
    expect(verdict).toEqual({
      keep: false,
      reason: 'end-before-start',
      line: `awin 77 "Gloves" of Acme (line 7): ends ${at(H)} before it starts ${at(2 * H)}`,
    });
  });
});

describe('network dates become UTC, whatever the machine’s zone', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });
  for (const tz of ['UTC', 'America/New_York', 'Pacific/Auckland']) {
    it(`in ${tz}`, () => {
      process.env.TZ = tz;
      // Awin: UK wall time, summer (BST) and winter (GMT).
      expect(networkDate('2026-07-01T10:00:00', 'Europe/London', 'start')).toBe('2026-07-01T09:00:00.000Z');
      expect(networkDate('01/12/2026 10:00:00', 'Europe/London', 'start')).toBe('2026-12-01T10:00:00.000Z');
      expect(networkDate('1/7/2026 9:30', 'Europe/London', 'start')).toBe('2026-07-01T08:30:00.000Z');
      // CJ: Pacific wall time.
      expect(networkDate('2026-11-20 06:00:00.0', 'America/Los_Angeles', 'end')).toBe('2026-11-20T14:00:00.000Z');
      // Rakuten: a date-only end in GMT lasts the whole day.
      expect(networkDate('2026-11-20', 'UTC', 'end')).toBe('2026-11-21T00:00:00.000Z');
      expect(networkDate('2026-12-31', 'UTC', 'end')).toBe('2027-01-01T00:00:00.000Z');
      // An offset wins over the network's zone.
      expect(networkDate('2026-11-01T00:00:00-08:00', 'UTC', 'start')).toBe('2026-11-01T08:00:00.000Z');
      // Open-ended and unreadable.
      expect(networkDate('', 'UTC', 'end')).toBeNull();
      expect(networkDate('null', 'UTC', 'end')).toBeNull();
      expect(networkDate('31/02/2026 00:00:00', 'Europe/London', 'end')).toBeUndefined();
      expect(networkDate('next tuesday', 'UTC', 'end')).toBeUndefined();
    });
  }
});

describe('codes', () => {
  it('placeholders are no code: the offer is kept without one (a deal), never a code-less "Get Code"', () => {
    for (const placeholder of ['N/A', 'n/a', 'NA', 'null', 'NULL', 'none', '', '   ', '-', 'No code needed']) {
      expect(cleanCode(placeholder), placeholder).toBe('');
      const verdict = judge(offer({ code: placeholder }), options);
      expect(verdict.keep && verdict.offer.code).toBe('');
    }
    expect(cleanCode(' SAVE10 ')).toBe('SAVE10');
    expect(cleanCode('<b>SAVE&amp;GO</b>')).toBe('SAVE&GO');
    expect(cleanCode('<b>N/A</b>')).toBe('');
  });

  it('a pattern is not a code: the offer is left out', () => {
    for (const pattern of ['BREW[0-9]{4}', 'SAVE\\d+', 'VIP.*', '(A|B)10', '^CODE$'])
      expect(judge(offer({ code: pattern }), options), pattern).toMatchObject({ keep: false, reason: 'regex-code' });
  });

  it('exclusive, attributable and not-public offers are kept (the operator’s own reply)', () => {
    expect(judge(offer({ exclusive: true }), options)).toMatchObject({ keep: true, offer: { exclusive: true } });
    expect(judge(offer({ public: false }), options)).toMatchObject({ keep: true, offer: { public: false } });
  });

  it('with exclusive "drop", they are left out unless the code is this publisher’s', () => {
    const drop = { ...options, exclusive: 'drop' as const };
    expect(judge(offer({ exclusive: true }), drop)).toMatchObject({ keep: false, reason: 'exclusive' });
    expect(judge(offer({ public: false }), drop)).toMatchObject({ keep: false, reason: 'not-public' });
    const own = { ...drop, ownCodes: ['save10'] };
    expect(judge(offer({ exclusive: true }), own).keep).toBe(true);
    expect(judge(offer({ public: false }), own).keep).toBe(true);
    expect(judge(offer({ exclusive: true, code: 'OTHER' }), own).keep).toBe(false);
  });
});

describe('what is an offer, and network statuses (issue 39)', () => {
  it('an item the parser marks as no promotion is left out as "not an offer", naming what it is', () => {
    const v = judge(offer({ notOffer: 'banner' }), options);
    expect(v).toMatchObject({ keep: false, reason: 'not-an-offer' });
    expect(!v.keep && v.line).toMatch(/: not an offer \(banner\)$/);
  });

  it('deleted, suspended, paused and inactive offers (any spelling) are left out like ended ones', () => {
    for (const status of ['deleted', 'SUSPENDED', 'Paused', 'inactive', 'INACTIVE', 'EXPIRED', 'on_hold'])
      expect(judge(offer({ status }), options), status).toMatchObject({ keep: false, reason: 'inactive' });
    for (const status of ['ACTIVE', 'active', 'approved'])
      expect(judge(offer({ status }), options).keep, status).toBe(true);
  });
});

describe('links', () => {
  it('keeps https, upgrades http, drops anything else with the offer named', () => {
    expect(httpsLink('https://a.example/x?y=1')).toBe('https://a.example/x?y=1');
    expect(httpsLink('http://a.example/x')).toBe('https://a.example/x');
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'ftp://a.example/',
      '//a.example/x',
      '/relative',
      'https://user:pass@a.example/',
      'https://',
      '',
    ])
      expect(httpsLink(bad), bad).toBeNull();
    expect(judge(offer({ sourceId: '5', trackingUrl: 'javascript:alert(1)' }), options)).toEqual({
      keep: false,
      reason: 'bad-link',
      line: 'awin 5 "10% off" of Acme (data[0]): link "javascript:alert(1)" is not https',
    });
    const upgraded = judge(offer({ trackingUrl: 'http://track.example/c' }), options);
    expect(upgraded.keep && upgraded.offer.link).toBe('https://track.example/c');
  });
});
