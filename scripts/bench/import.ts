/**
 * `npm run bench:import`: how fast the import reads a big feed, and how much memory it needs.
 * Writes a 100,000-offer feed per format to .tmp/bench-import/ (2,000 advertisers, every offer live
 * for a year from now, a fifth without a code), then imports each in a fresh Node process
 * (src/import, as `npm run import --dry-run` does: parse, rules, merge, catalog check) and prints
 * offers per second, the process's CPU time (user + system: what a shared machine moves least) and its peak memory (max RSS) — for the whole import (which holds
 * the catalog it writes) and for the parser and rules alone (`--stream-only`: what streaming keeps).
 *
 *   npm run bench:import [-- --offers 100000]
 *
 * The XML and CSV formats are streamed (saxes, csv-parse); Awin's and Impact's JSON replies are
 * parsed one page at a time, and the benchmark gives each its 100,000 offers as ONE page (the
 * worst case: real API pages hold 100-500 offers).
 */
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parseCatalog } from '../../src/catalog/parse-catalog.ts';
import { importFeeds } from '../../src/import/import-feeds.ts';
import type { NetworkFormat } from '../../src/import/offer.ts';
import { PARSERS } from '../../src/import/parsers/index.ts';
import { judge } from '../../src/import/rules.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const DIR = resolve(ROOT, '.tmp/bench-import');
const FILES: Record<NetworkFormat, string> = {
  awin: 'awin.json',
  'awin-csv': 'awin.csv',
  rakuten: 'rakuten.xml',
  cj: 'cj.xml',
  impact: 'impact.json',
};
const { values } = parseArgs({
  options: {
    offers: { type: 'string', default: '100000' },
    run: { type: 'string' },
    'stream-only': { type: 'boolean', default: false },
  },
});

/** CPU time (user + system) since `from`, in ms: unlike wall time, barely moved by other processes. */
function cpuMs(from: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1000;
}

// ---- child, --stream-only: the parser and the rules alone (no catalog kept): streaming's memory ----
if (values.run && values['stream-only']) {
  const format = values.run as NetworkFormat;
  const started = performance.now();
  const cpu = process.cpuUsage();
  let read = 0;
  let kept = 0;
  const rules = { now: new Date(), windowHours: 24, ownCodes: [] };
  for await (const offer of PARSERS[format](createReadStream(resolve(DIR, FILES[format])), FILES[format])) {
    read++;
    if (judge(offer, rules).keep) kept++;
  }
  const ms = performance.now() - started;
  console.log(
    JSON.stringify({ read, kept, valid: true, ms, cpuMs: cpuMs(cpu), maxRssMb: process.resourceUsage().maxRSS / 1024 }),
  );
  process.exit(0);
}

// ---- child: import one file, print figures as JSON ----
if (values.run) {
  const format = values.run as NetworkFormat;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const result = await importFeeds(
    [{ format, label: FILES[format], pages: [createReadStream(resolve(DIR, FILES[format]))] }],
    { now: new Date() },
  );
  const check = parseCatalog(result.catalog);
  const ms = performance.now() - started;
  const s = result.summaries[0]!;
  console.log(
    JSON.stringify({
      read: s.read,
      kept: s.kept,
      valid: check.ok && check.problems.length === 0,
      ms,
      cpuMs: cpuMs(cpu),
      maxRssMb: process.resourceUsage().maxRSS / 1024,
    }),
  );
  process.exit(0);
}

// ---- parent: write the feeds, run each import in its own process ----
const N = Number(values.offers);
mkdirSync(DIR, { recursive: true });
const day = (d: number) => new Date(Date.now() + d * 86_400_000);
const ymd = (d: Date) => d.toISOString().slice(0, 10);
const dmy = (d: Date) => `${ymd(d).split('-').reverse().join('/')} 00:00:00`;
const start = day(-30);
const end = day(365);
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const offer = (i: number) => ({
  adv: i % 2000,
  name: `Bench Store ${i % 2000} & Co`,
  code: i % 5 === 0 ? '' : `CODE${i}`,
  title: `${(i % 60) + 5}% off <b>order</b> ${i}`,
  url: `https://track.example/c?o=${i}`,
});

async function write(file: string, head: string, row: (i: number) => string, tail: string, sep = '') {
  const out = createWriteStream(resolve(DIR, file));
  out.write(head);
  for (let i = 0; i < N; i++) {
    if (!out.write(`${i > 0 ? sep : ''}${row(i)}`)) await once(out, 'drain');
  }
  out.end(tail);
  await once(out, 'finish');
}

