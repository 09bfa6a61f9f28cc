/**
 * `npm run offers -- hash-password` and `npm run offers -- pull --site <id> --from <origin>`
 * (issue 40 parts 4-5). The pull reads a real HTTP server answering /api/admin/ with the same
 * routes as the Worker (src/server/admin-routes.ts over node:sqlite); the build's catalog
 * (staticCatalogOf, what every static build applies) then carries the pulled changes.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeOverrides, runOffersRemote } from '../../../scripts/lib/offers/remote.ts';
import { emptyOverrides, recordChange } from '../../../src/catalog/overrides.ts';
import { createSampleCatalog } from '../../../src/catalog/sample.ts';
import { type AdminDeps, answerAdminApi } from '../../../src/server/admin-routes.ts';
import { hashPassword, verifyPassword } from '../../../src/server/admin-session.ts';
import { ensureAdminSchema } from '../../../src/server/admin-store.ts';
import { createWriteGuard } from '../../../src/server/limiter.ts';
import { ensureSchema } from '../../../src/server/records.ts';
import { staticCatalogOf } from '../../../src/sources/catalog-file.ts';
import { type OpenedStorage, openSqlite } from '../server/storages.ts';

const NOW = new Date('2026-11-28T12:00:00.000Z');
const TOKEN = 'pull-token-0123456789abcdef';
const SECRET = 'pull-session-secret-0123456789abcdef0123';
const PASSWORD = 'operator password';
const catalog = createSampleCatalog(NOW);
const [c1, c2] = catalog.coupons as [(typeof catalog.coupons)[0], (typeof catalog.coupons)[0]];
const brand = catalog.brands.find((b) => b.id !== c1.brandId && b.id !== c2.brandId)!;

describe('npm run offers -- hash-password', () => {
  it('prints a hash line the gate accepts for the password read from stdin (its newline left out)', async () => {
    const out = await runOffersRemote(['hash-password'], { stdin: async () => `${PASSWORD}\n` });
    expect(out.code).toBe(0);
    expect(out.output).toMatch(/^pbkdf2-sha256\$100000\$/);
    expect(await verifyPassword(PASSWORD, out.output)).toBe(true);
    expect(await verifyPassword(`${PASSWORD}\n`, out.output)).toBe(false);
  });
  it('takes fewer iterations for a plan with little CPU per request, within 1,000–100,000', async () => {
    const out = await runOffersRemote(['hash-password', '--iterations', '40000'], { stdin: async () => PASSWORD });
    expect(out.output).toMatch(/^pbkdf2-sha256\$40000\$/);
    expect(await verifyPassword(PASSWORD, out.output)).toBe(true);
    expect(
      (await runOffersRemote(['hash-password', '--iterations', '200000'], { stdin: async () => PASSWORD })).code,
    ).toBe(2);
  });
  it('refuses an empty password', async () => {
    expect((await runOffersRemote(['hash-password'], { stdin: async () => '\n' })).code).toBe(2);
  });
});

describe('npm run offers -- pull', () => {
  let store: OpenedStorage;
  let server: Server;
  let origin = '';
  let dir: string;
  beforeAll(async () => {
    store = await openSqlite();
    await ensureSchema(store.sql);
    await ensureAdminSchema(store.sql);
    const deps: AdminDeps = {
      sql: async () => store.sql,
      now: () => NOW.getTime(),
      guard: createWriteGuard(store.sql),
      address: '127.0.0.1',
      passwordHash: await hashPassword(PASSWORD, 1000),
      sessionSecret: SECRET,
      adminToken: TOKEN,
      coupon: async () => null,
      search: async () => [],
      importReport: async () => null,
    };
    server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      const reply =
        (await answerAdminApi(
          new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body }),
          deps,
        )) ?? new Response('not found', { status: 404 });
      res.writeHead(reply.status, Object.fromEntries(reply.headers));
      res.end(Buffer.from(await reply.arrayBuffer()));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const address = server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    dir = mkdtempSync(join(tmpdir(), 'offers-pull-'));
  });
  afterAll(async () => {
    await new Promise((r) => server?.close(r));
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Changes made the way the console makes them: logged in, with the CSRF token. */
  async function consoleChanges() {
    const login = await fetch(`${origin}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    });
    const cookie = /admin_session=[^;]+/.exec(login.headers.get('Set-Cookie') ?? '')![0];
    const { csrf } = (await login.json()) as { csrf: string };
    const post = async (path: string, body?: unknown) => {
      const res = await fetch(`${origin}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie, 'X-CSRF-Token': csrf },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      expect(res.status).toBe(200);
    };
    await post(`/api/admin/offers/coupon/${c1.id}/hide`);
    await post(`/api/admin/offers/coupon/${c2.id}/edit`, { lang: 'es', title: 'Código del equipo' });
    await post(`/api/admin/brands/${brand.id}/block`);
  }

  it('merges the edge site’s changes into the overrides file, keeps the file’s own, prints what changed; the build applies them', async () => {
    await consoleChanges();
    // The file already has a CLI change of its own.
    const own = recordChange(
      emptyOverrides(),
      { action: 'pin', kind: 'deal', id: 1, until: '2026-12-24T00:00:00.000Z' },
      NOW,
      'cli',
    );
    const file = join(dir, 'catalogs', 'default.overrides.json');
    mkdirSync(join(dir, 'catalogs'), { recursive: true });
    writeFileSync(file, JSON.stringify(own));

    const out = await runOffersRemote(['pull', '--site', 'default', '--from', origin], {
      cwd: dir,
      env: { EDGE_ADMIN_TOKEN: TOKEN },
    });
    expect(out.code, out.output).toBe(0);
    expect(
      out.output
        .split('\n')
        .slice(1)
        .map((l) => l.trim()),
    ).toEqual([`added coupon:${c1.id}`, `added coupon:${c2.id}`, `added brand:${brand.id}`]);
    const written = JSON.parse(readFileSync(file, 'utf8'));
    expect(written.offers).toContainEqual({ kind: 'deal', id: 1, pinnedUntil: '2026-12-24T00:00:00.000Z' });
    expect(written.audit.map((a: { action: string }) => a.action)).toEqual(['pin', 'hide', 'edit', 'block']);

    const built = staticCatalogOf(
      { staticData: { catalog: 'sample' }, site: { id: 'default', defaultLanguage: 'en' } },
      NOW,
      dir,
    ).catalog;
    expect(built.coupons.some((c) => c.id === c1.id)).toBe(false);
    expect(built.coupons.find((c) => c.id === c2.id)?.name).toMatchObject({ es: 'Código del equipo' });
    expect(built.brands.some((b) => b.id === brand.id)).toBe(false);

    // Pulled again: nothing new.
    const again = await runOffersRemote(['pull', '--site', 'default', '--from', origin], {
      cwd: dir,
      env: { EDGE_ADMIN_TOKEN: TOKEN },
    });
    expect(again.output).toMatch(/already has every change/);
  });

  it('says so when the token is missing or refused, and writes nothing', async () => {
    const other = mkdtempSync(join(tmpdir(), 'offers-pull-'));
    expect((await runOffersRemote(['pull', '--site', 'x', '--from', origin], { cwd: other, env: {} })).code).toBe(2);
    const refused = await runOffersRemote(['pull', '--site', 'x', '--from', origin], {
      cwd: other,
      env: { EDGE_ADMIN_TOKEN: 'wrong-token-0123456789' },
    });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/HTTP 401/);
    expect(() => readFileSync(join(other, 'catalogs', 'x.overrides.json'))).toThrow();
  });

  it('lets the edge site’s entry win for the same offer', () => {
    const local = recordChange(emptyOverrides(), { action: 'hide', kind: 'coupon', id: 9 }, NOW, 'cli');
    const remote = recordChange(
      emptyOverrides(),
      { action: 'unhide', kind: 'coupon', id: 9 },
      new Date(NOW.getTime() + 1000),
      'session:x',
    );
    const { merged, changes } = mergeOverrides(local, remote);
    expect(merged.offers).toEqual([{ kind: 'coupon', id: 9, hidden: false }]);
    expect(changes).toEqual(['changed coupon:9']);
    expect(merged.audit).toHaveLength(2);
  });
});
