/**
 * The console's API under /api/admin/ (issue 40 parts 4-5, docs/operators.md "The console's
 * gate"), authorized here, never in the browser. Web-standard `Request`/`Response` only: the
 * Worker of an edge site mounts it (src/edge/api-route.ts).
 *
 *   POST /api/admin/login {"password"}   200 {csrf, expiresAt} + Set-Cookie | 401 | 429 (5 a minute per address)
 *   GET  /api/admin/session              200 {csrf, expiresAt} | 401
 *   POST /api/admin/logout               clears the cookie (the session id is revoked)
 *   GET  /api/admin/reports | offers?q= | audit | import-report          (session)
 *   GET  /api/admin/overrides                                            (session or bearer EDGE_ADMIN_TOKEN)
 *   POST /api/admin/offers/{kind}/{id}/hide|unhide|pin|unpin|edit|confirm|dismiss   (session + X-CSRF-Token)
 *   POST /api/admin/brands/{id}/rename|block|unblock                                (session + X-CSRF-Token)
 *
 * Errors are `{"error": "..."}`. Without ADMIN_PASSWORD_HASH and ADMIN_SESSION_SECRET every path
 * answers 503. Every change and every refusal is a row of the audit log (./admin-store.ts); refusals
 * up to REFUSALS_LOGGED_PER_MINUTE per address (a flood is refused all the same, logged in part).
 */
import { z } from 'zod';
import { CATALOG_LANGUAGES } from '../catalog/localized.ts';
import type { OverrideChange, Overrides } from '../catalog/overrides.ts';
import { isIsoDate } from '../catalog/refinements.ts';
import {
  clearedSessionCookie,
  cookieValue,
  csrfMatches,
  csrfToken,
  MIN_SESSION_SECRET_LENGTH,
  newSession,
  parsePasswordHash,
  readSession,
  SESSION_COOKIE,
  type Session,
  sessionCookie,
  verifyPassword,
} from './admin-session.ts';
import {
  adminLog,
  changeOverrides,
  dismissReport,
  isRevoked,
  readOverrides,
  reportedCoupons,
  revokeSession,
} from './admin-store.ts';
import { hasAdminToken } from './admin-token.ts';
import { MINUTE, type WriteGuard } from './limiter.ts';
import type { SqlStorage } from './storage.ts';

export const ADMIN_PREFIX = '/api/admin';
/** Login attempts per address per minute; the next one is refused with 429. */
export const LOGIN_ATTEMPTS_PER_MINUTE = 5;
const LOGIN_RULE = { bucket: 'admin-login', limit: LOGIN_ATTEMPTS_PER_MINUTE, windowMs: MINUTE };
/** Refusals logged per address per minute (each is still refused). */
export const REFUSALS_LOGGED_PER_MINUTE = 30;
const REFUSAL_LOG_RULE = { bucket: 'admin-refused-log', limit: REFUSALS_LOGGED_PER_MINUTE, windowMs: MINUTE };
/** At most this many offers answer a search. */
export const MAX_SEARCH_RESULTS = 50;
const MAX_BODY = 16 * 1024;

export type CouponFacts = { id: number; brand: string; brandId: number | null; name: string; code: string };
export type OfferHit = {
  kind: 'coupon' | 'deal';
  id: number;
  title: string;
  brand: string;
  brandId: number | null;
  hidden: boolean;
  pinnedUntil: string | null;
};

export interface AdminDeps {
  /** The storage with the records' and the console's tables created. */
  sql: () => Promise<SqlStorage>;
  now: () => number;
  /** The limiter over the same storage (login attempts). */
  guard: WriteGuard;
  /** Who asks (CF-Connecting-IP on the edge). */
  address: string;
  passwordHash: string | undefined;
  sessionSecret: string | undefined;
  /** EDGE_ADMIN_TOKEN: the CLI's `offers pull` reads the overrides with it. */
  adminToken: string | undefined;
  /** A coupon of the catalog as built (overrides not applied), or null. */
  coupon(id: number): Promise<CouponFacts | null>;
  /** Offers of the catalog as built whose title, brand or id matches `q` (at most `limit`; hidden/pinned filled in here). */
  search(q: string, limit: number): Promise<Omit<OfferHit, 'hidden' | 'pinnedUntil'>[]>;
  /** The import report the build shipped, or null. */
  importReport(): Promise<unknown>;
  /** Called after a change is stored (the edge forgets its copy of the overrides). */
  changed?(version: number): void | Promise<void>;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });
const error = (status: number, message: string, headers: Record<string, string> = {}) =>
  json(status, { error: message }, headers);

