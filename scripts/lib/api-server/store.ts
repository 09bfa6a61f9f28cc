/**
 * What the reference API server keeps (ARCHITECTURE "reference API storage"): shoppers' code
 * feedback, coupon usage / click / copy and deal click records, contact messages, newsletter
 * sign-ups and ad events, in SQLite through Node's built-in `node:sqlite` (no native download).
 * `openStore(dir)` keeps them in `<dir>/api.sqlite`, so they survive a restart; `openStore()`
 * keeps them in memory (unit tests, the build's throwaway server).
 *
 * Feedback is rate-limited per address and coupon (one answer per coupon per address per
 * `FEEDBACK_WINDOW_MS`) and per address (`FEEDBACK_PER_HOUR`); addresses are stored only as a
 * salted hash. `health(now)` aggregates the last 30 days into the fields coupon replies carry.
 * Nothing is ever seeded: every count is a row a request wrote (FTC 16 CFR 465).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { VOTE_WINDOW_MS } from '../../../src/catalog/health.ts';

/** One answer per coupon per address in this time. */
export const FEEDBACK_WINDOW_MS = 24 * 60 * 60 * 1000;
/** At most this many answers per address per hour, over all coupons. */
export const FEEDBACK_PER_HOUR = 30;
const HOUR = 60 * 60 * 1000;

export const DB_FILE = 'api.sqlite';

export type CountKind = 'couponUsage' | 'couponClicks' | 'couponCopies' | 'dealClicks';
export const COUNT_KINDS: readonly CountKind[] = ['couponUsage', 'couponClicks', 'couponCopies', 'dealClicks'];

export type ContactMessage = { name: string; email: string; subject: string; message: string };

export type CouponHealthRow = {
  lastWorkedAt: string | null;
  lastFailedAt: string | null;
  votes: { worked: number; failed: number };
};

export type FeedbackOutcome = { accepted: true } | { accepted: false; reason: 'coupon' | 'address' };

export interface StoredRecords {
  counts: Record<CountKind, Record<string, number>>;
  contactMessages: ContactMessage[];
  newsletterSubscribers: string[];
  adEvents: unknown[];
}

