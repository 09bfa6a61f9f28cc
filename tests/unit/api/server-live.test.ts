/**
 * The reference API serves only live offers (issue 22): by its own clock, an offer whose end has
 * passed, or whose status is not a live one, leaves lists, totals, search and suggestions.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningApiServer, startApiServer } from '../../../scripts/lib/api-server/server.ts';
import { createSampleCatalog } from '../../../src/catalog/sample.ts';

const START = Date.parse('2026-11-20T12:00:00Z');
const HOUR = 3_600_000;
const servers: RunningApiServer[] = [];

afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function get(server: RunningApiServer, path: string) {
  const res = await fetch(`${server.url}/api${path}`);
  return (await res.json()) as { data: unknown; pagination?: { total?: number } };
}

describe('reference API: only live offers', () => {
  it('an offer that ends is gone from lists, totals, search and suggestions once its end passes', async () => {
    const base = createSampleCatalog(new Date(START));
    const first = base.coupons[0]!;
    const ending = { ...first, name: 'Zebracrossing Flash Code', expiresAt: new Date(START + 2 * HOUR).toISOString() };
    const withdrawn = { ...base.coupons[1]!, name: 'Zebracrossing Withdrawn Code', status: 'expired' };
    const catalog = { ...base, coupons: [ending, withdrawn, ...base.coupons.slice(2)] };
    const clock = { now: START };
    const server = await startApiServer({ port: 0, catalog, now: () => new Date(clock.now) });
    servers.push(server);

    const before = await get(server, '/coupons?page=1');
    const search = JSON.stringify((await get(server, '/search?q=zebracrossing')).data);
    expect(search).toContain('Zebracrossing Flash Code');
    expect(search).not.toContain('Withdrawn');
    expect(JSON.stringify((await get(server, '/search/suggestions?q=zebracrossing')).data)).toContain('Flash Code');

    clock.now = START + 3 * HOUR; // the code ended an hour ago; the served catalog is recounted within a minute
    const after = await get(server, '/coupons?page=1');
    expect(after.pagination?.total).toBe((before.pagination?.total ?? 0) - 1);
    expect(JSON.stringify((await get(server, '/search?q=zebracrossing')).data)).not.toContain('Zebracrossing');
    expect(JSON.stringify((await get(server, '/search/suggestions?q=zebracrossing')).data ?? null)).not.toContain(
      'Zebracrossing',
    );
  });
});