await write(
  'awin.json',
  '{"data":[',
  (i) => {
    const o = offer(i);
    return JSON.stringify({
      promotionId: i,
      type: o.code ? 'voucher' : 'promotion',
      advertiser: { id: o.adv, name: o.name },
      title: o.title,
      description: 'Bench offer &amp; more',
      terms: '',
      startDate: `${ymd(start)}T00:00:00`,
      endDate: `${ymd(end)}T23:59:59`,
      url: o.url,
      urlTracking: o.url,
      regions: { all: true, list: [] },
      categories: [{ id: 1, name: `Category ${i % 40}` }],
      voucher: { code: o.code, exclusive: false, attributable: false },
    });
  },
  `],"pagination":{"page":1,"pageSize":${N},"total":${N}}}`,
  ',',
);
await write(
  'awin.csv',
  'Promotion ID,Advertiser,Advertiser ID,Type,Code,Title,Description,Starts,Ends,Categories,Regions,Terms,Deeplink Tracking,Deeplink,Commission Groups,Commission,Exclusive,Date Added\n',
  (i) => {
    const o = offer(i);
    return `${i},"${o.name}",${o.adv},Voucher,${o.code},"${o.title}",Bench offer,${dmy(start)},${dmy(end)},Category ${i % 40},GB,,${o.url},${o.url},DEFAULT,5%,No,${dmy(start)}\n`;
  },
  '',
);
await write(
  'rakuten.xml',
  '<?xml version="1.0" encoding="UTF-8"?>\n<couponfeed><TotalMatches>0</TotalMatches><TotalPages>1</TotalPages>\n',
  (i) => {
    const o = offer(i);
    return `<link type="TEXT"><categories><category id="1">Category ${i % 40}</category></categories><offerdescription>${esc(o.title)}</offerdescription><offerstartdate>${ymd(start)}</offerstartdate><offerenddate>${ymd(end)}</offerenddate><couponcode>${o.code || 'N/A'}</couponcode><couponrestriction></couponrestriction><clickurl>${esc(o.url)}</clickurl><advertiserid>${o.adv}</advertiserid><advertisername>${esc(o.name)}</advertisername><network id="1">US Network</network></link>\n`;
  },
  '</couponfeed>\n',
);
await write(
  'cj.xml',
  `<?xml version="1.0" encoding="UTF-8"?>\n<cj-api><links total-matched="${N}" records-returned="${N}" page-number="1">\n`,
  (i) => {
    const o = offer(i);
    return `<link><advertiser-id>${o.adv}</advertiser-id><advertiser-name>${esc(o.name)}</advertiser-name><category>Category ${i % 40}</category><language>en</language><description>Bench offer</description><destination>https://store.example/</destination><link-id>${i}</link-id><link-name>${esc(o.title)}</link-name><link-type>Text Link</link-type><promotion-end-date>${ymd(end)} 23:59:59.0</promotion-end-date><promotion-start-date>${ymd(start)} 00:00:00.0</promotion-start-date><promotion-type>coupon</promotion-type><coupon-code>${o.code}</coupon-code><clickUrl>${esc(o.url)}</clickUrl><targeted-countries>US</targeted-countries></link>\n`;
  },
  '</links></cj-api>\n',
);
await write(
  'impact.json',
  '{"@page":"1","@numpages":"1","Ads":[',
  (i) => {
    const o = offer(i);
    return JSON.stringify({
      Id: String(i),
      Name: o.title,
      Description: 'Bench offer',
      AdvertiserId: String(o.adv),
      AdvertiserName: o.name,
      TrackingLink: o.url,
      LandingPageUrl: 'https://store.example/',
      Language: 'ENGLISH',
      StartDate: `${ymd(start)}T00:00:00Z`,
      EndDate: `${ymd(end)}T23:59:59Z`,
      DealDefaultPromoCode: o.code,
      DealPublic: 'true',
      DealCategories: `Category ${i % 40}`,
    });
  },
  ']}',
  ',',
);

console.log(`Import benchmark: ${N.toLocaleString('en-US')} offers per format (${DIR})`);
console.log(
  'format     offers read  kept     seconds  offers/s   peak memory (max RSS): whole import / parse + rules only   CPU seconds (user + system), whole import',
);
type Figures = { read: number; kept: number; valid: boolean; ms: number; cpuMs: number; maxRssMb: number };
const child = (format: NetworkFormat, extra: string[]): Figures | null => {
  const r = spawnSync(process.execPath, [import.meta.filename, '--run', format, ...extra], {
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  if (r.status !== 0) {
    console.error(`${format}: failed\n${r.stderr}`);
    return null;
  }
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as Figures;
};
let failed = false;
for (const format of Object.keys(FILES) as NetworkFormat[]) {
  const f = child(format, []);
  const stream = child(format, ['--stream-only']);
  if (!f || !stream) {
    failed = true;
    continue;
  }
  const rate = Math.round(f.read / (f.ms / 1000));
  console.log(
    `${format.padEnd(10)} ${String(f.read).padStart(11)}  ${String(f.kept).padStart(7)}  ${(f.ms / 1000).toFixed(1).padStart(8)}  ${String(rate).padStart(8)}   ${f.maxRssMb.toFixed(0)} MB / ${stream.maxRssMb.toFixed(0)} MB   CPU ${(f.cpuMs / 1000).toFixed(1)} s${f.valid ? '' : '  (catalog NOT valid)'}`,
  );
  if (!f.valid || f.read !== N || stream.read !== N) failed = true;
}
process.exit(failed ? 1 : 0);
