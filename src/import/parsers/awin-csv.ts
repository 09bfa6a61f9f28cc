/**
 * Awin: the promotions CSV export ("My Offers" → Export; docs/networks/awin.md). Columns, in the
 * export's order: `Promotion ID, Advertiser, Advertiser ID, Type, Code, Title, Description,
 * Starts, Ends, Categories, Regions, Terms, Deeplink Tracking, Deeplink, Commission Groups,
 * Commission, Exclusive, Date Added` (an `Attributable` column is read when present). Dates are
 * `DD/MM/YYYY HH:MM:SS`, read as UTC (AWIN_CSV_ZONE: public evidence, not a published statement;
 * see docs/networks/awin.md). Streamed row by row (csv-parse): memory stays flat.
 */
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { datesOf } from '../dates.ts';
import { advertiserNameOf, FeedError, type FeedOffer, type FeedText, yes } from '../offer.ts';
import { plainText } from '../text.ts';

/**
 * The export's dates are read as UTC: a public importer of this export reads them as UTC and
 * quotes an end of "30/09/2019 22:59:00" (23:59 UK summer time), and the promotions API gives the
 * same instants with "+00:00" ("endDate": "2024-05-13T22:59:00+00:00"). An inference from public
 * code and data, not a statement of Awin's (docs/networks/awin.md).
 */
export const AWIN_CSV_ZONE = 'UTC';

export const AWIN_CSV_REQUIRED = [
  'Promotion ID',
  'Advertiser',
  'Advertiser ID',
  'Type',
  'Code',
  'Title',
  'Description',
  'Starts',
  'Ends',
  'Deeplink Tracking',
] as const;

const list = (v: string | undefined) =>
  (v ?? '')
    .split(/[;|]/)
    .map((s) => plainText(s, 100))
    .filter(Boolean);

/** CSV rows of a feed: header checked against `required`, each row with its line number. */
export async function* csvRows(
  text: FeedText,
  source: string,
  required: readonly string[],
): AsyncGenerator<{ row: Record<string, string>; line: number }> {
  let missing: string[] = [];
  const parser = parse({
    bom: true,
    info: true,
    skip_empty_lines: true,
    trim: true,
    columns: (header: string[]) => {
      missing = required.filter((c) => !header.includes(c));
      return header;
    },
  });
  const input = Readable.from(text as AsyncIterable<string | Uint8Array>);
  input.on('error', (e) => parser.destroy(e));
  input.pipe(parser);
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: Record<string, string>;
      info: { lines: number };
    }>) {
      if (missing.length > 0) break;
      yield { row: record, line: info.lines };
    }
  } catch (error) {
    if (error instanceof FeedError) throw error;
    const e = error as Error & { lines?: number };
    throw new FeedError(source, e.lines ? `line ${e.lines}` : '', `not a readable CSV file: ${e.message}`);
  } finally {
    input.destroy();
  }
  if (missing.length > 0)
    throw new FeedError(source, 'line 1', `wrong columns: missing ${missing.map((c) => `"${c}"`).join(', ')}`);
}

export async function* parseAwinCsv(text: FeedText, source: string): AsyncGenerator<FeedOffer> {
  for await (const { row, line } of csvRows(text, source, AWIN_CSV_REQUIRED)) {
    const at = `line ${line}`;
    const advertiserName = advertiserNameOf(
      plainText(row.Advertiser, 200),
      row.Advertiser ?? '',
      row['Advertiser ID'] ?? '',
    );
    if (!row['Promotion ID']) throw new FeedError(source, `${at}, Promotion ID`, 'missing');
    if (!advertiserName) throw new FeedError(source, `${at}, Advertiser`, 'missing');
    yield {
      network: 'awin',
      sourceId: row['Promotion ID'],
      advertiserId: row['Advertiser ID'] ?? '',
      advertiserName,
      title: plainText(row.Title, 300),
      description: plainText(row.Description),
      terms: plainText(row.Terms),
      // "Promotion"/"Voucher"; exports have also been seen to say "Promotions Only"/"Vouchers Only".
      code: /^promotions?\b/i.test(row.Type ?? '') ? '' : (row.Code ?? ''),
      ...datesOf(row.Starts, row.Ends, AWIN_CSV_ZONE, [`${at}, Starts`, `${at}, Ends`]),
      trackingUrl: row['Deeplink Tracking'] ?? '',
      destinationUrl: row.Deeplink ?? '',
      categories: list(row.Categories),
      regions: list(row.Regions),
      language: null,
      exclusive: yes(row.Exclusive) || yes(row.Attributable),
      public: true,
      at,
    };
  }
}
