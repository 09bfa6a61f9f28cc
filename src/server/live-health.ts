/**
 * Counted code health read back from storage (issue 40 parts 1-3, docs/code-health.md "Live
 * health"): the feedback rows of D1 (the Worker) or node:sqlite (the reference API) as the
 * fields a coupon carries (`votes`, `lastWorkedAt`, `lastFailedAt`), for
 * - the pages the Worker renders on demand and `GET /api/coupons/{id}` (merged before render),
 * - `GET /api/health?ids=…`, one batched, edge-cached read per pre-rendered page after its paint,
 * - `GET /api/admin/health`, the export a build reads with `--health-from`.
 * The verdict itself is `isOffered` (src/catalog/health.ts). Nothing here imports Node or Cloudflare.
 */
import {
  type HealthCarrier,
  type HealthExport,
  isOffered,
  type VerdictThresholds,
  VOTE_WINDOW_MS,
  withCountedHealth,
} from '../catalog/health.ts';

export { type HealthExport, withCountedHealth };

import type { CouponHealthRow, HealthRow } from './records.ts';
import { healthOf, healthQuery } from './records.ts';
import type { SqlStorage } from './storage.ts';

/** D1 binds at most 100 values per statement: ids are read in groups of this many. */
const IDS_PER_QUERY = 90;
/** At most this many ids in one `GET /api/health?ids=…` (a listing page shows far fewer). */
export const MAX_HEALTH_IDS = 200;
/** How long the edge keeps a `GET /api/health` answer: answers show within a minute. */
export const HEALTH_MAX_AGE_S = 30;

/** Counted health of these coupon ids in the 30 days before `now` (ids without answers are absent). */
export async function healthOfIds(
  sql: SqlStorage,
  now: number,
  ids: readonly number[],
): Promise<Map<number, CouponHealthRow>> {
  const out = new Map<number, CouponHealthRow>();
  const unique = [...new Set(ids.filter((id) => Number.isSafeInteger(id)))];
  for (let i = 0; i < unique.length; i += IDS_PER_QUERY) {
    const group = unique.slice(i, i + IDS_PER_QUERY);
    const rows = await sql.all<HealthRow>(
      `SELECT coupon_id AS id, SUM(worked) AS worked, SUM(1 - worked) AS failed,
              MAX(CASE WHEN worked = 1 THEN at END) AS lastWorked,
              MAX(CASE WHEN worked = 0 THEN at END) AS lastFailed
         FROM feedback WHERE at > ? AND at <= ? AND coupon_id IN (${group.map(() => '?').join(', ')})
        GROUP BY coupon_id`,
      [now - VOTE_WINDOW_MS, now, ...group],
    );
    for (const [id, row] of healthOf(rows)) out.set(id, row);
  }
  return out;
}

/** Counted health of every coupon answered in the 30 days before `now` (the export). */
export async function healthOfAll(sql: SqlStorage, now: number): Promise<Map<number, CouponHealthRow>> {
  const q = healthQuery(now);
  return healthOf(await sql.all<HealthRow>(q.sql, q.params));
}

export function healthExport(rows: Map<number, CouponHealthRow>): HealthExport {
  const out: HealthExport = {};
  for (const [id, row] of [...rows].sort((a, b) => a[0] - b[0])) out[String(id)] = row;
  return out;
}

/** The ids of `?ids=1,2,3`: whole numbers, at most MAX_HEALTH_IDS; null when the list is unreadable. */
export function parseHealthIds(value: string | null): number[] | null {
  if (value === null || value.trim() === '') return null;
  const parts = value.split(',');
  if (parts.length > MAX_HEALTH_IDS) return null;
  const ids: number[] = [];
  for (const part of parts) {
    if (!/^\d{1,15}$/.test(part.trim())) return null;
    ids.push(Number(part.trim()));
  }
  return ids;
}

/**
 * The coupon as a page or reply outside the build may show it at `now`: counted health merged,
 * and, when the verdict says it is no longer offered, its code left out (`code: ""`) and
 * `offered: false`, so no page rendered from it can reveal it.
 */
export function withVerdict<C extends HealthCarrier & { code?: string; verifiedAt?: string | null }>(
  coupon: C,
  row: CouponHealthRow | undefined,
  now: number,
  thresholds: VerdictThresholds,
): C & { offered?: false } {
  const merged = withCountedHealth(coupon, row);
  const votes = merged.votes as { worked: number; failed: number } | null | undefined;
  if (isOffered({ ...merged, votes }, now, thresholds)) return merged;
  return { ...merged, code: '', offered: false };
}
