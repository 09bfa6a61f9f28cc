/**
 * `npm run bench:cycle` (issue 42): the hourly cycle at size. Writes a 10,000-advertiser Awin feed
 * (scripts/lib/cycle/awin-feed.ts; 5 offers each), an edge site that imports it (the edge test
 * fixture's config, every language) under .tmp/bench-cycle/, and runs `npm run cycle -- --local`
 * on it twice: first as a first deploy, then with one offer of one advertiser changed and one
 * added. Prints both cycles' lines, the share of files changed and the purge of the second, the
 * machine's load, and whether the local edge (`npm run edge`'s runner) then shows both offers on
 * the brand's page. Figures only: nothing asserted (tests/unit/cycle/ tests the cycle).
 *
 *   npm run bench:cycle [-- --advertisers 10000 --offers 5 --port 8797 --target 5000]
 */

import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { writeAwinFeed } from '../lib/cycle/awin-feed.ts';
import { runCycle } from '../lib/cycle/run.ts';
import { ROOT, startEdge } from '../lib/edge/run.ts';

const { values } = parseArgs({
  options: {
    advertisers: { type: 'string', default: '10000' },
    offers: { type: 'string', default: '5' },
    port: { type: 'string', default: '8797' },
    /** The advertiser whose offers change (default: the middle one). */
    target: { type: 'string' },
  },
});
const advertisers = Number(values.advertisers);
const offers = Number(values.offers);
const dir = join(ROOT, '.tmp', 'bench-cycle');
rmSync(dir, { recursive: true, force: true });
mkdirSync(join(dir, 'sites'), { recursive: true });
const SITE = 'bench-cycle';
const feed = join(dir, 'awin.json');
const config = JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/sites/edge.json'), 'utf8'));
config.$schema = undefined;
config.site.id = SITE;
config.staticData = { catalog: relative(ROOT, join(dir, 'catalog.json')) };
config.import = { sources: [{ from: `awin:${relative(ROOT, feed)}` }] };
config.deploy = { target: 'cloudflare' };
writeFileSync(join(dir, 'sites', `${SITE}.json`), JSON.stringify(config));
const opts = {
  site: SITE,
  local: true,
  sitesDir: join(dir, 'sites'),
  outDir: join(dir, 'dist'),
  deployDir: join(dir, 'deploy'),
  edgeDataDir: join(dir, 'edge'),
  cacheDir: join(dir, 'cache'),
};
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
console.log(
  `# ${advertisers.toLocaleString('en')} advertisers × ${offers} offers; ${cpus().length} cores; load ${load()}`,
);

const target = values.target ? Number(values.target) : Math.floor(advertisers / 2);
console.log(`# changed advertiser: ${target} (category ${target % 40} of 40)`);
const changedTitle = `Bench changed: 70% off at store ${target}`;
const addedTitle = `Bench added: free delivery at store ${target}`;
const n = await writeAwinFeed(feed, { advertisers, offers });
console.log(`\n## first cycle (${n.toLocaleString('en')} offers in the feed)`);
const first = await runCycle({ ...opts, now: '2026-11-28T10:00:00Z' });
if (first.code !== 0) process.exit(1);
console.log(`load after: ${load()}`);

await writeAwinFeed(feed, {
  advertisers,
  offers,
  changed: [[target, 0, changedTitle]],
  added: [[target, addedTitle, 'BENCHNEW']],
});
console.log('\n## second cycle (one offer changed, one added)');
const second = await runCycle({ ...opts, now: '2026-11-28T11:00:00Z' });
if (second.code !== 0 || !second.changed) process.exit(1);
const { changed, total } = second.changed;
console.log(`load after: ${load()}`);
console.log(
  `\nsecond cycle: ${changed.length} of ${total} files changed (${((100 * changed.length) / total).toFixed(2)} %), ` +
    `purge ${second.purge?.everything ? 'EVERYTHING' : `${second.purge?.tags.length} tags`}, ${second.seconds?.toFixed(1)} s`,
);
const kinds = new Map<string, number>();
for (const p of changed) {
  const k = p.replace(/\d+/g, 'N').replace(/\/[^/]+\.html$/, '/*.html');
  kinds.set(k, (kinds.get(k) ?? 0) + 1);
}
console.log(`changed: ${[...kinds].map(([k, c]) => `${k} ×${c}`).join(', ')}`);

const edge = await startEdge({
  site: SITE,
  distDir: opts.outDir,
  port: Number(values.port),
  dataDir: opts.edgeDataDir,
});
try {
  const res = await fetch(`${edge.url}/brands/cycle-store-${target}`);
  const html = await res.text();
  console.log(
    `npm run edge: /brands/cycle-store-${target} → ${res.status}, changed offer ${html.includes(changedTitle) ? 'shown' : 'MISSING'}, added offer ${html.includes(addedTitle) ? 'shown' : 'MISSING'}`,
  );
} finally {
  await edge.stop();
}
