/**
 * The operator console's client of /api/admin/ (issue 40 part 4; the server is
 * src/server/admin-routes.ts). Same origin, JSON, the HttpOnly `admin_session` cookie set by the
 * login; every write sends `X-CSRF-Token`. Every reply is validated with zod: a reply that does
 * not match is a `bad-reply` outcome (the island shows an error, never a blank page). A site with
 * no console API (a static site: the request fails, 404 or 405, or answers something that is not
 * the console's JSON) is `no-console`; 503 is `not-set-up`. A store because islands never fetch
 * (docs/architecture.md "Boundaries").
 */
// Before zod builds a schema: no `new Function` probe under the deploy CSP.
import '../catalog/zod-jitless.ts';
import { z } from 'zod';

export const sessionSchema = z.object({ csrf: z.string().min(1), expiresAt: z.string() });
export type ConsoleSession = z.infer<typeof sessionSchema>;

export const reportSchema = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      brand: z.string(),
      name: z.string(),
      code: z.string(),
      failures: z.number().int().nonnegative(),
      successes: z.number().int().nonnegative(),
      lastAnswers: z.array(z.object({ worked: z.boolean(), at: z.string() })),
      hidden: z.boolean(),
    }),
  ),
});
export type ReportedCode = z.infer<typeof reportSchema>['items'][number];

export const offersSchema = z.object({
  items: z.array(
    z.object({
      kind: z.enum(['coupon', 'deal']),
      id: z.number().int(),
      title: z.string(),
      brand: z.string(),
      brandId: z.number().int().nullable(),
      hidden: z.boolean(),
      pinnedUntil: z.string().nullable(),
    }),
  ),
});
export type OfferHit = z.infer<typeof offersSchema>['items'][number];

export const auditSchema = z.object({
  items: z.array(
    z.object({
      at: z.string(),
      action: z.string(),
      target: z.string(),
      by: z.string(),
      detail: z.string().nullable().optional(),
    }),
  ),
});
export type AuditEntry = z.infer<typeof auditSchema>['items'][number];

export const importReportSchema = z.object({
  at: z.string().optional(),
  sources: z.array(
    z.object({
      source: z.string(),
      kept: z.number().int().nonnegative(),
      leftOut: z.record(z.string(), z.number().int().nonnegative()),
    }),
  ),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const blockedSchema = z.object({
  brands: z.array(z.object({ id: z.number().int(), name: z.string().optional(), blocked: z.boolean().optional() })),
});

const okSchema = z.object({ ok: z.literal(true) });
const errorSchema = z.object({ error: z.string() });

export type Failure =
  /** No valid session (or, at the login, the wrong password). */
  | { kind: 'unauthorized'; message: string }
  /** The CSRF token was refused. */
  | { kind: 'csrf'; message: string }
  /** Too many attempts: retry after `retryAfter` seconds (null when the reply did not say). */
  | { kind: 'rate-limited'; retryAfter: number | null }
  /** 503: the site has the console's API but no password or secret is set. */
  | { kind: 'not-set-up' }
  /** The site has no console API at all (static: the request fails or 404). */
  | { kind: 'no-console' }
  /** 400 and other refusals with the server's message (it names the field). */
  | { kind: 'invalid'; status: number; message: string }
  /** A reply that is not what the contract says; `path` names the first wrong field. */
  | { kind: 'bad-reply'; path: string };
export type Outcome<T> = { ok: true; data: T } | ({ ok: false } & Failure);

export type Fetcher = (input: string, init?: RequestInit) => Promise<Response>;

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? (issue.path.length ? issue.path.join('.') : '(reply)') : '(reply)';
}

/** The outcome of one reply, validated with `schema`. Exported for tests. */
export async function readReply<T>(res: Response, schema: z.ZodType<T>): Promise<Outcome<T>> {
  let body: unknown = null;
  let parsedJson = false;
  const text = await res.text().catch(() => '');
  try {
    body = JSON.parse(text);
    parsedJson = true;
  } catch {
    body = null;
  }
  const message = errorSchema.safeParse(body).success ? (body as { error: string }).error : '';
  if (res.status === 404 || res.status === 405 || res.status === 501) return { ok: false, kind: 'no-console' };
  if (res.status === 503) return { ok: false, kind: 'not-set-up' };
  if (res.status === 429) {
    const seconds = Number(res.headers.get('Retry-After'));
    return {
      ok: false,
      kind: 'rate-limited',
      retryAfter: Number.isFinite(seconds) && seconds >= 0 && res.headers.has('Retry-After') ? seconds : null,
    };
  }
  if (res.status === 401) return { ok: false, kind: 'unauthorized', message };
  if (res.status === 403) return { ok: false, kind: 'csrf', message };
  if (!res.ok) return { ok: false, kind: 'invalid', status: res.status, message };
  if (!parsedJson) return { ok: false, kind: 'bad-reply', path: '(not JSON)' };
  const parsed = schema.safeParse(body);
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, kind: 'bad-reply', path: firstIssue(parsed.error) };
}

