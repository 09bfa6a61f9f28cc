/**
 * `npm test`: every test, in order, on a fresh machine too:
 *   1. Chromium and Firefox ESR present (installed with apt-get when missing and root); Java for the HTML
 *      validity gate likewise, or that one gate skipped with a line saying why
 *   2. unit tests (vitest)
 *   3. build the default site and the API-mode fixture site
 *   4. browser tests (Playwright against the built sites, in Chromium)
 *   5. the static site's browser tests again in Debian's Firefox ESR (Playwright project "firefox",
 *      over WebDriver BiDi; installs firefox-esr as root when missing)
 *   6. the main shopper flows in Firefox ESR with the site's deploy headers (scripts/firefox-smoke.ts)
 * Every step runs even when an earlier one failed (so all summaries print);
 * the exit code is non-zero when any step failed.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { ensureJava, GATES_WITHOUT_JAVA } from './lib/java.ts';
import { type FailedTest, playwrightFailures, readReport, vitestFailures } from './lib/test-report/failed.ts';

const ROOT = resolve(import.meta.dirname, '..');
const node = process.execPath;
const bin = (pkg: string, file: string) => resolve(ROOT, 'node_modules', pkg, file);

interface Step {
  name: string;
  args: string[];
  /** Steps that must pass before this one makes sense. */
  needs?: string[];
  env?: Record<string, string>;
  /** The runner's JSON report, read again for the summary's list of failed tests. */
  report?: { file: string; read: (report: unknown) => FailedTest[] };
}

const REPORTS = resolve(ROOT, '.tmp/test-reports');
const report = (name: string) => resolve(REPORTS, `${name}.json`);

const only = process.argv.slice(2);
/** Without Java (and no way to install it) the quality gates run without the HTML validator. */
const gateArgs = (only.length === 0 || only.includes('gates')) && !ensureJava() ? GATES_WITHOUT_JAVA : [];

const steps: Step[] = [
  { name: 'chromium', args: [resolve(ROOT, 'scripts/ensure-chromium.ts')] },
  { name: 'firefox-esr', args: [resolve(ROOT, 'scripts/ensure-firefox.ts')] },
  {
    name: 'unit',
    args: [
      bin('vitest', 'vitest.mjs'),
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report('unit')}`,
    ],
    report: { file: report('unit'), read: (r) => vitestFailures(r, ROOT) },
  },
  { name: 'build', args: [resolve(ROOT, 'scripts/build-test-sites.ts'), '--quiet'] },
  {
    name: 'gates',
    args: [resolve(ROOT, 'scripts/audit.ts'), '--no-build', '--no-lighthouse', ...gateArgs],
    needs: ['chromium', 'build'],
  },
  {
    name: 'e2e',
    args: [bin('@playwright/test', 'cli.js'), 'test'],
    needs: ['chromium', 'build'],
    env: { E2E_FIREFOX: '0', TEST_REPORT_JSON: report('e2e') },
    report: { file: report('e2e'), read: playwrightFailures },
  },
  {
    name: 'firefox',
    args: [bin('@playwright/test', 'cli.js'), 'test', '--project', 'firefox'],
    needs: ['firefox-esr', 'build'],
    env: { TEST_REPORT_JSON: report('firefox') },
    report: { file: report('firefox'), read: playwrightFailures },
  },
  { name: 'ff-smoke', args: [resolve(ROOT, 'scripts/firefox-smoke.ts')], needs: ['firefox-esr', 'build'] },
];

const results: { name: string; status: 'passed' | 'failed' | 'skipped'; seconds: number; failures: FailedTest[] }[] =
  [];
mkdirSync(REPORTS, { recursive: true });
for (const step of steps) {
  if (only.length > 0 && !only.includes(step.name)) continue;
  const blocked = (step.needs ?? []).filter((n) => results.find((r) => r.name === n)?.status === 'failed');
  if (blocked.length > 0) {
    console.log(`\n=== ${step.name}: skipped (needs ${blocked.join(', ')}) ===`);
    results.push({ name: step.name, status: 'failed', seconds: 0, failures: [] });
    continue;
  }
  console.log(`\n=== ${step.name} ===`);
  const started = Date.now();
  if (step.report) rmSync(step.report.file, { force: true });
  const r = spawnSync(node, step.args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...step.env } });
  results.push({
    name: step.name,
    status: r.status === 0 ? 'passed' : 'failed',
    seconds: (Date.now() - started) / 1000,
    failures: r.status !== 0 && step.report ? step.report.read(readReport(step.report.file)) : [],
  });
}

console.log('\n=== Summary ===');
for (const r of results)
  console.log(`${r.status === 'passed' ? '✓' : '✗'} ${r.name.padEnd(12)} ${r.status} (${r.seconds.toFixed(1)} s)`);
const failed = results.filter((r) => r.failures.length > 0);
if (failed.length > 0) {
  console.log("\n=== Failed tests (the runners' own reports are above) ===");
  for (const r of failed)
    for (const f of r.failures) {
      console.log(`✗ ${r.name}: ${f.where} › ${f.title}`);
      if (f.error) console.log(`    ${f.error}`);
    }
}
process.exit(results.some((r) => r.status !== 'passed') ? 1 : 0);
