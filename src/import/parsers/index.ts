/** The parser of each network format (ARCHITECTURE "importing offers"). */
import type { FeedParser, NetworkFormat } from '../offer.ts';
import { parseAwin } from './awin.ts';
import { parseAwinCsv } from './awin-csv.ts';
import { parseCj } from './cj.ts';
import { parseImpact } from './impact.ts';
import { parseRakuten } from './rakuten.ts';

export const PARSERS: Record<NetworkFormat, FeedParser> = {
  awin: parseAwin,
  'awin-csv': parseAwinCsv,
  rakuten: parseRakuten,
  cj: parseCj,
  impact: parseImpact,
};
