/**
 * What the reference API keeps, over a `SqlStorage` (./storage.ts): shoppers' code feedback with
 * its limits, the code health aggregated from it, contact messages, newsletter sign-ups and ad
 * events. The same code for the Node server (node:sqlite) and the Worker (D1).
 *
 * Feedback is rate-limited per address and coupon (one answer per coupon per address per
 * `FEEDBACK_WINDOW_MS`) and per address (`FEEDBACK_PER_HOUR`); addresses are stored only as a
 * salted hash (the salt is made once per database). Nothing is ever seeded: every count is a row
 * a request wrote (FTC 16 CFR 465).
 */
import type { CountedHealth } from '../catalog/health.ts';
import { VOTE_WINDOW_MS } from '../catalog/health.ts';
import { SCHEMA, type SqlStorage } from './storage.ts';

/** One answer per coupon per address in this time. */
export const FEEDBACK_WINDOW_MS = 24 * 60 * 60 * 1000;
/** At most this many answers per address per hour, over all coupons. */
export const FEEDBACK_PER_HOUR = 30;
const HOUR = 60 * 60 * 1000;

export type ContactMessage = { name: string; email: string; subject: string; message: string };

export type CouponHealthRow = CountedHealth;

export type FeedbackOutcome =
  | { accepted: true }
  | { accepted: false; reason: 'coupon' | 'address' /** When an answer would be taken again. */; retryAfterMs: number };

/** What a request can count: a coupon used, opened or copied, a deal opened. */
export const COUNT_KINDS = ['couponUsage', 'couponClicks', 'couponCopies', 'dealClicks'] as const;
export type CountKind = (typeof COUNT_KINDS)[number];

export interface Records {
  /** Records one usage / click / copy; returns the new total for that id. */
  count(kind: CountKind, id: number, at: number): Promise<number>;
  addFeedback(couponId: number, worked: boolean, address: string, at: number): Promise<FeedbackOutcome>;
  /** Per coupon id: votes, last worked and last failed of the 30 days before `now`. */
  health(now: number, couponId?: number): Promise<Map<number, CouponHealthRow>>;
  addContact(message: ContactMessage, at: number): Promise<void>;
  /** false when the address was already subscribed. */
  addSubscriber(email: string, at: number): Promise<boolean>;
  addAdEvents(events: readonly unknown[], at: number): Promise<void>;
}

const iso = (ms: unknown) => (ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString());

function hex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A row of the health query. */
export type HealthRow = {
  id: number;
  worked: number;
  failed: number;
  lastWorked: number | null;
  lastFailed: number | null;
};

/**
 * The code health query, the one place it is written (the Worker's D1 and the reference API's
 * synchronous read, scripts/lib/api-server/store.ts): votes and the last worked / failed answer
 * per coupon in the 30 days before `now`, of every coupon or of one.
 */
export function healthQuery(now: number, couponId?: number): { sql: string; params: number[] } {
  const params: number[] = [now - VOTE_WINDOW_MS, now];
  if (couponId !== undefined) params.push(couponId);
  return {
    sql: `SELECT coupon_id AS id,
                SUM(worked) AS worked,
                SUM(1 - worked) AS failed,
                MAX(CASE WHEN worked = 1 THEN at END) AS lastWorked,
                MAX(CASE WHEN worked = 0 THEN at END) AS lastFailed
           FROM feedback WHERE at > ? AND at <= ?${couponId === undefined ? '' : ' AND coupon_id = ?'}
          GROUP BY coupon_id`,
    params,
  };
}

/** The health query's rows by coupon id. */
export function healthOf(rows: readonly HealthRow[]): Map<number, CouponHealthRow> {
  const out = new Map<number, CouponHealthRow>();
  for (const row of rows) {
    out.set(Number(row.id), {
      lastWorkedAt: iso(row.lastWorked),
      lastFailedAt: iso(row.lastFailed),
      votes: { worked: Number(row.worked), failed: Number(row.failed) },
    });
  }
  return out;
}

