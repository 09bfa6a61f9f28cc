/**
 * The console's API (/api/admin/, src/server/admin-routes.ts) in the Node reference API, over its
 * node:sqlite storage, as the Worker of an edge site answers it: the same gate, the same
 * overrides document, applied to the catalog the server answers from (`apply`).
 *
 * Secrets from the environment as with `npm run edge`: ADMIN_PASSWORD (hashed at start) or
 * ADMIN_PASSWORD_HASH, ADMIN_SESSION_SECRET (a random one per start when unset), EDGE_ADMIN_TOKEN.
 * Without a password the console answers 503.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type CatalogLanguage, resolveText } from '../../../src/catalog/localized.ts';
import { applyOverrides, type Overrides } from '../../../src/catalog/overrides.ts';
import type { LocalizedCatalog } from '../../../src/catalog/schemas.ts';
import { answerAdminApi } from '../../../src/server/admin-routes.ts';
import { hashPassword } from '../../../src/server/admin-session.ts';
import { ensureAdminSchema, readOverrides } from '../../../src/server/admin-store.ts';
import { createWriteGuard } from '../../../src/server/limiter.ts';
import type { SqlStorage } from '../../../src/server/storage.ts';

export interface ReferenceAdminOptions {
  sql: SqlStorage;
  now: () => number;
  /** The catalog as loaded (overrides not applied). */
  catalog: LocalizedCatalog;
  defaultLang: CatalogLanguage;
  env?: Record<string, string | undefined>;
  /** After a change (the server rebuilds what it answers from). */
  onChange: () => void;
}

export async function createReferenceAdmin(options: ReferenceAdminOptions) {
  const { sql, catalog, defaultLang } = options;
  const env = options.env ?? process.env;
  await ensureAdminSchema(sql);
  let current: { version: number; overrides: Overrides } = await readOverrides(sql);
  const passwordHash = env.ADMIN_PASSWORD ? await hashPassword(env.ADMIN_PASSWORD) : env.ADMIN_PASSWORD_HASH;
  const sessionSecret = env.ADMIN_SESSION_SECRET ?? randomBytes(32).toString('hex');
  const guard = createWriteGuard(sql);
  const text = (v: Parameters<typeof resolveText>[0], neutral = false) =>
    resolveText(v, defaultLang, defaultLang, neutral);

  return {
    /** The catalog with the stored overrides applied at `at` (the same object when there are none). */
    apply(base: LocalizedCatalog, at: number): LocalizedCatalog {
      return current.version === 0 ? base : applyOverrides(base, current.overrides, new Date(at), defaultLang);
    },
    /** The reply to /api/admin/… (but /api/admin/health), or null. */
    async answer(req: IncomingMessage, url: URL, rawBody: string): Promise<Response | null> {
      if (!url.pathname.startsWith('/api/admin') || url.pathname.replace(/\/$/, '') === '/api/admin/health')
        return null;
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
      const method = req.method ?? 'GET';
      const request = new Request(new URL(url.pathname + url.search, 'http://localhost'), {
        method,
        headers,
        ...(method === 'POST' ? { body: rawBody } : {}),
      });
      return answerAdminApi(request, {
        sql: async () => sql,
        now: options.now,
        guard,
        address: req.socket.remoteAddress ?? 'unknown',
        passwordHash,
        sessionSecret,
        adminToken: env.EDGE_ADMIN_TOKEN,
        coupon: async (id) => {
          const c = catalog.coupons.find((x) => x.id === id);
          return c
            ? { id, brand: text(c.brand?.name, true), brandId: c.brandId, name: text(c.name), code: c.code ?? '' }
            : null;
        },
        search: async (q, limit) => {
          const needle = q.toLowerCase();
          const asId = /^\d+$/.test(q) ? Number(q) : null;
          const hits = [
            ...catalog.coupons.map((c) => ({ kind: 'coupon' as const, o: c, title: text(c.name) })),
            ...catalog.deals.map((d) => ({ kind: 'deal' as const, o: d, title: text(d.title) })),
          ]
            .map(({ kind, o, title }) => ({
              kind,
              id: o.id,
              title,
              brand: text(o.brand?.name, true),
              brandId: o.brandId,
            }))
            .filter(
              (h) =>
                h.id === asId ||
                h.brandId === asId ||
                h.title.toLowerCase().includes(needle) ||
                h.brand.toLowerCase().includes(needle),
            );
          return hits.slice(0, limit);
        },
        importReport: async () => null,
        changed: async () => {
          current = await readOverrides(sql);
          options.onChange();
        },
      });
    },
  };
}
