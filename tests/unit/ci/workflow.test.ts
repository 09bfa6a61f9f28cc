/**
 * The nightly workflow (.github/workflows/nightly.yml): the YAML parses, it runs nightly and on
 * demand, fans out one job per site from the matrix script with fail-fast off, restores each
 * site's snapshot cache before building from the API, runs the fast gates, uploads the site and
 * has a marked deploy step; and every script it calls exists and runs here with --dry-run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from '../config/helpers.ts';

type Step = { name?: string; uses?: string; run?: string; with?: Record<string, unknown>; if?: string; id?: string };
type Job = {
  needs?: string | string[];
  outputs?: Record<string, string>;
  strategy?: { 'fail-fast'?: boolean; matrix?: Record<string, unknown> };
  steps: Step[];
};
const workflow = parse(readFileSync(join(ROOT, '.github/workflows/nightly.yml'), 'utf8')) as {
  on: { schedule?: { cron: string }[]; workflow_dispatch?: unknown };
  jobs: Record<string, Job>;
};
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

/** A GitHub Actions expression as written in the YAML: gh('matrix.site') is "$" + "{{ matrix.site }}". */
const gh = (expression: string) => `$${'{{'} ${expression} }}`;

/** Every shell command of the workflow, one per line, with GitHub expressions filled in for a local run. */
const commands = Object.values(workflow.jobs)
  .flatMap((job) => job.steps.map((s) => s.run ?? ''))
  .flatMap((run) => run.split('\n'))
  .map((line) =>
    line
      .replace(/\$\{\{\s*matrix\.site\s*\}\}/g, 'default')
      .replace(/\$\{\{[^}]*\}\}/g, '')
      .trim(),
  )
  .filter(Boolean);

/** `node scripts/x.ts a b` or `npm run name -- a b` → the script file and its arguments. */
function scriptOf(command: string): { file: string; args: string[] } | null {
  const words = command.split(/\s+/);
  if (words[0] === 'node') return { file: words[1]!, args: words.slice(2) };
  if (words[0] === 'npm' && words[1] === 'run') {
    const script = pkg.scripts[words[2]!];
    expect(script, `package.json script "${words[2]}"`).toBeDefined();
    const [bin, file, ...rest] = script!.split(/\s+/);
    expect(bin, `"${words[2]}" runs a node script`).toBe('node');
    const dash = words.indexOf('--');
    return { file: file!, args: [...rest, ...(dash >= 0 ? words.slice(dash + 1) : [])] };
  }
  return null;
}

describe('nightly workflow', () => {
  it('runs on a nightly schedule and on demand', () => {
    expect(workflow.on.schedule?.[0]?.cron).toMatch(/^\d+ \d+ \* \* \*$/);
    expect(workflow.on).toHaveProperty('workflow_dispatch');
  });

  it('fans out one job per site from the matrix script, a failing site not stopping the others', () => {
    const sites = workflow.jobs.sites!;
    const matrixStep = sites.steps.find((s) => s.id === 'matrix')!;
    expect(matrixStep.run).toBe('node scripts/ci/site-matrix.ts');
    expect(sites.outputs?.sites).toBe(gh('steps.matrix.outputs.sites'));
    const build = workflow.jobs.build!;
    expect(build.needs).toBe('sites');
    expect(build.strategy?.['fail-fast']).toBe(false);
    expect(build.strategy?.matrix?.site).toBe(gh('fromJSON(needs.sites.outputs.sites)'));
  });

  it('restores the snapshot cache, builds from the API, gates, uploads and has a marked deploy step', () => {
    const steps = workflow.jobs.build!.steps;
    const at = (pred: (s: Step) => boolean) => steps.findIndex(pred);
    const cache = at((s) => s.uses?.startsWith('actions/cache@') === true);
    const build = at((s) => s.run?.startsWith(`npm run build -- --site ${gh('matrix.site')}`) === true);
    const gates = at((s) =>
      (s.run ?? '').startsWith(`npm run audit -- --site ${gh('matrix.site')} --no-build --only links,vnu,seo`),
    );
    const upload = at((s) => s.uses?.startsWith('actions/upload-artifact@') === true);
    const deploy = at((s) => /^DEPLOY: /.test(s.name ?? ''));
    expect([cache, build, gates, upload, deploy].every((i) => i >= 0)).toBe(true);
    expect(cache < build && build < gates && gates < upload && upload < deploy).toBe(true);
    expect(steps[cache]!.with?.path).toBe(`.cache/${gh('matrix.site')}`);
    expect(String(steps[cache]!.with?.['restore-keys'])).toContain(`catalog-${gh('matrix.site')}-`);
    expect(steps[upload]!.with?.path).toBe(`dist/${gh('matrix.site')}`);
    expect(steps[deploy]!.if).toContain('vars.DEPLOY_COMMAND');
    expect(steps[deploy]!.run).toBe(`node scripts/ci/deploy.ts --site ${gh('matrix.site')} --nightly`);
  });

  it("imports a site's offers after restoring its cache and before building it, credentials from secrets", () => {
    const steps = workflow.jobs.build!.steps;
    const cache = steps.findIndex((s) => s.uses?.startsWith('actions/cache@') === true);
    const importing = steps.findIndex((s) => s.run === `node scripts/ci/import-sites.ts --site ${gh('matrix.site')}`);
    const build = steps.findIndex((s) => s.run?.startsWith('npm run build') === true);
    expect(cache < importing && importing < build).toBe(true);
    const env = (steps[importing] as Step & { env?: Record<string, string> }).env ?? {};
    for (const secret of ['AWIN_API_TOKEN', 'RAKUTEN_API_TOKEN', 'CJ_API_TOKEN', 'IMPACT_AUTH_TOKEN'])
      expect(env[secret]).toBe(gh(`secrets.${secret}`));
  });

  it('calls only scripts that exist and run here with --dry-run', () => {
    const scripts = commands.map(scriptOf).filter((s): s is { file: string; args: string[] } => s !== null);
    expect(scripts.map((s) => s.file).sort()).toEqual([
      'scripts/audit.ts',
      'scripts/build-sites.ts',
      'scripts/ci/deploy.ts',
      'scripts/ci/import-sites.ts',
      'scripts/ci/site-matrix.ts',
    ]);
    for (const { file, args } of scripts) {
      expect(existsSync(join(ROOT, file)), file).toBe(true);
      const run = spawnSync(process.execPath, [file, ...args, '--dry-run'], {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, GITHUB_OUTPUT: '' },
      });
      expect(run.status, `${file} ${args.join(' ')} --dry-run\n${run.stdout}${run.stderr}`).toBe(0);
    }
  }, 90_000);

  it('the matrix script lists every site config', () => {
    const run = spawnSync(process.execPath, ['scripts/ci/site-matrix.ts', '--dry-run'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    const listed = JSON.parse(run.stdout.replace(/^sites=/, '').trim()) as string[];
    const files = readdirSync(join(ROOT, 'sites'))
      .filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json'))
      .map((f) => f.replace(/\.json$/, ''));
    expect(listed.sort()).toEqual(files.sort());
  });
});