const PREFIX = '/api/admin';

export function consoleClient(fetcher: Fetcher = (input, init) => fetch(input, init)) {
  let csrf = '';
  const call = async <T>(path: string, schema: z.ZodType<T>, init?: RequestInit): Promise<Outcome<T>> => {
    let res: Response;
    try {
      res = await fetcher(`${PREFIX}${path}`, {
        credentials: 'same-origin',
        ...init,
        headers: { Accept: 'application/json', ...(init?.headers as Record<string, string> | undefined) },
      });
    } catch {
      return { ok: false, kind: 'no-console' };
    }
    return readReply(res, schema);
  };
  const write = (path: string, body?: unknown) =>
    call(path, okSchema.loose(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const remember = (o: Outcome<ConsoleSession>) => {
    if (o.ok) csrf = o.data.csrf;
    return o;
  };
  return {
    /** Whether a session is open (200), none (unauthorized), or the site has no console. */
    session: async () => {
      const o = await call('/session', sessionSchema);
      // A static site may answer its HTML 404 page or index with 200: not the console's JSON.
      if (!o.ok && o.kind === 'bad-reply') return { ok: false as const, kind: 'no-console' as const };
      return remember(o);
    },
    login: async (password: string) =>
      remember(
        await call('/login', sessionSchema, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ password }),
        }),
      ),
    logout: () => call('/logout', z.unknown(), { method: 'POST', headers: { 'X-CSRF-Token': csrf } }),
    reports: () => call('/reports', reportSchema),
    offers: (q: string) => call(`/offers?q=${encodeURIComponent(q)}`, offersSchema),
    audit: () => call('/audit', auditSchema),
    importReport: () => call('/import-report', importReportSchema),
    offerAction: (kind: 'coupon' | 'deal', id: number, action: 'hide' | 'unhide' | 'unpin' | 'confirm' | 'dismiss') =>
      write(`/offers/${kind}/${id}/${action}`),
    pin: (kind: 'coupon' | 'deal', id: number, until: string) => write(`/offers/${kind}/${id}/pin`, { until }),
    edit: (kind: 'coupon' | 'deal', id: number, edit: { lang: string; title?: string; description?: string }) =>
      write(`/offers/${kind}/${id}/edit`, edit),
    rename: (brandId: number, name: string) => write(`/brands/${brandId}/rename`, { name }),
    block: (brandId: number) => write(`/brands/${brandId}/block`),
    unblock: (brandId: number) => write(`/brands/${brandId}/unblock`),
    /** The blocked advertisers (from the overrides document): id and the operator's name for it, if renamed. */
    blocked: async (): Promise<Outcome<{ id: number; name: string | null }[]>> => {
      const o = await call('/overrides', blockedSchema);
      return o.ok
        ? {
            ok: true,
            data: o.data.brands.filter((b) => b.blocked === true).map((b) => ({ id: b.id, name: b.name ?? null })),
          }
        : o;
    },
  };
}
export type ConsoleClient = ReturnType<typeof consoleClient>;

/**
 * The end of the day `date` ("YYYY-MM-DD" from a date input) in the operator's time zone as an
 * ISO instant, or null for an unreadable date. `offsetMinutes(date)` is
 * Date#getTimezoneOffset for that day (injected for tests).
 */
export function pinUntil(date: string, offsetMinutes?: (utcMidnight: Date) => number): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const utc = Date.UTC(y, mo - 1, d, 23, 59, 59);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  const offset = offsetMinutes ? offsetMinutes(check) : new Date(y, mo - 1, d, 23, 59, 59).getTimezoneOffset();
  return new Date(utc + offset * 60_000).toISOString();
}
