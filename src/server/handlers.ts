/**
 * The reference API's writing handlers and the coupon read with its code health (SPEC §7,
 * issue 22 and 32), one module for both hosts: the Node reference server
 * (scripts/lib/api-server/routes.ts) and the Worker of an edge site (./worker-api.ts). Each
 * takes what a route saw (params, parsed body, the caller's address) and answers a `Reply`.
 */
import { adEventProblems, MAX_EVENTS_PER_BATCH } from '../ads/core/event-schema.ts';

import { isOffered, type VerdictFields, type VerdictThresholds } from '../catalog/health.ts';
import {
  CONTACT_FIELDS,
  CONTACT_SUBJECTS,
  type ContactField,
  type ContactValues,
  contactPayload,
  contactProblems,
  emailProblem,
  type FieldProblem,
  LIMITS,
} from '../content-helpers/forms.ts';
import { type LimitRule, limitRules, type WriteGuard } from './limiter.ts';
import type { ContactMessage, CountKind, Records } from './records.ts';
import { data, fail, type Reply, refuse } from './replies.ts';

/** The contact form's hidden field: people never see it, bots fill it (issue 41). */
export const HONEYPOT_FIELD = 'website';

/** A field's problem as "field: rule" (issue 41: each 400 names the field and the rule). */
export function fieldRule(field: ContactField | 'email', problem: FieldProblem): string {
  const rule =
    problem === 'required'
      ? 'required'
      : problem === 'email'
        ? 'not an email address'
        : problem === 'subject'
          ? `choose one of ${CONTACT_SUBJECTS.join(', ')}`
          : `at most ${LIMITS[field as keyof typeof LIMITS]} characters`;
  return `${field}: ${rule}`;
}

/** Whether a contact body is a bot's: the honeypot filled, or sent sooner than `minFillMs` after the form appeared. */
export function looksLikeBot(body: Record<string, unknown>, minFillMs: number): boolean {
  const trap = body[HONEYPOT_FIELD];
  if (typeof trap === 'string' ? trap.trim() !== '' : trap !== undefined && trap !== null) return true;
  if (minFillMs <= 0) return false;
  // Both times come from the sender's clock, so a wrong clock does not matter; a missing one is a bot's.
  const { startedAt, sentAt } = body;
  if (typeof startedAt !== 'number' || typeof sentAt !== 'number') return true;
  if (!Number.isFinite(startedAt) || !Number.isFinite(sentAt)) return true;
  return sentAt - startedAt < minFillMs;
}

export interface HandlerContext {
  params: readonly string[];
  body: unknown;
  /** Who asked (the limits on feedback use it). */
  address: string;
}

/** What a handler stored, so a host can mirror it (the Node server's /__state). */
export type Recorded =
  | { kind: 'count'; count: CountKind; id: number; total: number }
  | { kind: 'feedback'; couponId: number; worked: boolean }
  | { kind: 'contact'; message: ContactMessage }
  | { kind: 'subscriber'; email: string; isNew: boolean }
  | { kind: 'adEvents'; events: unknown[] };

export interface HandlerDeps {
  records: Records;
  /** The limits per address and the daily write budget (./limiter.ts), over the same storage. */
  guard: WriteGuard;
  now: () => number;
  /** The coupon as served (any language), or null when the catalog has none with this id. */
  couponById: (id: number) => Promise<Record<string, unknown> | null>;
  onRecorded?: (what: Recorded) => void;
  /** The site's verdict thresholds (config `health`, issue 40): a coupon no longer offered says so. */
  verdict?: VerdictThresholds;
}

export type Handler = (ctx: HandlerContext) => Promise<Reply>;

