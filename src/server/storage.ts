/**
 * The storage the reference API's handlers write to (ARCHITECTURE "one API, two hosts"): a
 * SQLite database reached through this small interface, so the same SQL and the same rules run
 * in the Node reference server (node:sqlite, scripts/lib/api-server/sqlite-storage.ts) and in the
 * Worker of an edge site (Cloudflare D1, ./d1.ts). Nothing here imports Node or Cloudflare.
 */

/** A value bound to a `?` placeholder. */
export type SqlValue = string | number | null;

export interface SqlStorage {
  /** Runs one statement; `changes` is how many rows it inserted, updated or deleted. */
  run(sql: string, params?: readonly SqlValue[]): Promise<{ changes: number }>;
  /** The rows of one query, as plain objects. */
  all<Row extends Record<string, unknown>>(sql: string, params?: readonly SqlValue[]): Promise<Row[]>;
  /** Runs several statements in one transaction (all or none). */
  batch(statements: readonly { sql: string; params?: readonly SqlValue[] }[]): Promise<void>;
}

/** One statement per entry (D1 runs them one by one). */
export const SCHEMA: readonly string[] = [
  'CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)',
  `CREATE TABLE IF NOT EXISTS feedback (
    id INTEGER PRIMARY KEY,
    coupon_id INTEGER NOT NULL,
    worked INTEGER NOT NULL CHECK (worked IN (0, 1)),
    client TEXT NOT NULL,
    at INTEGER NOT NULL
  )`,
  'CREATE INDEX IF NOT EXISTS feedback_coupon_at ON feedback (coupon_id, at)',
  'CREATE INDEX IF NOT EXISTS feedback_client_at ON feedback (client, at)',
  `CREATE TABLE IF NOT EXISTS counts (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    target_id INTEGER NOT NULL,
    at INTEGER NOT NULL
  )`,
  'CREATE INDEX IF NOT EXISTS counts_kind_target ON counts (kind, target_id)',
  `CREATE TABLE IF NOT EXISTS contact (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL, email TEXT NOT NULL, subject TEXT NOT NULL, message TEXT NOT NULL,
    at INTEGER NOT NULL
  )`,
  'CREATE TABLE IF NOT EXISTS newsletter (email TEXT PRIMARY KEY, at INTEGER NOT NULL)',
  'CREATE TABLE IF NOT EXISTS ad_events (id INTEGER PRIMARY KEY, body TEXT NOT NULL, at INTEGER NOT NULL)',
  // What each address wrote, for the limits (./limiter.ts): the address as a salted hash.
  `CREATE TABLE IF NOT EXISTS hits (
    id INTEGER PRIMARY KEY,
    bucket TEXT NOT NULL,
    client TEXT NOT NULL,
    cost INTEGER NOT NULL,
    at INTEGER NOT NULL
  )`,
  'CREATE INDEX IF NOT EXISTS hits_bucket_client_at ON hits (bucket, client, at)',
  // Rows written per UTC day, for the daily write budget (./limiter.ts).
  'CREATE TABLE IF NOT EXISTS budget (day TEXT PRIMARY KEY, writes INTEGER NOT NULL)',
];

/** The tables that hold records (emptied by a reset; `meta` keeps the salt). */
export const RECORD_TABLES = ['feedback', 'counts', 'contact', 'newsletter', 'ad_events', 'hits', 'budget'] as const;