export interface Store {
  /** Where the database is: a file path, or ":memory:". */
  readonly location: string;
  /** Records one usage / click / copy; returns the new total for that id. */
  count(kind: CountKind, id: number, at: number): number;
  /** Records an answer unless the address is over its limits. */
  addFeedback(couponId: number, worked: boolean, address: string, at: number): FeedbackOutcome;
  /** Per coupon id: votes, last worked and last failed of the 30 days before `now`. */
  health(now: number): Map<number, CouponHealthRow>;
  addContact(message: ContactMessage, at: number): void;
  /** false when the address was already subscribed. */
  addSubscriber(email: string, at: number): boolean;
  addAdEvents(events: readonly unknown[], at: number): void;
  /** Everything stored, for the in-memory view (/__state) at start-up. */
  load(): StoredRecords;
  /** Empties every table (DELETE /__state). */
  reset(): void;
  close(): void;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS feedback (
    id INTEGER PRIMARY KEY,
    coupon_id INTEGER NOT NULL,
    worked INTEGER NOT NULL CHECK (worked IN (0, 1)),
    client TEXT NOT NULL,
    at INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS feedback_coupon_at ON feedback (coupon_id, at);
  CREATE INDEX IF NOT EXISTS feedback_client_at ON feedback (client, at);
  CREATE TABLE IF NOT EXISTS counts (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    target_id INTEGER NOT NULL,
    at INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS counts_kind_target ON counts (kind, target_id);
  CREATE TABLE IF NOT EXISTS contact (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL, email TEXT NOT NULL, subject TEXT NOT NULL, message TEXT NOT NULL,
    at INTEGER NOT NULL
  );
  CREATE TABLE IF NOT EXISTS newsletter (email TEXT PRIMARY KEY, at INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS ad_events (id INTEGER PRIMARY KEY, body TEXT NOT NULL, at INTEGER NOT NULL);
`;

const TABLES = ['feedback', 'counts', 'contact', 'newsletter', 'ad_events'];

const iso = (ms: number | null | undefined) => (typeof ms === 'number' ? new Date(ms).toISOString() : null);

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
  db.exec(SCHEMA);

  // Addresses are kept only as a hash with a salt of this database: enough to apply the limits.
  let salt = (db.prepare('SELECT value FROM meta WHERE key = ?').get('salt') as { value: string } | undefined)?.value;
  if (!salt) {
    salt = randomBytes(16).toString('hex');
    db.prepare('INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)').run('salt', salt);
  }
  const hashOf = (address: string) => createHash('sha256').update(`${salt}:${address}`).digest('hex').slice(0, 32);

  const insertCount = db.prepare('INSERT INTO counts (kind, target_id, at) VALUES (?, ?, ?)');
  const countOf = db.prepare('SELECT COUNT(*) AS n FROM counts WHERE kind = ? AND target_id = ?');
  const sameCoupon = db.prepare('SELECT COUNT(*) AS n FROM feedback WHERE client = ? AND coupon_id = ? AND at > ?');
  const sameAddress = db.prepare('SELECT COUNT(*) AS n FROM feedback WHERE client = ? AND at > ?');
  const insertFeedback = db.prepare('INSERT INTO feedback (coupon_id, worked, client, at) VALUES (?, ?, ?, ?)');
  const aggregate = db.prepare(`
    SELECT coupon_id AS id,
           SUM(worked) AS worked,
           SUM(1 - worked) AS failed,
           MAX(CASE WHEN worked = 1 THEN at END) AS lastWorked,
           MAX(CASE WHEN worked = 0 THEN at END) AS lastFailed
      FROM feedback WHERE at > ? AND at <= ? GROUP BY coupon_id`);

  return {
    location,
    count(kind, id, at) {
      insertCount.run(kind, id, at);
      return Number((countOf.get(kind, id) as { n: number }).n);
    },
    addFeedback(couponId, worked, address, at) {
      const client = hashOf(address);
      if (Number((sameCoupon.get(client, couponId, at - FEEDBACK_WINDOW_MS) as { n: number }).n) > 0)
        return { accepted: false, reason: 'coupon' };
      if (Number((sameAddress.get(client, at - HOUR) as { n: number }).n) >= FEEDBACK_PER_HOUR)
        return { accepted: false, reason: 'address' };
      insertFeedback.run(couponId, worked ? 1 : 0, client, at);
      return { accepted: true };
    },
    health(now) {
      const out = new Map<number, CouponHealthRow>();
      for (const row of aggregate.all(now - VOTE_WINDOW_MS, now) as {
        id: number;
        worked: number;
        failed: number;
        lastWorked: number | null;
        lastFailed: number | null;
      }[]) {
        out.set(Number(row.id), {
          lastWorkedAt: iso(row.lastWorked === null ? null : Number(row.lastWorked)),
          lastFailedAt: iso(row.lastFailed === null ? null : Number(row.lastFailed)),
          votes: { worked: Number(row.worked), failed: Number(row.failed) },
        });
      }
      return out;
    },
    addContact(m, at) {
      db.prepare('INSERT INTO contact (name, email, subject, message, at) VALUES (?, ?, ?, ?, ?)').run(
        m.name,
        m.email,
        m.subject,
        m.message,
        at,
      );
    },
    addSubscriber(email, at) {
      return (
        Number(db.prepare('INSERT OR IGNORE INTO newsletter (email, at) VALUES (?, ?)').run(email, at).changes) > 0
      );
    },
    addAdEvents(events, at) {
      const insert = db.prepare('INSERT INTO ad_events (body, at) VALUES (?, ?)');
      db.exec('BEGIN');
      try {
        for (const e of events) insert.run(JSON.stringify(e ?? null), at);
        db.exec('COMMIT');
      } catch (error) {
        db.exec('ROLLBACK');
        throw error;
      }
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
      for (const table of TABLES) db.exec(`DELETE FROM ${table}`);
    },
    close() {
      if (db.isOpen) db.close();
    },
  };
}
