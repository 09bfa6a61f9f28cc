/**
 * What the reference API server keeps (ARCHITECTURE "reference API storage", "one API, two
 * hosts"): shoppers' code feedback, coupon usage / click / copy and deal click records, contact
 * messages, newsletter sign-ups and ad events, in SQLite through Node's built-in `node:sqlite`
 * (no native download). `openStore(dir)` keeps them in `<dir>/api.sqlite`, so they survive a
 * restart; `openStore()` keeps them in memory (unit tests, the build's throwaway server).
 *
 * The tables, the feedback limits and the writes are src/server's (./storage.ts, ./records.ts),
 * shared with the Worker of an edge site (D1): this file adds the usage counts, a synchronous run
 * of the shared health query (the served catalog is rebuilt from it), the /__state view and the reset.
 * Nothing is ever seeded: every count is a row a request wrote (FTC 16 CFR 465).
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import {
  COUNT_KINDS,
  type ContactMessage,
  type CountKind,
  type CouponHealthRow,
  createRecords,
  FEEDBACK_PER_HOUR,
  FEEDBACK_WINDOW_MS,
  type FeedbackOutcome,
  type HealthRow,
  healthOf,
  healthQuery,
  type Records,
} from '../../../src/server/records.ts';
import { RECORD_TABLES, SCHEMA, type SqlStorage } from '../../../src/server/storage.ts';
import { sqliteStorage } from './sqlite-storage.ts';

export type { ContactMessage, CouponHealthRow, FeedbackOutcome };
export { FEEDBACK_PER_HOUR, FEEDBACK_WINDOW_MS };

export const DB_FILE = 'api.sqlite';

export { COUNT_KINDS, type CountKind };

export interface StoredRecords {
  counts: Record<CountKind, Record<string, number>>;
  contactMessages: ContactMessage[];
  newsletterSubscribers: string[];
  adEvents: unknown[];
}

/** The shared records (feedback with its limits, contact, newsletter, ad events) and the Node-only parts. */
export interface Store extends Omit<Records, 'health' | 'count'> {
  /** Where the database is: a file path, or ":memory:". */
  readonly location: string;
  /** The shared records over this database (src/server/records.ts). */
  readonly records: Records;
  /** The database as `SqlStorage` (the code-health reads of issue 40, src/server/health-api.ts). */
  readonly sql: SqlStorage;
  /** Records one usage / click / copy; returns the new total for that id. */
  count(kind: CountKind, id: number, at: number): number;
  /** Per coupon id: votes, last worked and last failed of the 30 days before `now`. */
  health(now: number): Map<number, CouponHealthRow>;
  /** Everything stored, for the in-memory view (/__state) at start-up. */
  load(): StoredRecords;
  /** Empties every table (DELETE /__state). */
  reset(): void;
  close(): void;
}

/** Opens (creating when needed) the store in folder `dir`, or in memory without one. */
export function openStore(dir?: string): Store {
  let location = ':memory:';
  if (dir) {
    const folder = resolve(dir);
    mkdirSync(folder, { recursive: true });
    location = join(folder, DB_FILE);
  }
  const db = new DatabaseSync(location);
  if (dir) db.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000;');
  for (const statement of SCHEMA) db.exec(statement);
  const sql = sqliteStorage(db);
  const records = createRecords(sql);

  const insertCount = db.prepare('INSERT INTO counts (kind, target_id, at) VALUES (?, ?, ?)');
  const countOf = db.prepare('SELECT COUNT(*) AS n FROM counts WHERE kind = ? AND target_id = ?');
  return {
    location,
    records,
    sql,
    addFeedback: (...args) => records.addFeedback(...args),
    addContact: (...args) => records.addContact(...args),
    addSubscriber: (...args) => records.addSubscriber(...args),
    addAdEvents: (...args) => records.addAdEvents(...args),
    count(kind, id, at) {
      insertCount.run(kind, id, at);
      return Number((countOf.get(kind, id) as { n: number }).n);
    },
    health(now) {
      const query = healthQuery(now);
      return healthOf(db.prepare(query.sql).all(...query.params) as HealthRow[]);
    },
    load() {
      const counts = Object.fromEntries(COUNT_KINDS.map((k) => [k, {} as Record<string, number>])) as Record<
        CountKind,
        Record<string, number>
      >;
      for (const row of db
        .prepare('SELECT kind, target_id AS id, COUNT(*) AS n FROM counts GROUP BY kind, target_id')
        .all() as {
        kind: string;
        id: number;
        n: number;
      }[]) {
        const bucket = counts[row.kind as CountKind];
        if (bucket) bucket[String(row.id)] = Number(row.n);
      }
      return {
        counts,
        contactMessages: db
          .prepare('SELECT name, email, subject, message FROM contact ORDER BY id')
          .all()
          .map((r) => ({ ...(r as ContactMessage) })),
        newsletterSubscribers: (
          db.prepare('SELECT email FROM newsletter ORDER BY at, email').all() as { email: string }[]
        ).map((r) => r.email),
        adEvents: (db.prepare('SELECT body FROM ad_events ORDER BY id').all() as { body: string }[]).map((r) =>
          JSON.parse(r.body),
        ),
      };
    },
    reset() {
      for (const table of RECORD_TABLES) db.exec(`DELETE FROM ${table}`);
    },
    close() {
      if (db.isOpen) db.close();
    },
  };
}
