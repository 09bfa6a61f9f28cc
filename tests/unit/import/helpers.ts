/** Shared by the import tests: the fixture feeds of tests/fixtures/import and a collector. */
import { createReadStream, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ImportSource } from '../../../src/import/import-feeds.ts';
import { type ImportMapping, importMappingSchema } from '../../../src/import/mapping.ts';
import type { FeedOffer, FeedParser, FeedText, NetworkFormat } from '../../../src/import/offer.ts';

export const FIXTURES = resolve(import.meta.dirname, '../../fixtures/import');
/** The instant the fixtures are judged at (and the `imported` test site is built at). */
export const IMPORT_NOW = new Date('2026-11-20T12:00:00.000Z');

export const FIXTURE_FILES: Record<NetworkFormat, string> = {
  awin: 'awin.json',
  'awin-csv': 'awin.csv',
  rakuten: 'rakuten.xml',
  cj: 'cj.xml',
  impact: 'impact.json',
};

export const fixturePath = (name: string) => resolve(FIXTURES, name);
export const fixtureText = (name: string) => readFileSync(fixturePath(name), 'utf8');
export const fixtureMapping = (): ImportMapping => importMappingSchema.parse(JSON.parse(fixtureText('mapping.json')));

/** A fixture as the CLI reads it: a file stream (in small chunks, so records span chunks). */
export const fixtureStream = (name: string): FeedText =>
  createReadStream(fixturePath(name), { highWaterMark: 97 }) as AsyncIterable<Uint8Array>;

export function fixtureSources(formats = Object.keys(FIXTURE_FILES) as NetworkFormat[]): ImportSource[] {
  return formats.map((format) => ({
    format,
    label: FIXTURE_FILES[format],
    pages: [fixtureStream(FIXTURE_FILES[format])],
  }));
}

export async function collect(parser: FeedParser, text: FeedText, source = 'feed'): Promise<FeedOffer[]> {
  const out: FeedOffer[] = [];
  for await (const offer of parser(text, source)) out.push(offer);
  return out;
}

/** The error a promise rejects with (fails the test when it resolves). */
export async function rejection(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the promise to reject');
}
