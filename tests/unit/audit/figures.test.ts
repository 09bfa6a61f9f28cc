/**
 * `npm run audit -- --write-readme` puts the figures table in docs/figures.md between its markers
 * and keeps the rest of the file (issue 31's before/after tables live under it); the table has the
 * HTML without island props beside the whole HTML.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { END, figuresTable, START, writeFigures } from '../../../scripts/lib/audit/figures.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const table = figuresTable(
  {
    coupons: {
      pages: 4,
      html: 150_000,
      htmlNoProps: 100_000,
      js: 90_000,
      jsGzip: 101_000,
      jsBr: 90_000,
      jsRequests: 9,
      jsAcceptedAds: 34_400,
      css: 9000,
    },
    categories: {
      pages: 4,
      html: 50_000,
      htmlNoProps: 49_000,
      js: 2000,
      jsGzip: 2000,
      jsBr: 1800,
      jsRequests: 2,
      jsAcceptedAds: 0,
      css: 9000,
    },
  },
  {},
  { site: 'default', date: '2026-11-27' },
);

describe('the figures table', () => {
  it('shows the heaviest HTML with and without island props, the JS under gzip and Brotli, and for a visitor who accepted ads', () => {
    expect(table).toContain(
      '| page type | pages | HTML KB | HTML KB w/o props | JS KB | JS KB gzip | JS KB br | JS requests | JS KB gzip, ads accepted | CSS KB gz |',
    );
    expect(table).toContain('| coupons | 4 | 146.5 | 97.7 | 90.0 | 101.0 | 90.0 | 9 | 34.4 | 8.8 |');
    // Not measured for that type: an empty cell, not a zero.
    expect(table).toContain('| categories | 4 | 48.8 | 47.9 | 2.0 | 2.0 | 1.8 | 2 |  | 8.8 |');
  });

  it('replaces only what is between the markers of docs/figures.md', () => {
    const root = mkdtempSync(join(tmpdir(), 'figures-'));
    dirs.push(root);
    mkdirSync(join(root, 'docs'));
    writeFileSync(join(root, 'README.md'), '# Readme without markers\n');
    const doc = join(root, 'docs/figures.md');
    writeFileSync(doc, `# Current figures\n\n${START}\nold table\n${END}\n\n## Before and after\n\nkept\n`);
    expect(writeFigures(root, table)).toBe(doc);
    const text = readFileSync(doc, 'utf8');
    expect(text).not.toContain('old table');
    expect(text).toContain(table);
    expect(text.endsWith('## Before and after\n\nkept\n')).toBe(true);
    expect(readFileSync(join(root, 'README.md'), 'utf8')).toBe('# Readme without markers\n');
  });
});
