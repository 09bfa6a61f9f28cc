/**
 * `npm run audit`: quality gates over a built site.
 *   npm run audit                         build the default site, run every gate, print the figures table
 *   npm run audit -- --site <id>          another site
 *   npm run audit -- --no-build           audit dist/<site> as it is
 *   npm run audit -- --out /tmp/a         build into (or audit) /tmp/a/<site> instead of dist/<site>
 *   npm run audit -- --no-lighthouse      skip Lighthouse (the slow one)
 *   npm run audit -- --only seo,weight    only these gates (axe, vnu, links, seo, weight, lighthouse)
 *   npm run audit -- --runs 1             Lighthouse runs per page (median; default 3)
 *   npm run audit -- --write-readme       also write the table into README.md (only when every gate
 *                                         ran and passed); without it the tree stays clean
 *   npm run audit -- --report a.json      also write every result (all failures, figures) as JSON
 *   npm run audit -- --dry-run            check the arguments and say which gates would run
 * Serves the site on loopback, prints a summary and exits non-zero when any gate fails.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runAxeGate } from './lib/audit/axe.ts';
import { figuresTable, writeFigures } from './lib/audit/figures.ts';
import { auditedFolder, edgeOnDemandPages } from './lib/audit/folder.ts';
import { type LighthouseFigures, runLighthouseGate } from './lib/audit/lighthouse.ts';
import { runLinksGate } from './lib/audit/links.ts';
import { runSeoGate } from './lib/audit/seo.ts';
import type { GateResult } from './lib/audit/types.ts';
import { runVnuGate } from './lib/audit/vnu.ts';
import { runWeightGate, type TypeFigures } from './lib/audit/weight.ts';
import { buildSites } from './lib/build-sites/build.ts';
import { startEdge } from './lib/edge/run.ts';
import { startStaticServer } from './lib/serve/static-server.ts';

const ROOT = resolve(import.meta.dirname, '..');
const GATES = ['vnu', 'links', 'seo', 'weight', 'axe', 'lighthouse'] as const;
type Gate = (typeof GATES)[number];

const { values } = parseArgs({
  allowNegative: true,
  options: {
    site: { type: 'string', default: 'default' },
    build: { type: 'boolean', default: true },
    lighthouse: { type: 'boolean', default: true },
    only: { type: 'string', multiple: true },
    runs: { type: 'string', default: '3' },
    'write-readme': { type: 'boolean', default: false },
    'per-collection': { type: 'string', default: '3' },
    out: { type: 'string' },
    report: { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
  },
});
const site = values.site;
const only = (values.only ?? []).flatMap((s) => s.split(',')).filter(Boolean);
const unknown = only.filter((g) => !GATES.includes(g as Gate));
if (unknown.length) {
  console.error(`Unknown gate(s): ${unknown.join(', ')}. Gates: ${GATES.join(', ')}`);
  process.exit(2);
}
const selected = GATES.filter(
  (g) => (only.length === 0 || only.includes(g)) && (g !== 'lighthouse' || values.lighthouse),
);

const outRoot = resolve(values.out ?? join(ROOT, 'dist'));
const dir = join(outRoot, site);
if (values['dry-run']) {
  console.log(
    `[dry-run] would ${values.build ? 'build and ' : ''}audit ${relative(ROOT, dir) || dir} with: ${selected.join(', ')}`,
  );
  process.exit(0);
}
if (values.build) {
  console.log(`Building ${site}…`);
  const [built] = await buildSites({ only: [site], outDir: outRoot, verbose: false, log: (l) => console.log(l) });
  if (!built?.ok) {
    console.error(`Build of ${site} failed${built?.reason ? `: ${built.reason}` : ''}.`);
    process.exit(1);
  }
}
if (!existsSync(dir)) {
  console.error(`${relative(ROOT, dir)} does not exist: build it first (npm run build -- --site ${site}).`);
  process.exit(1);
}

// An edge site (deploy.target "cloudflare") builds its static files into client/ beside the
// Worker's server/: the gates read those pre-rendered pages and browse the site as `npm run
// edge` serves it in workerd (so links to the brand pages the Worker renders on demand resolve).
const audited = auditedFolder(dir);
const onDemand = audited === dir ? null : edgeOnDemandPages(audited);
const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
const server =
  audited === dir
    ? await startStaticServer({ dir })
    : await (async () => {
        const dataDir = mkdtempSync(join(tmpdir(), `audit-edge-${site}-`));
        const edge = await startEdge({ site, distDir: outRoot, port: await freePort(), dataDir });
        return {
          url: edge.url,
          close: async () => {
            await edge.stop();
            rmSync(dataDir, { recursive: true, force: true });
          },
        };
      })();
console.log(
  audited === dir
    ? `Serving ${relative(ROOT, dir)} at ${server.url}`
    : `Edge site: its pre-rendered files in ${relative(ROOT, audited)}, served by the Worker in workerd at ${server.url}`,
);
const results: (GateResult & { seconds: number })[] = [];
try {
  for (const gate of selected) {
    console.log(`\n— ${gate}`);
    const started = Date.now();
    let r: GateResult;
    try {
      r = await runGate(gate);
    } catch (e) {
      r = { gate, passed: false, failures: [`gate crashed: ${(e as Error).stack ?? String(e)}`] };
    }
    const seconds = (Date.now() - started) / 1000;
    results.push({ ...r, seconds });
    for (const n of r.notes ?? []) console.log(`  note: ${n}`);
    for (const f of r.failures.slice(0, 60)) console.log(`  ✗ ${f}`);
    if (r.failures.length > 60) console.log(`  … and ${r.failures.length - 60} more`);
    console.log(`  ${r.passed ? '✓ passed' : `✗ ${r.failures.length} failure(s)`} in ${seconds.toFixed(1)} s`);
  }
} finally {
  await server.close();
}

function runGate(gate: Gate): Promise<GateResult> | GateResult {
  switch (gate) {
    case 'axe':
      return runAxeGate({ dir: audited, baseUrl: server.url, perCollection: Number(values['per-collection']) });
    case 'vnu':
      return runVnuGate({ dir: audited });
    case 'links':
      return runLinksGate({ dir: audited, baseUrl: server.url });
    case 'seo':
      return runSeoGate({ dir: audited, ...(onDemand ? { onDemand } : {}) });
    case 'weight':
      return runWeightGate({ dir: audited, baseUrl: server.url });
    case 'lighthouse':
      return runLighthouseGate({
        dir: audited,
        baseUrl: server.url,
        runs: Number(values.runs),
        log: (l) => console.log(l),
      });
  }
}

if (values.report) writeFileSync(values.report, `${JSON.stringify(results, null, 2)}\n`);

console.log('\n=== Audit summary ===');
for (const r of results)
  console.log(
    `${r.passed ? '✓' : '✗'} ${r.gate.padEnd(11)} ${r.passed ? 'passed' : `${r.failures.length} failure(s)`} (${r.seconds.toFixed(1)} s)`,
  );

const weight = results.find((r) => r.gate === 'weight')?.figures as Record<string, TypeFigures> | undefined;
const lh = results.find((r) => r.gate === 'lighthouse')?.figures as
  | Record<string, LighthouseFigures & { url: string }>
  | undefined;
if (weight) {
  const table = figuresTable(weight, lh, { site, date: new Date().toISOString().slice(0, 10) });
  console.log(`\n${table}\n`);
  const allPassed = results.every((r) => r.passed);
  if (values['write-readme'] && allPassed && only.length === 0) {
    console.log(`Figures written to ${relative(ROOT, writeFigures(ROOT, table))}`);
  } else if (values['write-readme']) {
    console.log('Figures not written: every gate must run and pass first.');
  }
}
process.exit(results.every((r) => r.passed) ? 0 : 1);