const passwordBody = z.object({ password: z.string().min(1).max(1024) });
const pinBody = z.object({ until: z.string().refine(isIsoDate, { error: 'must be an ISO date and time' }) });
const editBody = z
  .object({
    lang: z.enum(CATALOG_LANGUAGES),
    title: z.string().trim().min(1).max(300).optional(),
    description: z.string().trim().min(1).max(2000).optional(),
  })
  .refine((b) => b.title !== undefined || b.description !== undefined, {
    error: 'give a title, a description or both',
    path: ['title'],
  });
const renameBody = z.object({ name: z.string().trim().min(1).max(200) });

/** The first problem of a body as "field: rule". */
function problem(issues: readonly z.core.$ZodIssue[]): string {
  const i = issues[0];
  return i ? `${i.path.length ? i.path.join('.') : 'body'}: ${i.message}` : 'body: invalid';
}

const OFFER_WRITE = /^\/api\/admin\/offers\/(coupon|deal)\/(\d{1,15})\/(hide|unhide|pin|unpin|edit|confirm|dismiss)$/;
const BRAND_WRITE = /^\/api\/admin\/brands\/(\d{1,15})\/(rename|block|unblock)$/;
const READS = new Set(['reports', 'offers', 'audit', 'overrides', 'import-report', 'session']);

