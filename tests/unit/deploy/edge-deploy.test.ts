/** Deploying an edge site (issue 32): what the nightly DEPLOY step runs for deploy.target cloudflare. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { edgeDeployPlan, runEdgeDeploy } from '../../../scripts/lib/deploy/edge.ts';

const dir = mkdtempSync(join(tmpdir(), 'edge-deploy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function completeBuild(): string {
  const out = join(dir, 'site');
  mkdirSync(join(out, 'client'), { recursive: true });
  mkdirSync(join(out, 'server'), { recursive: true });
  for (const f of ['client/index.html', 'client/404.html', 'client/_headers', 'server/wrangler.json'])
    writeFileSync(join(out, f), '{}');
  return out;
}

describe('edgeDeployPlan', () => {
  const secrets = { CLOUDFLARE_API_TOKEN: 'tok-secret-123', CLOUDFLARE_ACCOUNT_ID: 'acc' };

  it('deploys the built Worker config with wrangler, then purges the zone named by CLOUDFLARE_ZONE_ID', () => {
    const out = completeBuild();
    const plan = edgeDeployPlan('shop', out, { ...secrets, CLOUDFLARE_ZONE_ID: 'zone42' });
    expect(plan.missing).toEqual([]);
    expect(plan.unset).toEqual([]);
    expect(plan.deploy).toEqual(['npx', 'wrangler', 'deploy', '--config', join(out, 'server', 'wrangler.json')]);
    expect(plan.databaseName).toBe('coupons-shop-feedback');
    expect(plan.purge).toEqual({
      url: 'https://api.cloudflare.com/client/v4/zones/zone42/purge_cache',
      body: '{"purge_everything":true}',
    });
    // The token is read from the environment when the request is made, never written into the plan.
    expect(JSON.stringify(plan)).not.toContain('tok-secret-123');
  });

  it('names what is missing: build files, secrets, the zone for the purge', () => {
    const plan = edgeDeployPlan('shop', join(dir, 'nothing'), {});
    expect(plan.missing).toEqual(['client/index.html', 'client/404.html', 'client/_headers', 'server/wrangler.json']);
    expect(plan.unset).toEqual(['CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_ACCOUNT_ID']);
    expect(plan.purge).toBeNull();
  });

  it('deploys nothing from an incomplete build or without the secrets', async () => {
    const lines: string[] = [];
    expect(
      await runEdgeDeploy(edgeDeployPlan('shop', join(dir, 'nothing'), secrets), secrets, (l) => lines.push(l)),
    ).toBe(1);
    expect(await runEdgeDeploy(edgeDeployPlan('shop', completeBuild(), {}), {}, (l) => lines.push(l))).toBe(1);
    expect(lines).toEqual([
      '✗ not a complete edge build (missing client/index.html, client/404.html, client/_headers, server/wrangler.json); not deploying.',
      '✗ CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID not set (repository secrets): not deploying.',
    ]);
  });
});
