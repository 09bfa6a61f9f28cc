/**
 * /api/* on an edge site (issue 32): the reference API's handlers (src/server/handlers.ts)
 * over the Worker's D1 database (binding DB): code feedback with its limits, the coupon with its
 * votes, contact messages, newsletter sign-ups and ad events.
 */

import { env } from 'cloudflare:workers';
import type { APIRoute } from 'astro';
import { site } from '../config/site.ts';
import { d1Storage } from '../server/d1.ts';
import { answerHealthApi } from '../server/health-api.ts';
import { createWriteGuard } from '../server/limiter.ts';
import { createRecords, ensureSchema } from '../server/records.ts';
import { answerApi, crossSiteFormWrite } from '../server/worker-api.ts';
import { answerEdgeAdmin, withOverrides } from './admin.ts';
import { edgeCached, edgeSql } from './health.ts';
import { edgeIndex, edgeNow, edgeShard, shardSource } from './runtime.ts';

export const prerender = false;

let ready: Promise<void> | undefined;

/**
 * The language a GET is answered in, as the reference API chooses it (docs/operators.md "API
 * contract: languages"): `lang` when it is a site language, else the first site language of
 * `Accept-Language` by its q-values, else the default language.
 */
function replyLanguage(request: Request, url: URL): string {
  const langs = site.site.supportedLanguages;
  const base = (tag: string) => tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  const asked = base(url.searchParams.get('lang') ?? '');
  if (langs.includes(asked)) return asked;
  const accepted = (request.headers.get('accept-language') ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.split(';');
      const q = Number(params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined) ?? 1);
      return { lang: base(tag), q, i };
    })
    .filter((x) => x.q > 0 && langs.includes(x.lang))
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return accepted[0]?.lang ?? site.site.defaultLanguage;
}

export const ALL: APIRoute = async ({ request, url }) => {
  // Astro's origin check is off for the edge (src/astro/edge-routes.ts): the same check, for every /api path.
  if (crossSiteFormWrite(request))
    return new Response(JSON.stringify({ message: 'Cross-site form submissions are forbidden' }), { status: 403 });
  // Counted health (issue 40): GET /api/health?ids=… (edge-cached) and GET /api/admin/health (bearer token).
  const health = await edgeCached(request, () =>
    answerHealthApi(request, {
      sql: edgeSql,
      now: () => edgeNow().getTime(),
      adminToken: env.EDGE_ADMIN_TOKEN,
    }),
  );
  if (health) return health;
  // The console's API (issue 40 parts 4-5): login, session, reads and writes of the overrides.
  const admin = await answerEdgeAdmin(request);
  if (admin) return admin;
  const sql = d1Storage(env.DB);
  ready ??= ensureSchema(sql).catch((error) => {
    ready = undefined;
    throw error;
  });
  await ready;
  const answer = await answerApi(request, {
    records: createRecords(sql),
    // Limits per address (CF-Connecting-IP) and the daily D1 write budget (issue 41).
    guard: createWriteGuard(sql, { limits: site.limits, dailyWrites: site.deploy.d1?.dailyWrites }),
    now: () => edgeNow().getTime(),
    verdict: site.health,
    couponById: async (id) => {
      const idx = await edgeIndex(url);
      const shard = idx.couponShard.get(id);
      if (shard === undefined) return null;
      // Issue 39: a GET is a reply of a language (as the reference API's), in its market only; a
      // write (a vote) finds its coupon whatever the market of the page it was cast on.
      const read = request.method === 'GET';
      const source = shardSource(
        // The operator's overrides (issue 40): a hidden coupon is no coupon, an edited text is shown.
        await withOverrides(await edgeShard(shard, idx.raw, url), edgeNow()),
        read ? replyLanguage(request, url) : site.site.defaultLanguage,
        edgeNow(),
        undefined,
        read,
      );
      return (await source.coupons.byId(id)) as Record<string, unknown> | null;
    },
  });
  return answer ?? new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
};