/** The reply to an /api/admin/ request (other than /api/admin/health), or null for any other path. */
export async function answerAdminApi(request: Request, deps: AdminDeps): Promise<Response | null> {
  const url = new URL(request.url);
  const path = url.pathname.replace(/\/$/, '');
  if (path !== ADMIN_PREFIX && !path.startsWith(`${ADMIN_PREFIX}/`)) return null;
  const secret = deps.sessionSecret;
  const hash = deps.passwordHash;
  if (!secret || secret.length < MIN_SESSION_SECRET_LENGTH || !hash || 'error' in parsePasswordHash(hash))
    return error(503, 'The console is not set up on this site.');

  const sql = await deps.sql();
  const log = adminLog(sql);
  const now = deps.now();
  const audit = (action: string, target: string, by: string, detail?: string) =>
    log.write({ at: now, action, target, by, address: deps.address, ...(detail ? { detail } : {}) });
  const refuse = async (status: number, message: string, by: string, headers: Record<string, string> = {}) => {
    // Logged up to REFUSALS_LOGGED_PER_MINUTE per address, so a flood cannot fill D1 with them.
    if ((await deps.guard.take(REFUSAL_LOG_RULE, deps.address, 1, now)).accepted) {
      await audit(`refused ${status}`, `${request.method} ${path}`, by, message);
      await deps.guard.spend(2, now);
    }
    return error(status, message, headers);
  };
  const cookie = cookieValue(request.headers.get('Cookie'), SESSION_COOKIE);
  const session = async (): Promise<Session | null> => {
    const s = await readSession(secret, cookie, now);
    return s && !(await isRevoked(sql, s.id)) ? s : null;
  };
  const sessionReply = async (s: Session, headers: Record<string, string> = {}) =>
    json(200, { csrf: await csrfToken(secret, s.id), expiresAt: new Date(s.expiresAt).toISOString() }, headers);

  let body: unknown;
  if (request.method === 'POST') {
    const text = await request.text();
    if (text.length > MAX_BODY) return error(413, 'body: too large');
    if (text.trim() !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        return error(400, 'body: not valid JSON');
      }
    }
  }

  const name = path.slice(ADMIN_PREFIX.length + 1);
  if (name === 'login') {
    if (request.method !== 'POST') return error(405, 'POST only', { Allow: 'POST' });
    const taken = await deps.guard.take(LOGIN_RULE, deps.address, 1, now);
    if (!taken.accepted)
      return refuse(429, 'Too many login attempts from this address: try again in a minute.', 'anonymous', {
        'Retry-After': String(taken.retryAfterSeconds),
      });
    const parsed = passwordBody.safeParse(body ?? {});
    if (!parsed.success) return refuse(400, problem(parsed.error.issues), 'anonymous');
    if (!(await verifyPassword(parsed.data.password, hash))) return refuse(401, 'Wrong password.', 'anonymous');
    const fresh = await newSession(secret, now);
    await audit('login', 'session', `session:${fresh.id}`);
    return sessionReply(fresh, { 'Set-Cookie': sessionCookie(fresh.cookie) });
  }
  if (name === 'logout') {
    if (request.method !== 'POST') return error(405, 'POST only', { Allow: 'POST' });
    const s = await session();
    if (s) {
      await revokeSession(sql, s.id, s.expiresAt);
      await audit('logout', 'session', `session:${s.id}`);
    }
    return json(200, { ok: true }, { 'Set-Cookie': clearedSessionCookie() });
  }

  const offerWrite = OFFER_WRITE.exec(path);
  const brandWrite = BRAND_WRITE.exec(path);
  if (offerWrite || brandWrite) {
    if (request.method !== 'POST') return error(405, 'POST only', { Allow: 'POST' });
    const s = await session();
    if (!s) return refuse(401, 'Log in first: no valid session.', cookie ? 'invalid-session' : 'anonymous');
    const by = `session:${s.id}`;
    if (!(await csrfMatches(secret, s.id, request.headers.get('X-CSRF-Token'))))
      return refuse(403, 'X-CSRF-Token: missing or not this session’s token.', by);
    let change: OverrideChange | 'dismiss';
    let target: string;
    if (offerWrite) {
      const [, kindText, idText, action] = offerWrite as unknown as [string, 'coupon' | 'deal', string, string];
      const kind = kindText;
      const id = Number(idText);
      target = `${kind}:${id}`;
      if ((action === 'confirm' || action === 'dismiss') && kind !== 'coupon')
        return error(400, `${action}: only coupons have shoppers' answers`);
      if (action === 'hide' || action === 'unhide' || action === 'unpin') change = { action, kind, id };
      else if (action === 'pin') {
        const b = pinBody.safeParse(body ?? {});
        if (!b.success) return error(400, problem(b.error.issues));
        change = { action, kind, id, until: new Date(b.data.until).toISOString() };
      } else if (action === 'edit') {
        const b = editBody.safeParse(body ?? {});
        if (!b.success) return error(400, problem(b.error.issues));
        change = { action, kind, id, ...b.data };
      } else if (action === 'confirm') change = { action: 'verify', id };
      else change = 'dismiss';
    } else {
      const [, idText, action] = brandWrite as unknown as [string, string, 'rename' | 'block' | 'unblock'];
      const brandId = Number(idText);
      target = `brand:${brandId}`;
      if (action === 'rename') {
        const b = renameBody.safeParse(body ?? {});
        if (!b.success) return error(400, problem(b.error.issues));
        change = { action, brandId, name: b.data.name };
      } else change = { action, brandId };
    }
    if (change === 'dismiss') {
      await dismissReport(sql, Number(offerWrite?.[2]), now);
      await audit('dismiss', target, by);
      return json(200, { ok: true });
    }
    const stored = await changeOverrides(sql, change, new Date(now), by);
    const entry = stored.overrides.audit.at(-1);
    await audit(change.action, target, by, entry?.detail);
    await deps.changed?.(stored.version);
    return json(200, { ok: true, version: stored.version });
  }

  if (!READS.has(name)) return error(404, 'Not found');
  if (request.method !== 'GET' && request.method !== 'HEAD') return error(405, 'GET only', { Allow: 'GET' });
  if (name === 'overrides' && hasAdminToken(request.headers.get('Authorization'), deps.adminToken))
    return json(200, (await readOverrides(sql)).overrides);
  const s = await session();
  if (!s) {
    // "Am I logged in?" without any cookie is not a refusal worth a row; a bad cookie is.
    if (name === 'session' && !cookie) return error(401, 'Log in first: no valid session.');
    return refuse(401, 'Log in first: no valid session.', cookie ? 'invalid-session' : 'anonymous');
  }
  if (name === 'session') return sessionReply(s);
  if (name === 'overrides') return json(200, (await readOverrides(sql)).overrides);
  if (name === 'audit') return json(200, { items: await log.list() });
  if (name === 'import-report') return json(200, (await deps.importReport()) ?? { sources: [] });
  const { overrides } = await readOverrides(sql);
  const state = offerState(overrides);
  if (name === 'reports') {
    const items = [];
    for (const r of await reportedCoupons(sql, now)) {
      const c = await deps.coupon(r.id);
      items.push({
        id: r.id,
        brand: c?.brand ?? '',
        name: c?.name ?? '',
        code: c?.code ?? '',
        failures: r.failures,
        successes: r.successes,
        lastAnswers: r.lastAnswers,
        hidden: state('coupon', r.id).hidden,
      });
    }
    return json(200, { items });
  }
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 200);
  if (q === '') return error(400, 'q: type part of a title, a brand or an id');
  const hits = await deps.search(q, MAX_SEARCH_RESULTS);
  return json(200, {
    items: hits.slice(0, MAX_SEARCH_RESULTS).map((h) => ({ ...h, ...state(h.kind, h.id) })),
  });
}

/** Whether an offer is hidden (itself or its blocked brand is not: blocked is shown on the brand) and pinned until when. */
function offerState(overrides: Overrides) {
  const byKey = new Map(overrides.offers.map((o) => [`${o.kind}:${o.id}`, o]));
  return (kind: 'coupon' | 'deal', id: number) => {
    const o = byKey.get(`${kind}:${id}`);
    return { hidden: o?.hidden === true, pinnedUntil: o?.pinnedUntil ?? null };
  };
}
