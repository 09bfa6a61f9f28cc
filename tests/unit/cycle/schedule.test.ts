/**
 * deploy.schedule (issue 42): validated, hourly by default for an edge site and nightly for a
 * static one; the hourly workflow picks the edge sites due at its hour (clock moved, in more than
 * one time zone), and runs the cycle for each.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { dueSites } from '../../../scripts/lib/cycle/schedule.ts';
import { ROOT } from '../../../scripts/lib/edge/run.ts';
import { deploySchedule, deploySchema } from '../../../src/config/schema.ts';
import { sites } from './schedule-sites.ts';

describe('deploy.schedule', () => {
  it('defaults to hourly for an edge site and nightly for a static one', () => {
    expect(deploySchedule(deploySchema.parse({ target: 'cloudflare' }))).toBe('hourly');
    expect(deploySchedule(deploySchema.parse({}))).toBe('nightly');
    expect(deploySchedule(deploySchema.parse({ target: 'cloudflare', schedule: 'nightly' }))).toBe('nightly');
  });

  it('refuses any other value, naming the field', () => {
    const result = deploySchema.safeParse({ target: 'cloudflare', schedule: 'daily' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['schedule']);
    expect(result.error?.issues[0]?.message).toBe('deploy.schedule must be "hourly" or "nightly"');
  });
});

describe('the sites due at an hour', () => {
  it('cycles hourly edge sites every hour, nightly ones at 03:00 UTC, static ones never', () => {
    expect(dueSites(sites, new Date('2026-11-28T14:07:00Z'))).toEqual(['edge-hourly']);
    expect(dueSites(sites, new Date('2026-11-28T03:07:00Z'))).toEqual(['edge-hourly', 'edge-nightly']);
  });

  it('reads the hour in UTC whatever the offset the clock is given in', () => {
    // 04:07 in Paris (UTC+1) and 22:07 the day before in New York (UTC-5) are both 03:07 UTC.
    expect(dueSites(sites, new Date('2026-11-28T04:07:00+01:00'))).toEqual(['edge-hourly', 'edge-nightly']);
    expect(dueSites(sites, new Date('2026-11-27T22:07:00-05:00'))).toEqual(['edge-hourly', 'edge-nightly']);
    // 03:07 in Paris is 02:07 UTC: not the nightly hour.
    expect(dueSites(sites, new Date('2026-11-28T03:07:00+01:00'))).toEqual(['edge-hourly']);
  });
});

describe('the hourly cycle workflow', () => {
  const workflow = parse(readFileSync(join(ROOT, '.github/workflows/cycle.yml'), 'utf8')) as {
    on: { schedule: { cron: string }[] };
    jobs: Record<string, { steps: { run?: string }[]; strategy?: { matrix: { site: string } } }>;
  };

  it('runs every hour and cycles each due site', () => {
    expect(workflow.on.schedule[0]?.cron).toMatch(/^\d+ \* \* \* \*$/);
    expect(workflow.jobs.due!.steps.map((s) => s.run)).toContain('node scripts/ci/due-sites.ts');
    expect(workflow.jobs.cycle!.steps.map((s) => s.run)).toContain(`npm run cycle -- --site ${'${{'} matrix.site }}`);
  });
});
