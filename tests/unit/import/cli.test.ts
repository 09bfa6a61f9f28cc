/**
 * `npm run import` (scripts/lib/import/run.ts) as an operator uses it: usage errors, the write
 * (atomic, never over the current file with a broken or much smaller catalog), --dry-run, and live
 * sources against the local fixture server (paging, 429 + Retry-After, errors, timeouts).
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runImport } from '../../../scripts/lib/import/run.ts';
import { startFixtureServer } from './fixture-server.ts';
import { fixturePath, fixtureText, IMPORT_NOW } from './helpers.ts';

let dir: string;
let lines: string[];
const io = (extra: Parameters<typeof runImport>[1] = {}) => ({
  env: {},
  log: (l: string) => lines.push(l),
  warn: (l: string) => lines.push(l),
  http: { sleep: async () => {}, timeoutMs: 5_000, retries: 2 },
  ...extra,
});
const FILES = [
  `awin:${fixturePath('awin.json')}`,
  `awin-csv:${fixturePath('awin.csv')}`,
  `rakuten:${fixturePath('rakuten.xml')}`,
  `cj:${fixturePath('cj.xml')}`,
  `impact:${fixturePath('impact.json')}`,
];
const fromAll = FILES.flatMap((f) => ['--from', f]);
const base = ['--now', IMPORT_NOW.toISOString(), '--mapping', fixturePath('mapping.json')];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'import-cli-'));
  lines = [];
});

describe('usage', () => {
  it.each([
    [[], 'at least one --from <format>:<file|api> is needed'],
    [['--from', 'shareasale:x.csv', '--out', 'o.json'], '--from "shareasale:x.csv": expected <format>:<file|api>'],
    [['--from', 'awin:missing.json', '--out', 'o.json'], '--from "awin:missing.json": no file'],
    [
      ['--from', `awin:${fixturePath('awin.json')}`, '--dry-run', '--default-language', 'it'],
      '--default-language "it" is not one of en, es, fr, de',
    ],
    [
      ['--from', 'awin:api', '--out', 'o.json'],
      'awin:api needs the environment variables AWIN_API_TOKEN, AWIN_PUBLISHER_ID',
    ],
    [['--from', 'awin-csv:api', '--out', 'o.json'], 'awin-csv:api is not a thing'],
    [[...fromAll.slice(0, 2)], '--out <catalog.json> is needed (or --dry-run)'],
    [[...fromAll.slice(0, 2), '--dry-run', '--prefer', 'awin,ebay'], '--prefer: "ebay" is not a network'],
  ])('%j → exit 2 saying what is wrong', async (argv, message) => {
    const { code } = await runImport(argv, io({ cwd: dir }));
    expect(code).toBe(2);
    expect(lines.join('\n')).toContain(message);
    expect(lines.join('\n')).toContain('Usage: npm run import');
  });

  it('a mapping file that is not valid names the file and the field', async () => {
    const bad = join(dir, 'mapping.json');
    writeFileSync(bad, JSON.stringify({ categories: [{ slug: 'Not A Slug', name: 'X' }] }));
    const { code } = await runImport([...fromAll.slice(0, 2), '--dry-run', '--mapping', bad], io());
    expect(code).toBe(2);
    expect(lines.join('\n')).toContain(`mapping file ${bad}, at categories.0.slug:`);
  });
});

describe('the write', () => {
  it('writes the catalog, and the same feeds again give the same catalog', async () => {
    const out = join(dir, 'catalog.json');
    expect((await runImport([...fromAll, ...base, '--out', out], io())).code).toBe(0);
    const first = readFileSync(out, 'utf8');
    // Exclusive vouchers and the not-public Impact deal are kept (issue 39): 7 coupons before.
    expect(JSON.parse(first).coupons).toHaveLength(11);
    expect(lines).toContain(`[import] impact ${fixturePath('impact.json')}: read 4, kept 3, left out 1 (ended 1)`);
    // The report the console shows (issue 40): next to the catalog, the same figures per source.
    const report = JSON.parse(readFileSync(join(dir, 'catalog.import-report.json'), 'utf8'));
    expect(report.at).toBe(IMPORT_NOW.toISOString());
    expect(report.sources).toContainEqual({
      source: `impact ${fixturePath('impact.json')}`,
      read: 4,
      kept: 3,
      leftOut: { ended: 1 },
    });
    expect(report.sources).toHaveLength(5);
    expect((await runImport([...fromAll, ...base, '--out', out, '--previous', out], io())).code).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(first);
  });

  it('--drop-exclusive leaves exclusives out as before, naming the reason', async () => {
    const { catalog } = await runImport([...fromAll, ...base, '--dry-run', '--drop-exclusive'], io());
    expect(catalog!.coupons).toHaveLength(7);
    expect(lines).toContain(
      `[import] impact ${fixturePath('impact.json')}: read 4, kept 2, left out 2 (not-public 1, ended 1)`,
    );
  });

  it('--window-hours, --own-code and --currency change what is kept and how', async () => {
    const { catalog } = await runImport(
      [
        ...fromAll,
        ...base,
        '--dry-run',
        '--drop-exclusive',
        '--window-hours',
        '900',
        '--own-code',
        'nwvip30',
        '--currency',
        'EUR',
      ],
      io(),
    );
    const codes = catalog!.coupons.map((c) => c.code);
    expect(codes).toContain('BOXING40'); // starts Dec 26, 36 days after the import: inside a 900 h window
    expect(codes).toContain('NWVIP30'); // exclusive, but ours
    expect(catalog!.coupons.find((c) => c.code === 'NWVIP30')!.exclusive).toBe(true);
    expect(new Set(catalog!.deals.map((d) => d.currency))).toEqual(new Set(['EUR']));
    const bad = await runImport([...fromAll.slice(0, 2), '--dry-run', '--window-hours', 'soon'], io());
    expect(bad.code).toBe(2);
    expect(lines.join('\n')).toContain('--window-hours "soon" is not a number of hours');
  });

  it('--dry-run writes nothing', async () => {
    const out = join(dir, 'catalog.json');
    expect((await runImport([...fromAll, ...base, '--out', out, '--dry-run'], io())).code).toBe(0);
    expect(() => statSync(out)).toThrow();
  });

  it('a feed that cannot be read fails with the file and line, and leaves the current catalog alone', async () => {
    const out = join(dir, 'catalog.json');
    await runImport([...fromAll, ...base, '--out', out], io());
    const before = readFileSync(out, 'utf8');
    const cut = join(dir, 'rakuten.xml');
    writeFileSync(cut, fixtureText('rakuten.xml').slice(0, 1200));
    lines = [];
    const { code } = await runImport([...fromAll.slice(0, 4), '--from', `rakuten:${cut}`, ...base, '--out', out], io());
    expect(code).toBe(1);
    expect(lines.join('\n')).toMatch(
      new RegExp(
        `✗ import failed: ${cut.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} \\(line \\d+, column \\d+\\): not readable XML: .+\\. Nothing written\\.`,
      ),
    );
    expect(readFileSync(out, 'utf8')).toBe(before);
  });

  it('a much smaller catalog does not replace the current one unless --allow-shrink', async () => {
    const out = join(dir, 'catalog.json');
    await runImport([...fromAll, ...base, '--out', out], io());
    const before = readFileSync(out, 'utf8');
    lines = [];
    const only = ['--from', `impact:${fixturePath('impact.json')}`];
    expect((await runImport([...only, ...base, '--out', out], io())).code).toBe(1);
    expect(lines.join('\n')).toContain(`is kept as it was`);
    expect(lines.join('\n')).toMatch(/brands 1 \(was 5\)/);
    expect(readFileSync(out, 'utf8')).toBe(before);
    expect((await runImport([...only, ...base, '--out', out, '--allow-shrink'], io())).code).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8')).brands).toHaveLength(1);
  });
});

describe('live sources against the local fixture server', () => {
  let server: Awaited<ReturnType<typeof startFixtureServer>>;
  beforeAll(async () => {
    server = await startFixtureServer();
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => server.reset());
  const api = ['--from', 'awin:api', '--from', 'rakuten:api', '--from', 'cj:api', '--from', 'impact:api'];
  const files = [FILES[0]!, FILES[2]!, FILES[3]!, FILES[4]!].flatMap((f) => ['--from', f]);

  it('pages through each network and imports what the files give', async () => {
    const live = await runImport([...api, ...base, '--dry-run'], io({ env: server.env() }));
    const fromFiles = await runImport([...files, ...base, '--dry-run'], io());
    expect(live.code).toBe(0);
    expect(live.catalog!.coupons.map((c) => [c.code, c.link])).toEqual(
      fromFiles.catalog!.coupons.map((c) => [c.code, c.link]),
    );
    const count = (n: string) => server.requests.filter((r) => r.network === n).length;
    expect([count('awin'), count('rakuten'), count('cj'), count('impact')]).toEqual([2, 2, 1, 2]);
    // Impact: the second page is the one the first page's @nextpageuri names.
    expect(server.requests.filter((r) => r.network === 'impact').map((r) => r.url)).toEqual([
      '/impact/Mediapartners/IRaBcDeF123/Ads?Type=COUPON&PageSize=100&Page=1',
      '/impact/Mediapartners/IRaBcDeF123/Ads?Type=COUPON&PageSize=2&Page=2',
    ]);
  });

  it('waits as a 429 Retry-After asks, then goes on', async () => {
    server.behave('awin', { status: 429, retryAfter: '7', times: 2 });
    const waits: number[] = [];
    const { code } = await runImport(
      ['--from', 'awin:api', ...base, '--dry-run'],
      io({ env: server.env(), http: { sleep: async (ms) => void waits.push(ms), retries: 3, timeoutMs: 5_000 } }),
    );
    expect(code).toBe(0);
    expect(waits).toEqual([7_000, 7_000]);
    expect(lines.some((l) => l.includes('waiting 7.0 s before trying again: HTTP 429'))).toBe(true);
  });

  it('fails with the URL when the network keeps failing, refuses credentials, or does not answer', async () => {
    server.behave('rakuten', { status: 500, times: 10 });
    expect((await runImport(['--from', 'rakuten:api', ...base, '--dry-run'], io({ env: server.env() }))).code).toBe(1);
    expect(lines.join('\n')).toContain(
      `✗ import failed: ${server.origin}/rakuten/coupon/1.0?resultsperpage=500&pagenumber=1 (HTTP 500): the network answered an error`,
    );
    lines = [];
    const wrong = { ...server.env(), IMPACT_AUTH_TOKEN: 'wrong' };
    expect((await runImport(['--from', 'impact:api', ...base, '--dry-run'], io({ env: wrong }))).code).toBe(1);
    expect(lines.join('\n')).toContain('(HTTP 401): the network refused the credentials');
    lines = [];
    server.behave('cj', { hang: true, times: 2 });
    // The operator's knobs: IMPORT_HTTP_TIMEOUT_MS and IMPORT_HTTP_RETRIES.
    const env = { ...server.env(), IMPORT_HTTP_TIMEOUT_MS: '300', IMPORT_HTTP_RETRIES: '1' };
    const slow = io({ env, http: { sleep: async () => {} } });
    expect((await runImport(['--from', 'cj:api', ...base, '--dry-run'], slow)).code).toBe(1);
    expect(lines.join('\n')).toMatch(
      /\/cj\/v2\/link-search\?website-id=7654321.*: no answer within 0\.3 s \(after 2 tries\)/,
    );
  });

  it('a cut-short page fails the import naming the URL', async () => {
    server.behave('impact', { truncate: true, times: 1 });
    expect((await runImport(['--from', 'impact:api', ...base, '--dry-run'], io({ env: server.env() }))).code).toBe(1);
    expect(lines.join('\n')).toMatch(
      /✗ import failed: http:\/\/127\.0\.0\.1:\d+\/impact\/Mediapartners\/IRaBcDeF123\/Ads\?Type=COUPON&PageSize=100&Page=1 \(line \d+, column \d+\): not valid JSON/,
    );
  });
});
