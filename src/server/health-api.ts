/**
 * The two code-health reads of issue 40 (docs/code-health.md "Live health"), for the Worker of an
 * edge site (src/edge/api-route.ts) and the Node reference API (scripts/lib/api-server/server.ts):
 *
 * - `GET /api/health?ids=1,2,3`: counted health of those coupons (at most MAX_HEALTH_IDS), the
 *   one batched request a pre-rendered page makes after its paint. Public, cached at the edge for
 *   HEALTH_MAX_AGE_S (`s-maxage`), so answers show within a minute.
 *   Reply: `{success: true, data: {"<id>": {votes, lastWorkedAt, lastFailedAt}}}` (ids nobody
 *   answered for are absent).
 * - `GET /api/admin/health`: every coupon's counted health of the last 30 days, for
 *   `npm run build -- --health-from <origin>`; `Authorization: Bearer <EDGE_ADMIN_TOKEN>`
 *   (./admin-token.ts), 401 without it. Reply: `{success: true, data: {generatedAt, coupons}}`.
 *
 * Web-standard `Request`/`Response` only.
 */
import { hasAdminToken } from './admin-token.ts';
import { HEALTH_MAX_AGE_S, healthExport, healthOfAll, healthOfIds, parseHealthIds } from './live-health.ts';
import type { SqlStorage } from './storage.ts';

export const HEALTH_PATH = '/api/health';
export const ADMIN_HEALTH_PATH = '/api/admin/health';

export interface HealthApiDeps {
  sql: () => Promise<SqlStorage>;
  now: () => number;
  /** EDGE_ADMIN_TOKEN (a Worker secret; the reference API's environment). */
  adminToken: string | undefined;
}

const json = (status: number, body: unknown, cache = 'no-store', extra: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': cache, ...extra },
  });

/** The reply to one of the two health paths, or null for any other request. */
export async function answerHealthApi(request: Request, deps: HealthApiDeps): Promise<Response | null> {
  const url = new URL(request.url);
  const path = url.pathname.replace(/\/$/, '');
  if (path !== HEALTH_PATH && path !== ADMIN_HEALTH_PATH) return null;
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return json(405, { message: 'Method not allowed' }, 'no-store', { Allow: 'GET' });
  if (path === HEALTH_PATH) {
    const ids = parseHealthIds(url.searchParams.get('ids'));
    if (ids === null)
      return json(400, { message: 'ids must be a comma-separated list of at most 200 coupon ids, e.g. ?ids=12,40' });
    const rows = await healthOfIds(await deps.sql(), deps.now(), ids);
    return json(
      200,
      { success: true, data: healthExport(rows) },
      `public, max-age=0, s-maxage=${HEALTH_MAX_AGE_S}, stale-while-revalidate=${HEALTH_MAX_AGE_S}`,
    );
  }
  if (!hasAdminToken(request.headers.get('Authorization'), deps.adminToken)) {
    console.warn(`[admin] ${ADMIN_HEALTH_PATH} refused: no valid bearer token`);
    return json(
      401,
      { message: 'A valid admin token is required (Authorization: Bearer <EDGE_ADMIN_TOKEN>)' },
      'no-store',
      {
        'WWW-Authenticate': 'Bearer',
      },
    );
  }
  const now = deps.now();
  const rows = await healthOfAll(await deps.sql(), now);
  return json(200, {
    success: true,
    data: { generatedAt: new Date(now).toISOString(), coupons: healthExport(rows) },
  });
}
