/** The dashboard's CSV export (issue 25): RFC 4180 quoting, CRLF, formula-safe text cells; campaign rows. */
import { describe, expect, it } from 'vitest';
import { campaignRows } from '../../../src/components/admin/CampaignTable.tsx';
import { toCsv } from '../../../src/components/admin/csv.ts';

describe('toCsv', () => {
  it('quotes commas, quotes and line breaks; CRLF line ends', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x, y', 'say "hi"'],
          ['line\nbreak', 3],
        ],
      ),
    ).toBe('a,b\r\n"x, y","say ""hi"""\r\n"line\nbreak",3\r\n');
  });
  it('neutralizes cells a spreadsheet would run as formulas, not negative numbers', () => {
    expect(toCsv(['c'], [['=HYPERLINK("x")'], ['+1'], ['@a'], [-2]])).toBe(
      'c\r\n"\'=HYPERLINK(""x"")"\r\n\'+1\r\n\'@a\r\n-2\r\n',
    );
  });
});

describe('campaignRows', () => {
  it('one row per configured campaign with its status and this browser’s totals', () => {
    const now = Date.parse('2026-11-20T00:00:00Z');
    const rows = campaignRows(
      [
        { id: 'a', advertiser: 'A', enabled: true, start: '2026-11-01T00:00:00Z', end: '2026-12-01T00:00:00Z' },
        { id: 'b', advertiser: 'B', enabled: true, start: '2026-10-01T00:00:00Z', end: '2026-11-01T00:00:00Z' },
      ],
      { a: { impressions: 4, viewable: 3, clicks: 1 } },
      now,
    );
    expect(rows).toEqual([
      { id: 'a', advertiser: 'A', status: 'active', impressions: 4, viewable: 3, clicks: 1, ctr: 0.25 },
      { id: 'b', advertiser: 'B', status: 'ended', impressions: 0, viewable: 0, clicks: 0, ctr: 0 },
    ]);
  });
});
