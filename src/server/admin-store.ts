/**
 * What the console keeps in D1 (issue 40 part 4/5), over a `SqlStorage` (./storage.ts):
 *
 * - `admin_overrides`: ONE row, the overrides document (src/catalog/overrides.ts, the same schema
 *   as `catalogs/<site>.overrides.json`) and its version, raised by every change; the Worker
 *   applies the document at request time and keys its edge cache by the version.
 * - `admin_audit`: every change and every refusal (what, when, which session, the address as a
 *   salted hash), newest first in the console.
 * - `admin_dismissed`: coupons taken out of the reports queue (until a newer "didn't work").
 * - `admin_revoked`: sessions ended by a logout (until they would have expired).
 */
import {
  emptyOverrides,
  type OverrideChange,
  type Overrides,
  parseOverrides,
  recordChange,
} from '../catalog/overrides.ts';
import { addressHasher } from './records.ts';
import type { SqlStorage } from './storage.ts';

export const ADMIN_SCHEMA: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS admin_overrides (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    version INTEGER NOT NULL,
    doc TEXT NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS admin_audit (
    id INTEGER PRIMARY KEY,
    at INTEGER NOT NULL,
    action TEXT NOT NULL,
    target TEXT NOT NULL,
    by TEXT NOT NULL,
    client TEXT NOT NULL,
    detail TEXT
  )`,
  'CREATE INDEX IF NOT EXISTS admin_audit_at ON admin_audit (at)',
  'CREATE TABLE IF NOT EXISTS admin_dismissed (coupon_id INTEGER PRIMARY KEY, at INTEGER NOT NULL)',
  'CREATE TABLE IF NOT EXISTS admin_revoked (session_id TEXT PRIMARY KEY, until INTEGER NOT NULL)',
];

export async function ensureAdminSchema(sql: SqlStorage): Promise<void> {
  for (const statement of ADMIN_SCHEMA) await sql.run(statement);
}

export type AuditRow = { at: string; action: string; target: string; by: string; detail: string | null };

/** The overrides document as stored and its version (0 and an empty document before the first change). */
export async function readOverrides(sql: SqlStorage): Promise<{ version: number; overrides: Overrides }> {
  const row = (
    await sql.all<{ version: number; doc: string }>('SELECT version, doc FROM admin_overrides WHERE id = 1')
  )[0];
  if (!row) return { version: 0, overrides: emptyOverrides() };
  return { version: Number(row.version), overrides: parseOverrides(JSON.parse(row.doc), 'D1 admin_overrides') };
}

/** Only the version (what a request reads to know whether its copy is current). */
export async function overridesVersion(sql: SqlStorage): Promise<number> {
  const row = (await sql.all<{ version: number }>('SELECT version FROM admin_overrides WHERE id = 1'))[0];
  return row ? Number(row.version) : 0;
}

/**
 * Makes one change (recordChange: validated and audited in the document) and stores it; a
 * concurrent change is not lost (the write holds only if the version did not move; else it is
 * made again on the newer document).
 */
export async function changeOverrides(
  sql: SqlStorage,
  change: OverrideChange,
  at: Date,
  by: string,
): Promise<{ version: number; overrides: Overrides }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await readOverrides(sql);
    const next = recordChange(current.overrides, change, at, by);
    const version = current.version + 1;
    const { changes } =
      current.version === 0
        ? await sql.run('INSERT OR IGNORE INTO admin_overrides (id, version, doc) VALUES (1, ?, ?)', [
            version,
            JSON.stringify(next),
          ])
        : await sql.run('UPDATE admin_overrides SET version = ?, doc = ? WHERE id = 1 AND version = ?', [
            version,
            JSON.stringify(next),
            current.version,
          ]);
    if (changes > 0) return { version, overrides: next };
  }
  throw new Error('The overrides changed too often at once: try again');
}

export interface AdminLog {
  /** One audit row: `by` is "session:<id>" or "anonymous"; the address is stored as a salted hash. */
  write(entry: {
    at: number;
    action: string;
    target: string;
    by: string;
    address: string;
    detail?: string;
  }): Promise<void>;
  list(limit?: number): Promise<AuditRow[]>;
}

export function adminLog(sql: SqlStorage): AdminLog {
  const hashOf = addressHasher(sql);
  return {
    async write(e) {
      await sql.run('INSERT INTO admin_audit (at, action, target, by, client, detail) VALUES (?, ?, ?, ?, ?, ?)', [
        e.at,
        e.action,
        e.target,
        e.by,
        await hashOf(e.address),
        e.detail ?? null,
      ]);
    },
    async list(limit = 200) {
      const rows = await sql.all<{ at: number; action: string; target: string; by: string; detail: string | null }>(
        'SELECT at, action, target, by, detail FROM admin_audit ORDER BY at DESC, id DESC LIMIT ?',
        [limit],
      );
      return rows.map((r) => ({ ...r, at: new Date(Number(r.at)).toISOString(), detail: r.detail ?? null }));
    },
  };
}

export async function revokeSession(sql: SqlStorage, id: string, until: number): Promise<void> {
  await sql.run('INSERT OR IGNORE INTO admin_revoked (session_id, until) VALUES (?, ?)', [id, until]);
}

export async function isRevoked(sql: SqlStorage, id: string): Promise<boolean> {
  return (await sql.all('SELECT 1 AS x FROM admin_revoked WHERE session_id = ?', [id])).length > 0;
}

export async function dismissReport(sql: SqlStorage, couponId: number, at: number): Promise<void> {
  await sql.run(
    'INSERT INTO admin_dismissed (coupon_id, at) VALUES (?, ?) ON CONFLICT (coupon_id) DO UPDATE SET at = excluded.at',
    [couponId, at],
  );
}

export type ReportRow = {
  id: number;
  failures: number;
  successes: number;
  lastAnswers: { worked: boolean; at: string }[];
};

/** Answers of the last 30 days counted per coupon. */
const WINDOW_MS = 30 * 24 * 60 * 60 * 1000;
/** Last answers shown per reported coupon. */
const LAST_ANSWERS = 5;

/**
 * Coupons with "didn't work" answers in the 30 days before `now`, worst first (most failures,
 * then fewest successes, then the latest failure); a dismissed coupon comes back only with a
 * failure newer than its dismissal.
 */
export async function reportedCoupons(sql: SqlStorage, now: number, limit = 100): Promise<ReportRow[]> {
  const rows = await sql.all<{ id: number; failures: number; successes: number; lastFailed: number }>(
    `SELECT f.coupon_id AS id, SUM(1 - f.worked) AS failures, SUM(f.worked) AS successes,
            MAX(CASE WHEN f.worked = 0 THEN f.at END) AS lastFailed
       FROM feedback f LEFT JOIN admin_dismissed d ON d.coupon_id = f.coupon_id
      WHERE f.at > ? AND f.at <= ?
      GROUP BY f.coupon_id
     HAVING SUM(1 - f.worked) > 0 AND MAX(CASE WHEN f.worked = 0 THEN f.at END) > COALESCE(MAX(d.at), 0)
      ORDER BY failures DESC, successes ASC, lastFailed DESC
      LIMIT ?`,
    [now - WINDOW_MS, now, limit],
  );
  const out: ReportRow[] = [];
  for (const r of rows) {
    const answers = await sql.all<{ worked: number; at: number }>(
      'SELECT worked, at FROM feedback WHERE coupon_id = ? AND at <= ? ORDER BY at DESC LIMIT ?',
      [r.id, now, LAST_ANSWERS],
    );
    out.push({
      id: Number(r.id),
      failures: Number(r.failures),
      successes: Number(r.successes),
      lastAnswers: answers.map((a) => ({ worked: Number(a.worked) === 1, at: new Date(Number(a.at)).toISOString() })),
    });
  }
  return out;
}
