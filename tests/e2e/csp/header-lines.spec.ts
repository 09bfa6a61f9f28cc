/**
 * Issue 33: every site the test run built (scripts/build-test-sites.ts builds every config of
 * sites/ and tests/fixtures/sites/) has a `_headers` whose lines Cloudflare Pages reads: 2,000
 * characters at most. A site whose line would be longer fails its build (scripts/lib/deploy/headers.ts).
 * An edge site (deploy.target "cloudflare", issue 32) has its pages and `_headers` in dist/<id>/client.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { MAX_HEADER_LINE } from '../../../scripts/lib/deploy/headers.ts';
import { listSiteFiles, readSiteFile } from '../../../src/config/load-file.ts';

const ROOT = join(import.meta.dirname, '../../..');
const SITES = [...listSiteFiles(join(ROOT, 'sites')), ...listSiteFiles(join(ROOT, 'tests/fixtures/sites'))];

test('every built site has a _headers with every line within 2,000 characters', () => {
  expect(SITES.length).toBeGreaterThanOrEqual(7);
  for (const site of SITES) {
    const loaded = readSiteFile(site.file);
    const edge = loaded.ok && loaded.config.deploy.target === 'cloudflare';
    const file = join(ROOT, 'dist', site.name, ...(edge ? ['client'] : []), '_headers');
    expect(existsSync(file), `${file} (built by scripts/build-test-sites.ts)`).toBe(true);
    const lines = readFileSync(file, 'utf8').split('\n');
    expect(lines.some((l) => l.startsWith('  Content-Security-Policy: '))).toBe(true);
    for (const line of lines) {
      expect(line.length, `${site.name}: ${line.slice(0, 50)}…`).toBeLessThanOrEqual(MAX_HEADER_LINE);
    }
  }
});