/** Creates the tables when missing (both hosts call it once at start). */
export async function ensureSchema(sql: SqlStorage): Promise<void> {
  for (const statement of SCHEMA) await sql.run(statement);
}

async function saltOf(sql: SqlStorage): Promise<string> {
  const read = async () => (await sql.all<{ value: string }>('SELECT value FROM meta WHERE key = ?', ['salt']))[0];
  const found = await read();
  if (found) return found.value;
  const fresh = hex(crypto.getRandomValues(new Uint8Array(16)).buffer as ArrayBuffer);
  await sql.run('INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)', ['salt', fresh]);
  // Two first requests at once: both use the one that was stored.
  return (await read())?.value ?? fresh;
}

/** An address as stored: a salted SHA-256 (the salt is made once per database). */
export function addressHasher(sql: SqlStorage): (address: string) => Promise<string> {
  let salt: Promise<string> | undefined;
  return async (address: string) => {
    salt ??= saltOf(sql);
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${await salt}:${address}`));
    return hex(digest).slice(0, 32);
  };
}

/** The records over `sql`; the schema must exist (`ensureSchema`). */
export function createRecords(sql: SqlStorage): Records {
  const hashOf = addressHasher(sql);
  const one = async (query: string, params: (string | number)[]) =>
    Number((await sql.all<{ n: number }>(query, params))[0]?.n ?? 0);

  return {
    async count(kind, id, at) {
      await sql.run('INSERT INTO counts (kind, target_id, at) VALUES (?, ?, ?)', [kind, id, at]);
      return one('SELECT COUNT(*) AS n FROM counts WHERE kind = ? AND target_id = ?', [kind, id]);
    },
    async addFeedback(couponId, worked, address, at) {
      const client = await hashOf(address);
      const [sameCoupon] = await sql.all<{ n: number; first: number | null }>(
        'SELECT COUNT(*) AS n, MIN(at) AS first FROM feedback WHERE client = ? AND coupon_id = ? AND at > ?',
        [client, couponId, at - FEEDBACK_WINDOW_MS],
      );
      if (Number(sameCoupon?.n ?? 0) > 0)
        return { accepted: false, reason: 'coupon', retryAfterMs: Number(sameCoupon?.first) + FEEDBACK_WINDOW_MS - at };
      const [sameAddress] = await sql.all<{ n: number; first: number | null }>(
        'SELECT COUNT(*) AS n, MIN(at) AS first FROM feedback WHERE client = ? AND at > ?',
        [client, at - HOUR],
      );
      if (Number(sameAddress?.n ?? 0) >= FEEDBACK_PER_HOUR)
        return { accepted: false, reason: 'address', retryAfterMs: Number(sameAddress?.first) + HOUR - at };
      await sql.run('INSERT INTO feedback (coupon_id, worked, client, at) VALUES (?, ?, ?, ?)', [
        couponId,
        worked ? 1 : 0,
        client,
        at,
      ]);
      return { accepted: true };
    },
    async health(now, couponId) {
      const query = healthQuery(now, couponId);
      return healthOf(await sql.all<HealthRow>(query.sql, query.params));
    },
    async addContact(m, at) {
      await sql.run('INSERT INTO contact (name, email, subject, message, at) VALUES (?, ?, ?, ?, ?)', [
        m.name,
        m.email,
        m.subject,
        m.message,
        at,
      ]);
    },
    async addSubscriber(email, at) {
      return (await sql.run('INSERT OR IGNORE INTO newsletter (email, at) VALUES (?, ?)', [email, at])).changes > 0;
    },
    async addAdEvents(events, at) {
      await sql.batch(
        events.map((e) => ({
          sql: 'INSERT INTO ad_events (body, at) VALUES (?, ?)',
          params: [JSON.stringify(e ?? null), at],
        })),
      );
    },
  };
}
