/**
 * The normalized offer every network parser yields (ARCHITECTURE "importing offers"): one shape for
 * Awin, Rakuten, CJ and Impact, before the rules (rules.ts) and the merge (merge.ts) turn offers
 * into a catalog file. Texts are already plain (HTML stripped, entities decoded, text.ts), dates
 * already UTC ISO strings or null (dates.ts); everything else is as the network said it.
 * Pure: no node:*, no fetch.
 */
import { z } from 'zod';

export const NETWORK_FORMATS = ['awin', 'awin-csv', 'rakuten', 'cj', 'impact'] as const;
export type NetworkFormat = (typeof NETWORK_FORMATS)[number];
/** The networks (two Awin formats are one network): the dedupe preference is per network. */
export const NETWORKS = ['awin', 'rakuten', 'cj', 'impact'] as const;
export type Network = (typeof NETWORKS)[number];
export const networkOf = (format: NetworkFormat): Network => (format === 'awin-csv' ? 'awin' : format);

export const feedOfferSchema = z.strictObject({
  network: z.enum(NETWORKS),
  /** The network's id of the promotion/link/ad, e.g. "783245". */
  sourceId: z.string(),
  advertiserId: z.string(),
  advertiserName: z.string(),
  title: z.string(),
  description: z.string(),
  /** Terms / restrictions, plain text ('' when none). */
  terms: z.string(),
  /** The code as the network wrote it (placeholders like "N/A" are judged by the rules). */
  code: z.string(),
  /** UTC ISO instants; null = open (no start / no end). */
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** The tracking link that earns the commission (checked by the rules). */
  trackingUrl: z.string(),
  /** The advertiser's page the link lands on, when the network gives it. */
  destinationUrl: z.string(),
  /** The network's category names for this offer. */
  categories: z.array(z.string()),
  regions: z.array(z.string()),
  language: z.string().nullable(),
  /** Exclusive to one publisher, or tracked by the code itself (Awin "attributable"). */
  exclusive: z.boolean(),
  /** false when the network marks the offer as not for public sites (Impact DealPublic). */
  public: z.boolean(),
  /** Where in the feed: "line 12", "data[3]", "link 4". */
  at: z.string(),
  /** Why the parser could not read one of its fields (an unreadable date): the rules drop it. */
  invalid: z.string().nullable(),
  /**
   * What the item is when it is no promotion (a CJ banner or text link, an Impact banner): the
   * rules leave it out as "not an offer" (issue 39). Absent = a promotion.
   */
  notOffer: z.string().optional(),
  /** The network's status of the offer as written ("ACTIVE", "deleted", …); absent = none given. */
  status: z.string().optional(),
});
export type FeedOffer = z.infer<typeof feedOfferSchema>;

/** A feed that cannot be read: the file or URL, where in it, and a plain message. */
export class FeedError extends Error {
  readonly source: string;
  readonly where: string;
  readonly plain: string;
  constructor(source: string, where: string, plain: string) {
    super(`${source}${where ? ` (${where})` : ''}: ${plain}`);
    this.name = 'FeedError';
    this.source = source;
    this.where = where;
    this.plain = plain;
  }
}

/** What a parser reads: the feed as text chunks (a file stream, an HTTP body, a string). */
export type FeedText = AsyncIterable<string | Uint8Array> | Iterable<string>;

/** Parser signature shared by the five formats. `source` names the file or URL in messages. */
export type FeedParser = (text: FeedText, source: string) => AsyncGenerator<FeedOffer>;

/** Collects a feed's text (JSON formats are parsed whole: one API page or one export file). */
export async function readAll(text: FeedText): Promise<string> {
  const decoder = new TextDecoder();
  let out = '';
  for await (const chunk of text as AsyncIterable<string | Uint8Array>)
    out += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  return out + decoder.decode();
}

/** Parses a JSON feed, or fails with the line and column of the first error. */
export function parseJsonFeed(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const pos = /position (\d+)/.exec(message);
    let where = '';
    if (pos) {
      const before = text.slice(0, Number(pos[1]));
      const line = before.split('\n').length;
      where = `line ${line}, column ${before.length - before.lastIndexOf('\n')}`;
    } else if (text.trim() === '') where = 'line 1';
    throw new FeedError(source, where, `not valid JSON (${text.trim() === '' ? 'empty' : 'cut short or malformed'})`);
  }
}

/** A value as a trimmed string ('' for null/undefined/objects). */
export function str(v: unknown): string {
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return '';
}

/** "true", "yes", "1", true → true. */
export function yes(v: unknown): boolean {
  return v === true || /^(true|yes|y|1)$/i.test(str(v));
}

/** An advertiser's name as plain text; a name that is only markup becomes "Advertiser <id>". */
export function advertiserNameOf(clean: string, raw: string, id: string): string {
  return clean || (raw.trim() ? `Advertiser ${id || '?'}`.trim() : '');
}
