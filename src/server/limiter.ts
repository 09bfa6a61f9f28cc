/**
 * The one limiter of every public write (issue 41, ARCHITECTURE "writes from the internet"), the
 * same in both hosts over a `SqlStorage` (node:sqlite in the reference API, D1 in the Worker):
 *
 * - Per address: how much an address (`CF-Connecting-IP` on the edge, the socket address in the
 *   reference API; stored only as a salted hash) may write in a sliding window, from the site
 *   config's `limits` (src/config/schema-limits.ts). `take` checks and records in ONE statement,
 *   so two requests at once cannot both pass the last free place; a refused write stores nothing
 *   and says when to come back (`Retry-After`).
 * - A daily write budget: the rows the API writes per UTC day are counted against
 *   `deploy.d1.dailyWrites`; from `LOW_VALUE_SHARE` of it on, low-value writes (ad events,
 *   usage / click / copy counters) are refused so feedback, contact and console writes keep
 *   working until the day ends. The first refusal of a day is logged once (a row in `meta`
 *   makes it once across Worker isolates), never per request.
 *
 * The budget counts rows as the API writes them (a record, its limiter row, the budget row);
 * Cloudflare also counts index updates, so the 80 % line leaves room for them.
 */
import { DEFAULT_LIMITS, type LimitsConfig } from '../config/schema-limits.ts';
import { addressHasher } from './records.ts';
import type { SqlStorage } from './storage.ts';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Cloudflare's free plan (deploy.d1.dailyWrites default). */
export const DEFAULT_DAILY_WRITES = 100_000;
/** Low-value writes stop once this share of the day's budget is used. */
export const LOW_VALUE_SHARE = 0.8;

/** A named allowance: at most `limit` (summed costs) per `windowMs`. */
export interface LimitRule {
  bucket: string;
  limit: number;
  windowMs: number;
}

export type Taken = { accepted: true } | { accepted: false; retryAfterSeconds: number };

export type BudgetCheck = { open: true } | { open: false; retryAfterSeconds: number };

export interface WriteGuard {
  readonly limits: LimitsConfig;
  /** Takes `cost` from the address's allowance under `rule`, or refuses (nothing stored). */
  take(rule: LimitRule, address: string, cost: number, at: number): Promise<Taken>;
  /** Whether low-value writes are still stored today (UTC); logs the first refusal of a day once. */
  lowValueOpen(at: number): Promise<BudgetCheck>;
  /** Counts `rows` written today against the budget (call after storing). */
  spend(rows: number, at: number): Promise<void>;
  /** Rows counted on the UTC day of `at`. */
  used(at: number): Promise<number>;
}

export interface WriteGuardOptions {
  limits?: LimitsConfig;
  /** deploy.d1.dailyWrites (default 100,000). */
  dailyWrites?: number;
  /** Where the once-a-day refusal goes (default console.warn). */
  log?: (message: string) => void;
}

/** The limit rules of the site config's `limits`. */
export function limitRules(limits: LimitsConfig) {
  return {
    contact: { bucket: 'contact', limit: limits.contact.perHour, windowMs: HOUR },
    newsletter: { bucket: 'newsletter', limit: limits.newsletter.perHour, windowMs: HOUR },
    /** One per coupon or deal (and kind) per address per hour, by default. */
    counter: (kind: string, id: number): LimitRule => ({
      bucket: `${kind}:${id}`,
      limit: limits.counters.perTargetPerHour,
      windowMs: HOUR,
    }),
    adEvents: { bucket: 'adEvents', limit: limits.adEvents.perMinute, windowMs: MINUTE },
  } as const;
}

const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);
const secondsUntil = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Rows older than this are deleted now and then (the longest window). */
const KEEP_MS = DAY;
const PRUNE_EVERY_MS = HOUR;

export function createWriteGuard(sql: SqlStorage, options: WriteGuardOptions = {}): WriteGuard {
  const limits = options.limits ?? DEFAULT_LIMITS;
  const dailyWrites = options.dailyWrites ?? DEFAULT_DAILY_WRITES;
  const log = options.log ?? ((message: string) => console.warn(message));
  const hashOf = addressHasher(sql);
  let prunedAt = Number.NEGATIVE_INFINITY;

  const used = async (at: number) =>
    Number(
      (await sql.all<{ writes: number }>('SELECT writes FROM budget WHERE day = ?', [utcDay(at)]))[0]?.writes ?? 0,
    );

  return {
    limits,
    async take(rule, address, cost, at) {
      const client = await hashOf(address);
      const since = at - rule.windowMs;
      if (cost <= rule.limit) {
        // Check and record in one statement: concurrent requests cannot both take the last place.
        const { changes } = await sql.run(
          `INSERT INTO hits (bucket, client, cost, at)
           SELECT ?, ?, ?, ?
            WHERE (SELECT COALESCE(SUM(cost), 0) FROM hits WHERE bucket = ? AND client = ? AND at > ?) + ? <= ?`,
          [rule.bucket, client, cost, at, rule.bucket, client, since, cost, rule.limit],
        );
        if (changes > 0) {
          if (at - prunedAt >= PRUNE_EVERY_MS) {
            prunedAt = at;
            await sql.run('DELETE FROM hits WHERE at <= ?', [at - KEEP_MS]);
          }
          return { accepted: true };
        }
      }
      // Refused: when enough of the window's writes have left it for this one to fit.
      const rows = await sql.all<{ cost: number; at: number }>(
        'SELECT cost, at FROM hits WHERE bucket = ? AND client = ? AND at > ? ORDER BY at',
        [rule.bucket, client, since],
      );
      let inWindow = rows.reduce((sum, r) => sum + Number(r.cost), 0);
      let retryAt = at + rule.windowMs;
      for (const row of rows) {
        inWindow -= Number(row.cost);
        if (inWindow + cost <= rule.limit) {
          retryAt = Number(row.at) + rule.windowMs;
          break;
        }
      }
      return { accepted: false, retryAfterSeconds: secondsUntil(retryAt - at) };
    },
    async lowValueOpen(at) {
      if ((await used(at)) < dailyWrites * LOW_VALUE_SHARE) return { open: true };
      const day = utcDay(at);
      const first = await sql.run('INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)', [
        `budget-stopped:${day}`,
        new Date(at).toISOString(),
      ]);
      if (first.changes > 0)
        log(
          `[write budget] ${Math.round(LOW_VALUE_SHARE * 100)} % of the ${dailyWrites} daily writes used on ${day} (UTC): ad events and usage/click/copy counters are not stored until the day ends; feedback and contact still are`,
        );
      const nextDay = Date.parse(`${day}T00:00:00.000Z`) + DAY;
      return { open: false, retryAfterSeconds: secondsUntil(nextDay - at) };
    },
    async spend(rows, at) {
      // The budget row itself is one more row written.
      await sql.run(
        'INSERT INTO budget (day, writes) VALUES (?, ?) ON CONFLICT (day) DO UPDATE SET writes = writes + excluded.writes',
        [utcDay(at), rows + 1],
      );
    },
    used,
  };
}

/**
 * A guard that limits nothing (the reference API's `--limits off`, for end-to-end tests where
 * every request comes from one address): no per-address limit, no minimum fill time, the budget
 * always open. The contact form's honeypot still applies.
 */
export function unlimitedGuard(guard: WriteGuard): WriteGuard {
  return {
    ...guard,
    limits: { ...guard.limits, contact: { ...guard.limits.contact, minFillSeconds: 0 } },
    take: async () => ({ accepted: true }),
    lowValueOpen: async () => ({ open: true }),
  };
}