export function bodyRecord(body: unknown): Record<string, unknown> {
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** Votes, lastWorkedAt and lastFailedAt as counted (a catalog file's figures never pass). */
export function mergeHealth(
  coupon: Record<string, unknown>,
  health: { votes: unknown; lastWorkedAt: string | null; lastFailedAt: string | null } | undefined,
): Record<string, unknown> {
  const { lastWorkedAt: _w, lastFailedAt: _f, votes: _v, ...rest } = coupon;
  if (!health) return rest;
  return {
    ...rest,
    votes: health.votes,
    ...(health.lastWorkedAt ? { lastWorkedAt: health.lastWorkedAt } : {}),
    ...(health.lastFailedAt ? { lastFailedAt: health.lastFailedAt } : {}),
  };
}

export function createHandlers({ records, guard, now, couponById, onRecorded, verdict }: HandlerDeps) {
  const rules = limitRules(guard.limits);
  const idOf = (ctx: HandlerContext) => Number(ctx.params[0]);
  /** null when the address may write `cost` more under `rule`, else the 429. */
  const limited = async (rule: LimitRule, ctx: HandlerContext, cost: number, what: string, at: number) => {
    const taken = await guard.take(rule, ctx.address, cost, at);
    return taken.accepted
      ? null
      : refuse(429, `Too many ${what} from this address, try again later`, taken.retryAfterSeconds);
  };
  /** null while low-value writes are stored today, else the 503. */
  const budgetClosed = async (at: number) => {
    const check = await guard.lowValueOpen(at);
    return check.open
      ? null
      : refuse(
          503,
          "Today's write budget is used: this is not recorded until the day ends (UTC)",
          check.retryAfterSeconds,
        );
  };
  const count =
    (kind: CountKind) =>
    async (ctx: HandlerContext): Promise<Reply> => {
      const id = idOf(ctx);
      const at = now();
      const refused =
        (await budgetClosed(at)) ?? (await limited(rules.counter(kind, id), ctx, 1, 'records of this offer', at));
      if (refused) return refused;
      const total = await records.count(kind, id, at);
      await guard.spend(2, at);
      onRecorded?.({ kind: 'count', count: kind, id, total });
      return data({ id, count: total });
    };
  /** Ad events: each valid, at most a batch, within the address's allowance and the budget; else nothing stored. */
  const storeAdEvents = async (ctx: HandlerContext, events: unknown[], problems: string[]): Promise<Reply> => {
    if (problems.length) return fail(400, problems.slice(0, 10).join('; '));
    const at = now();
    const refused = (await budgetClosed(at)) ?? (await limited(rules.adEvents, ctx, events.length, 'ad events', at));
    if (refused) return refused;
    await records.addAdEvents(events, at);
    await guard.spend(events.length + 1, at);
    onRecorded?.({ kind: 'adEvents', events });
    return data({ received: events.length });
  };
  const handlers = {
    /** POST /api/coupons/{id}/usage, /click, /copy and /api/deals/{id}/click: once per offer per address an hour. */
    couponUsage: count('couponUsage'),
    couponClick: count('couponClicks'),
    couponCopy: count('couponCopies'),
    dealClick: count('dealClicks'),
    /** POST /api/search/record `{query}`: acknowledged, not stored (as the reference server keeps searches in memory only). */
    searchRecord: async ({ body }: HandlerContext): Promise<Reply> => {
      const q = bodyRecord(body).query;
      if (typeof q !== 'string' || q.trim() === '') return fail(400, 'query: required');
      return data({ query: q });
    },
    /** GET /api/coupons/{id}: the coupon with the code health of the last 30 days. */
    coupon: async (ctx: HandlerContext): Promise<Reply> => {
      const id = idOf(ctx);
      const coupon = await couponById(id);
      if (!coupon) return fail(404, 'Coupon not found');
      const merged = mergeHealth(coupon, (await records.health(now(), id)).get(id));
      if (!verdict) return data(merged);
      // The verdict (issue 40): a code no longer offered is not given out, and the reply says so.
      if (isOffered(merged as VerdictFields, now(), verdict)) return data({ ...merged, offered: true });
      const { code: _code, ...rest } = merged;
      return data({ ...rest, offered: false });
    },
    /** POST /api/coupons/{id}/feedback `{worked}`: one answer per coupon per address a day (429 otherwise). */
    feedback: async (ctx: HandlerContext): Promise<Reply> => {
      const worked = bodyRecord(ctx.body).worked;
      if (typeof worked !== 'boolean') return fail(400, 'worked: must be true or false');
      const id = idOf(ctx);
      if (!(await couponById(id))) return fail(404, 'Coupon not found');
      const at = now();
      const outcome = await records.addFeedback(id, worked, ctx.address, at);
      if (!outcome.accepted)
        return refuse(
          429,
          outcome.reason === 'coupon'
            ? 'This address already answered for this coupon today'
            : 'Too many answers from this address, try again later',
          outcome.retryAfterMs / 1000,
        );
      await guard.spend(1, at);
      onRecorded?.({ kind: 'feedback', couponId: id, worked });
      return data({ id, worked, recorded: true });
    },
    /**
     * POST /api/contact, validated with the same rules as the browser form. A bot's message (the
     * honeypot filled, or sent too soon after the form appeared) is answered like a success and
     * not stored; beyond `limits.contact.perHour` an address gets 429.
     */
    contact: async (ctx: HandlerContext): Promise<Reply> => {
      const b = bodyRecord(ctx.body);
      const values = Object.fromEntries(
        CONTACT_FIELDS.map((f) => [f, typeof b[f] === 'string' ? (b[f] as string) : '']),
      ) as ContactValues;
      const problems = Object.entries(contactProblems(values)) as [ContactField, FieldProblem][];
      if (problems.length) return fail(400, problems.map(([field, problem]) => fieldRule(field, problem)).join('; '));
      if (looksLikeBot(b, guard.limits.contact.minFillSeconds * 1000)) return data({ received: true });
      const at = now();
      const refused = await limited(rules.contact, ctx, 1, 'messages', at);
      if (refused) return refused;
      const message = contactPayload(values);
      await records.addContact(message, at);
      await guard.spend(2, at);
      onRecorded?.({ kind: 'contact', message });
      return data({ received: true });
    },
    /** POST /api/newsletter/subscribe `{email}`: stored once, lower-cased; `limits.newsletter.perHour` per address. */
    newsletter: async (ctx: HandlerContext): Promise<Reply> => {
      const email = bodyRecord(ctx.body).email;
      const problem = typeof email === 'string' ? emailProblem(email) : 'required';
      if (problem) return fail(400, fieldRule('email', problem));
      const at = now();
      const refused = await limited(rules.newsletter, ctx, 1, 'sign-ups', at);
      if (refused) return refused;
      const address = (email as string).trim().toLowerCase();
      const isNew = await records.addSubscriber(address, at);
      await guard.spend(isNew ? 2 : 1, at);
      onRecorded?.({ kind: 'subscriber', email: address, isNew });
      return data({ subscribed: true });
    },
    /** POST /api/ads/events: one event of the ad layer's schema (src/ads/core/event-schema.ts). */
    adEvent: async (ctx: HandlerContext): Promise<Reply> => {
      if (ctx.body === undefined || ctx.body === null) return fail(400, 'event: required');
      return storeAdEvents(ctx, [ctx.body], adEventProblems(ctx.body));
    },
    /** POST /api/ads/events/batch `{events: [...]}`: all valid or none stored; a batch counts its events. */
    adEventsBatch: async (ctx: HandlerContext): Promise<Reply> => {
      const events = bodyRecord(ctx.body).events;
      if (!Array.isArray(events)) return fail(400, 'events: must be a list');
      if (events.length === 0) return fail(400, 'events: at least one event');
      if (events.length > MAX_EVENTS_PER_BATCH) return fail(400, `events: at most ${MAX_EVENTS_PER_BATCH} a batch`);
      return storeAdEvents(
        ctx,
        events,
        events.flatMap((e, i) => adEventProblems(e, `events.${i}`)),
      );
    },
  } satisfies Record<string, Handler>;
  return handlers;
}
export type Handlers = ReturnType<typeof createHandlers>;

/** The routes both hosts answer with these handlers (paths after /api). */
export const HANDLER_ROUTES: readonly { method: 'GET' | 'POST'; pattern: RegExp; name: keyof Handlers }[] = [
  { method: 'GET', pattern: /^\/api\/coupons\/(\d+)\/?$/, name: 'coupon' },
  { method: 'POST', pattern: /^\/api\/coupons\/(\d+)\/feedback\/?$/, name: 'feedback' },
  { method: 'POST', pattern: /^\/api\/coupons\/(\d+)\/usage\/?$/, name: 'couponUsage' },
  { method: 'POST', pattern: /^\/api\/coupons\/(\d+)\/click\/?$/, name: 'couponClick' },
  { method: 'POST', pattern: /^\/api\/coupons\/(\d+)\/copy\/?$/, name: 'couponCopy' },
  { method: 'POST', pattern: /^\/api\/deals\/(\d+)\/click\/?$/, name: 'dealClick' },
  { method: 'POST', pattern: /^\/api\/search\/record\/?$/, name: 'searchRecord' },
  { method: 'POST', pattern: /^\/api\/contact\/?$/, name: 'contact' },
  { method: 'POST', pattern: /^\/api\/newsletter\/subscribe\/?$/, name: 'newsletter' },
  { method: 'POST', pattern: /^\/api\/ads\/events\/?$/, name: 'adEvent' },
  { method: 'POST', pattern: /^\/api\/ads\/events\/batch\/?$/, name: 'adEventsBatch' },
];
