/**
 * `npm run build -- --site <id> --health-from <origin>` (issue 40 part 3, docs/operators.md
 * "Code health into the build"): reads the counted code health of the deployed edge site (its
 * Worker's D1) or of the reference API (its SQLite) through `GET <origin>/api/admin/health`,
 * authorized by `Authorization: Bearer $EDGE_ADMIN_TOKEN`, and writes it to a file the build
 * merges into the catalog (BUILD_HEALTH_FILE, src/sources/build.ts), so pre-rendered pages,
 * without JavaScript, say what shoppers said.
 *
 * Decided: a build asked for `--health-from` that cannot read it FAILS that site (a clear
 * message, nothing written): pages built without it would silently offer codes shoppers
 * reported dead, and the deployed site keeps serving the last good build meanwhile.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HealthExport } from '../../../src/server/live-health.ts';

export const HEALTH_FILE = 'health.json';
const TIMEOUT_MS = 30_000;

export class HealthFromError extends Error {}

/** The export's body, checked: `{data: {generatedAt, coupons: {"<id>": {votes, lastWorkedAt, lastFailedAt}}}}`. */
export function readHealthExport(body: unknown, origin: string): { generatedAt: string; coupons: HealthExport } {
  const data = (body as { data?: unknown } | null)?.data as { generatedAt?: unknown; coupons?: unknown } | undefined;
  if (!data || typeof data.generatedAt !== 'string' || !data.coupons || typeof data.coupons !== 'object')
    throw new HealthFromError(
      `--health-from ${origin}: the reply is not a code-health export (data.coupons is missing)`,
    );
  const coupons: HealthExport = {};
  for (const [id, row] of Object.entries(data.coupons as Record<string, unknown>)) {
    const r = row as { votes?: { worked?: unknown; failed?: unknown }; lastWorkedAt?: unknown; lastFailedAt?: unknown };
    const whole = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n >= 0;
    const date = (d: unknown) => d === null || (typeof d === 'string' && !Number.isNaN(Date.parse(d)));
    if (
      !/^\d+$/.test(id) ||
      !whole(r?.votes?.worked) ||
      !whole(r?.votes?.failed) ||
      !date(r.lastWorkedAt ?? null) ||
      !date(r.lastFailedAt ?? null)
    )
      throw new HealthFromError(
        `--health-from ${origin}: data.coupons["${id}"] is not {votes: {worked, failed}, lastWorkedAt, lastFailedAt}`,
      );
    coupons[id] = {
      votes: { worked: r.votes!.worked as number, failed: r.votes!.failed as number },
      lastWorkedAt: (r.lastWorkedAt as string | null) ?? null,
      lastFailedAt: (r.lastFailedAt as string | null) ?? null,
    };
  }
  return { generatedAt: data.generatedAt, coupons };
}

/**
 * Fetches the export from `origin` and writes it to `<dir>/health.json`; returns the file and how
 * many coupons it holds. Throws HealthFromError with what went wrong (never the token).
 */
export async function fetchHealthExport(
  origin: string,
  token: string | undefined,
  dir: string,
): Promise<{ file: string; coupons: number; generatedAt: string }> {
  let url: URL;
  try {
    url = new URL('/api/admin/health', origin);
  } catch {
    throw new HealthFromError(`--health-from must be the site's address, e.g. https://deals.example, got "${origin}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new HealthFromError(`--health-from must be an http(s) address, got "${origin}"`);
  if (!token)
    throw new HealthFromError(
      '--health-from needs EDGE_ADMIN_TOKEN in the environment (the same value as the Worker secret EDGE_ADMIN_TOKEN)',
    );
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new HealthFromError(`--health-from ${url.origin}: cannot reach ${url.href} (${(error as Error).message})`);
  }
  if (res.status === 401)
    throw new HealthFromError(
      `--health-from ${url.origin}: 401, the token was refused (EDGE_ADMIN_TOKEN must equal the Worker secret)`,
    );
  if (!res.ok) throw new HealthFromError(`--health-from ${url.origin}: ${url.pathname} answered HTTP ${res.status}`);
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new HealthFromError(`--health-from ${url.origin}: ${url.pathname} did not answer JSON`);
  }
  const health = readHealthExport(body, url.origin);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, HEALTH_FILE);
  writeFileSync(file, JSON.stringify(health));
  return { file, coupons: Object.keys(health.coupons).length, generatedAt: health.generatedAt };
}
