/**
 * The reference API's writing handlers and the coupon read with its code health (SPEC §7,
 * issue 22 and 32), one module for both hosts: the Node reference server
 * (scripts/lib/api-server/routes.ts) and the Worker of an edge site (./worker-api.ts). Each
 * takes what a route saw (params, parsed body, the caller's address) and answers a `Reply`.
 */

import { isOffered, type VerdictFields, type VerdictThresholds } from '../catalog/health.ts';
import {
  CONTACT_FIELDS,
  type ContactValues,
  contactPayload,
  contactProblems,
  emailProblem,
} from '../content-helpers/forms.ts';
import type { ContactMessage, CountKind, Records } from './records.ts';
import { data, fail, type Reply } from './replies.ts';

export interface HandlerContext {
  params: readonly string[];
  body: unknown;
  /** Who asked (the limits on feedback use it). */
  address: string;
}

/** What a handler stored, so a host can mirror it (the Node server's /__state). */
export type Recorded =
  | { kind: 'feedback'; couponId: number; worked: boolean }
  | { kind: 'contact'; message: ContactMessage }
  | { kind: 'subscriber'; email: string; isNew: boolean }
  | { kind: 'adEvents'; events: unknown[] };

export interface HandlerDeps {
  records: Records;
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

export function createHandlers({ records, now, couponById, onRecorded, verdict }: HandlerDeps) {
  const idOf = (ctx: HandlerContext) => Number(ctx.params[0]);
  const count =
    (kind: CountKind) =>
    async (ctx: HandlerContext): Promise<Reply> => {
      const id = idOf(ctx);
      return data({ id, count: await records.count(kind, id, now()) });
    };
  const handlers = {
    /** POST /api/coupons/{id}/usage, /click, /copy and /api/deals/{id}/click: one record each. */
    couponUsage: count('couponUsage'),
    couponClick: count('couponClicks'),
    couponCopy: count('couponCopies'),
    dealClick: count('dealClicks'),
    /** POST /api/search/record `{query}`: acknowledged, not stored (as the reference server keeps searches in memory only). */
    searchRecord: async ({ body }: HandlerContext): Promise<Reply> => {
      const q = bodyRecord(body).query;
      if (typeof q !== 'string' || q.trim() === '') return fail(400, 'query is required');
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
      if (typeof worked !== 'boolean') return fail(400, 'worked must be true or false');
      const id = idOf(ctx);
      if (!(await couponById(id))) return fail(404, 'Coupon not found');
      const outcome = await records.addFeedback(id, worked, ctx.address, now());
      if (!outcome.accepted)
        return fail(
          429,
          outcome.reason === 'coupon'
            ? 'This address already answered for this coupon today'
            : 'Too many answers from this address, try again later',
        );
      onRecorded?.({ kind: 'feedback', couponId: id, worked });
      return data({ id, worked, recorded: true });
    },
    /** POST /api/contact, validated with the same rules as the browser form. */
    contact: async ({ body }: HandlerContext): Promise<Reply> => {
      const b = bodyRecord(body);
      const values = Object.fromEntries(
        CONTACT_FIELDS.map((f) => [f, typeof b[f] === 'string' ? (b[f] as string) : '']),
      ) as ContactValues;
      const problems = Object.entries(contactProblems(values));
      if (problems.length) return fail(400, problems.map(([field, problem]) => `${field}: ${problem}`).join('; '));
      const message = contactPayload(values);
      await records.addContact(message, now());
      onRecorded?.({ kind: 'contact', message });
      return data({ received: true });
    },
    /** POST /api/newsletter/subscribe `{email}`: stored once, lower-cased. */
    newsletter: async ({ body }: HandlerContext): Promise<Reply> => {
      const email = bodyRecord(body).email;
      const problem = typeof email === 'string' ? emailProblem(email) : 'required';
      if (problem) return fail(400, `email: ${problem}`);
      const address = (email as string).trim().toLowerCase();
      const isNew = await records.addSubscriber(address, now());
      onRecorded?.({ kind: 'subscriber', email: address, isNew });
      return data({ subscribed: true });
    },
    /** POST /api/ads/events: one event. */
    adEvent: async ({ body }: HandlerContext): Promise<Reply> => {
      if (body === undefined || body === null) return fail(400, 'event is required');
      await records.addAdEvents([body], now());
      onRecorded?.({ kind: 'adEvents', events: [body] });
      return data({ received: 1 });
    },
    /** POST /api/ads/events/batch `{events: [...]}`. */
    adEventsBatch: async ({ body }: HandlerContext): Promise<Reply> => {
      const events = bodyRecord(body).events;
      if (!Array.isArray(events)) return fail(400, 'events must be a list');
      await records.addAdEvents(events, now());
      onRecorded?.({ kind: 'adEvents', events });
      return data({ received: events.length });
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
