/**
 * The hourly cycle and the nightly workflow agree (issue 42 point 3): every site is deployed by
 * exactly one of them: an edge site by cycle.yml at its deploy.schedule (due at least once a
 * day, whatever the schedule), a static one by nightly.yml; the nightly DEPLOY step leaves an edge
 * site out (scripts/ci/deploy.ts --nightly) and carries no Cloudflare credentials.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { deployedBy, dueSites } from '../../../scripts/lib/cycle/schedule.ts';
import { ROOT } from '../../../scripts/lib/edge/run.ts';
import { sites } from './schedule-sites.ts';

type Step = { name?: string; run?: string; if?: string; env?: Record<string, string> };
const read = (file: string) =>
  parse(readFileSync(join(ROOT, '.github/workflows', file), 'utf8')) as { jobs: Record<string, { steps: Step[] }> };
const nightly = read('nightly.yml');
const cycle = read('cycle.yml');
const nightlyDeploy = nightly.jobs.build!.steps.find((s) => /^DEPLOY: /.test(s.name ?? ''))!;

/** The sites the cycle deploys over one UTC day, hour by hour (the workflow's cron is hourly). */
function cycledInADay(day: string): Set<string> {
  const out = new Set<string>();
  for (let h = 0; h < 24; h++)
    for (const id of dueSites(sites, new Date(`${day}T${String(h).padStart(2, '0')}:07:00Z`))) out.add(id);
  return out;
}

function deployNightly(id: string, sitesDir: string) {
  return spawnSync(
    process.execPath,
    ['scripts/ci/deploy.ts', '--site', id, '--sites-dir', sitesDir, '--nightly', '--dry-run'],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, DEPLOY_COMMAND: 'echo {dir}', GITHUB_OUTPUT: '' } },
  );
}

describe('the hourly cycle and the nightly workflow deploy each site once', () => {
  it('the cycle deploys every edge site within a day and no static one; the nightly the static ones', () => {
    const cycled = cycledInADay('2026-11-28');
    expect([...cycled].sort()).toEqual(['edge-hourly', 'edge-nightly']);
    for (const s of sites as { site: { id: string } }[])
      expect(deployedBy(s as never), s.site.id).toBe(cycled.has(s.site.id) ? 'cycle' : 'nightly');
  });

  it('the nightly DEPLOY step leaves an edge site to the cycle and still publishes a static one', () => {
    expect(nightlyDeploy.run).toMatch(/ --nightly$/);
    const edge = deployNightly('edge', 'tests/fixtures/sites');
    expect(edge.status, edge.stderr).toBe(0);
    expect(edge.stdout).toContain('the hourly cycle (cycle.yml) deploys it');
    expect(edge.stdout).not.toContain('would deploy');
    const staticSite = deployNightly('default', 'sites');
    expect(staticSite.status, staticSite.stderr).toBe(0);
    expect(staticSite.stdout).toContain('[dry-run] would deploy');
  });

  it('only the cycle carries the Cloudflare credentials and runs the edge deploy', () => {
    expect(nightlyDeploy.if).not.toContain('EDGE_DEPLOY');
    expect(Object.keys(nightlyDeploy.env ?? {}).filter((k) => k.startsWith('CLOUDFLARE_'))).toEqual([]);
    const cycleStep = cycle.jobs.cycle!.steps.find((s) => s.run?.startsWith('npm run cycle'))!;
    expect(Object.keys(cycleStep.env ?? {})).toEqual(
      expect.arrayContaining(['CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_ACCOUNT_ID', 'CLOUDFLARE_ZONE_ID']),
    );
  });
});
