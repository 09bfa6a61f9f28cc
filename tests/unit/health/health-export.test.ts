/**
 * Counted health read back (issue 40 parts 1-3) on the reference API (node:sqlite): five "didn't
 * work" answers from five addresses make `GET /api/coupons/{id}` say the code is no longer offered
 * (and leave the code out), one "it worked" brings it back; `GET /api/health?ids=` answers the
 * batch with a short edge cache; `GET /api/admin/health` needs the bearer token (401 without,
 * with a wrong one), and `--health-from` reads it into the file the build merges.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningApiServer, startApiServer } from '../../../scripts/lib/api-server/server.ts';
import { openStore } from '../../../scripts/lib/api-server/store.ts';
import { fetchHealthExport } from '../../../scripts/lib/build-sites/health-from.ts';
import { createSampleCatalog } from '../../../src/catalog/sample.ts';
import { constantTimeEqual, hasAdminToken } from '../../../src/server/admin-token.ts';
import { withHealthFile } from '../../../src/sources/health-file.ts';

const NOW = Date.parse('2026-11-27T15:00:00.000Z');
const TOKEN = 'test-admin-token-0123456789';
const dirs: string[] = [];
const servers: RunningApiServer[] = [];

afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'api-health-'));
  dirs.push(dir);
  return dir;
}

/** Answers from distinct addresses, written through the same records the API writes with. */
async function answer(dir: string, id: number, worked: boolean, addresses: string[], at: number) {
  const store = openStore(dir);
  for (const a of addresses) expect((await store.addFeedback(id, worked, a, at)).accepted).toBe(true);
  store.close();
}

async function start(dir: string, clock: { now: number }) {
  const catalog = createSampleCatalog(new Date(NOW));
  const server = await startApiServer({
    port: 0,
    dataDir: dir,
    catalog,
    now: () => new Date(clock.now),
    adminToken: TOKEN,
  });
  servers.push(server);
  return { server, catalog };
}

const five = ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4', '203.0.113.5'];

describe('the reference API reads counted health back', () => {
  it('five failures from five addresses: the coupon reply says not offered and has no code; one "it worked" brings it back', async () => {
    const dir = dataDir();
    const probe = createSampleCatalog(new Date(NOW)).coupons.find((c) => c.code.trim() !== '')!;
    await answer(dir, probe.id, false, five, NOW - 60_000);
    const clock = { now: NOW };
    const { server } = await start(dir, clock);
    const hidden = (await (await fetch(`${server.url}/api/coupons/${probe.id}`)).json()) as {
      data: Record<string, unknown>;
    };
    expect(hidden.data.offered).toBe(false);
    expect(hidden.data).not.toHaveProperty('code');
    expect(hidden.data.votes).toEqual({ worked: 0, failed: 5 });

    const res = await fetch(`${server.url}/api/coupons/${probe.id}/feedback`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ worked: true }),
    });
    expect(res.status).toBe(200);
    const back = (await (await fetch(`${server.url}/api/coupons/${probe.id}`)).json()) as {
      data: Record<string, unknown>;
    };
    expect(back.data.offered).toBe(true);
    expect(back.data.code).toBe(probe.code);
  });

  it('GET /api/health?ids= answers the batch, short-cached; a bad list is a 400 naming the parameter', async () => {
    const dir = dataDir();
    await answer(dir, 3, false, five.slice(0, 2), NOW - 3_600_000);
    await answer(dir, 4, true, five.slice(0, 1), NOW - 7_200_000);
    const { server } = await start(dir, { now: NOW });
    const res = await fetch(`${server.url}/api/health?ids=3,4,5`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/s-maxage=30\b/);
    const body = (await res.json()) as { data: Record<string, unknown> };
    expect(body.data).toEqual({
      '3': { votes: { worked: 0, failed: 2 }, lastWorkedAt: null, lastFailedAt: '2026-11-27T14:00:00.000Z' },
      '4': { votes: { worked: 1, failed: 0 }, lastWorkedAt: '2026-11-27T13:00:00.000Z', lastFailedAt: null },
    });
    const bad = await fetch(`${server.url}/api/health?ids=3,abc`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/^ids must be/);
  });

  it('GET /api/admin/health: 401 without the token or with a wrong one; the export with it', async () => {
    const dir = dataDir();
    await answer(dir, 7, false, five.slice(0, 3), NOW - 60_000);
    const { server } = await start(dir, { now: NOW });
    expect((await fetch(`${server.url}/api/admin/health`)).status).toBe(401);
    const wrong = await fetch(`${server.url}/api/admin/health`, { headers: { Authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    const ok = await fetch(`${server.url}/api/admin/health`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { data: { generatedAt: string; coupons: Record<string, unknown> } };
    expect(body.data.generatedAt).toBe('2026-11-27T15:00:00.000Z');
    expect(body.data.coupons['7']).toEqual({
      votes: { worked: 0, failed: 3 },
      lastWorkedAt: null,
      lastFailedAt: '2026-11-27T14:59:00.000Z',
    });
  });

  it('--health-from writes the export the build merges; a wrong token or no server fails with a clear message', async () => {
    const dir = dataDir();
    const probe = createSampleCatalog(new Date(NOW)).coupons[0]!;
    await answer(dir, probe.id, false, five, NOW - 60_000);
    const { server, catalog } = await start(dir, { now: NOW });
    const out = dataDir();
    const got = await fetchHealthExport(server.url, TOKEN, out);
    expect(got.coupons).toBe(1);
    const merged = withHealthFile(catalog, got.file);
    const baked = merged.coupons.find((c) => c.id === probe.id)!;
    expect(baked.votes).toEqual({ worked: 0, failed: 5 });
    expect(baked.lastFailedAt).toBe('2026-11-27T14:59:00.000Z');
    expect(JSON.parse(readFileSync(got.file, 'utf8')).generatedAt).toBe('2026-11-27T15:00:00.000Z');
    await expect(fetchHealthExport(server.url, 'wrong-token-wrong-token', out)).rejects.toThrow(
      /401, the token was refused/,
    );
    await expect(fetchHealthExport(server.url, undefined, out)).rejects.toThrow(/needs EDGE_ADMIN_TOKEN/);
    await expect(fetchHealthExport('http://127.0.0.1:9', TOKEN, out)).rejects.toThrow(/cannot reach/);
  });
});

describe('the admin token', () => {
  it('compares whole values; no or a short configured token refuses everyone', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('abc', 'abd')).toBe(false);
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
    expect(hasAdminToken(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(hasAdminToken(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(hasAdminToken(TOKEN, TOKEN)).toBe(false);
    expect(hasAdminToken('Bearer ', '')).toBe(false);
    expect(hasAdminToken('Bearer short', 'short')).toBe(false);
    expect(hasAdminToken(null, TOKEN)).toBe(false);
  });
});
