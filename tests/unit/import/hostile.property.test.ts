/**
 * Hostile feeds (fast-check): whatever text and links a network sends, texts come out plain (no
 * tag, no control or bidi-override character), links come out https or the offer is left out,
 * and the catalog written is one the build reads without dropping anything.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCatalog } from '../../../src/catalog/parse-catalog.ts';
import { isOutboundUrl } from '../../../src/catalog/refinements.ts';
import { importFeeds } from '../../../src/import/import-feeds.ts';
import { httpsLink } from '../../../src/import/rules.ts';
import { plainText } from '../../../src/import/text.ts';
import { IMPORT_NOW } from './helpers.ts';

const pieces = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '&amp;lt;b&amp;gt;',
  '<a href="javascript:alert(1)">x</a>',
  '\u202eevil',
  '\u0000\u0007',
  '<!-- c -->',
  '<![CDATA[x]]>',
  '&#60;iframe&#62;',
  '&nbsp;',
  '<',
  '>',
  '"',
  "'",
  '&',
  'Café 20% off',
];
const hostileText = fc
  .array(fc.oneof(fc.constantFrom(...pieces), fc.string(), fc.string({ unit: 'grapheme' })), {
    maxLength: 8,
  })
  .map((parts) => parts.join(''));
const hostileUrl = fc.oneof(
  fc.webUrl(),
  fc.constantFrom(
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' java\tscript:alert(1)',
    'data:text/html,x',
    'vbscript:x',
    '//evil.example',
    '/\\evil.example',
    'http://ok.example/a b',
    'https://user:pw@evil.example/',
    'http://[::1]/',
    'https://ok.example/\u0000',
  ),
  fc.string(),
);

describe('hostile feed text and links', () => {
  it('plain text has no tag, no control or bidi-override character', () => {
    fc.assert(
      fc.property(hostileText, (raw) => {
        const out = plainText(raw);
        expect(out).not.toMatch(/<\/?[a-z!?]/i);
        // biome-ignore lint/suspicious/noControlCharactersInRegex: what must not survive
        expect(out).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/);
        expect(out).toBe(out.trim());
      }),
      { numRuns: 400 },
    );
  });

  it('a link is https and an outbound address, or none', () => {
    fc.assert(
      fc.property(hostileUrl, (raw) => {
        const out = httpsLink(raw);
        if (out !== null) {
          expect(out.startsWith('https://')).toBe(true);
          expect(isOutboundUrl(out)).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('a whole hostile feed imports into a catalog the build reads as is', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            advertiser: hostileText,
            title: hostileText,
            description: hostileText,
            code: fc.oneof(hostileText, fc.constantFrom('N/A', 'null', '', 'A[0-9]+', 'SAVE10')),
            url: hostileUrl,
            end: fc.oneof(fc.constant(null), fc.constantFrom('2027-01-01T00:00:00', 'garbage', '2026-11-19T00:00:00Z')),
          }),
          { maxLength: 12 },
        ),
        async (items) => {
          const feed = JSON.stringify({
            data: items.map((it, i) => ({
              promotionId: i + 1,
              type: 'voucher',
              advertiser: { id: i % 3, name: it.advertiser.trim() ? it.advertiser : 'Acme' },
              title: it.title,
              description: it.description,
              terms: '',
              startDate: null,
              endDate: it.end,
              url: it.url,
              urlTracking: it.url,
              voucher: { code: it.code, exclusive: false, attributable: false },
            })),
          });
          const result = await importFeeds([{ format: 'awin', label: 'hostile.json', pages: [[feed]] }], {
            now: IMPORT_NOW,
          });
          const parsed = parseCatalog(JSON.parse(JSON.stringify(result.catalog)));
          expect(parsed.ok && parsed.problems).toEqual([]);
          for (const c of result.catalog.coupons) expect(c.link?.startsWith('https://')).toBe(true);
          const s = result.summaries[0]!;
          expect(s.read).toBe(items.length);
          expect(s.kept + Object.values(s.left).reduce((a, b) => a + b, 0)).toBe(s.read);
        },
      ),
      { numRuns: 150 },
    );
  });
});
