/**
 * The logic of the contact and newsletter forms, free of the DOM so it is tested on its own:
 * validation (SPEC §5 "Contact form", "Blog newsletter email"), the e-mail hand-off link,
 * and a sender that lets one submission run at a time.
 */

export const CONTACT_SUBJECTS = ['general', 'partnership', 'technical', 'coupon', 'suggestion', 'other'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];
export const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;

export const LIMITS = { name: 100, email: 254, message: 5000 } as const;

/** Why a field is invalid; each has a message per language (content:form.error.*). */
export type FieldProblem = 'required' | 'email' | 'subject' | 'tooLong';

/** The HTML Standard's "valid e-mail address" (what <input type="email"> accepts). */
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function emailProblem(value: string): FieldProblem | null {
  const v = value.trim();
  if (!v) return 'required';
  if (v.length > LIMITS.email || !EMAIL.test(v)) return 'email';
  return null;
}

export function contactProblems(values: ContactValues): Partial<Record<ContactField, FieldProblem>> {
  const out: Partial<Record<ContactField, FieldProblem>> = {};
  const name = values.name.trim();
  if (!name) out.name = 'required';
  else if (name.length > LIMITS.name) out.name = 'tooLong';
  const email = emailProblem(values.email);
  if (email) out.email = email;
  if (!values.subject) out.subject = 'required';
  else if (!(CONTACT_SUBJECTS as readonly string[]).includes(values.subject)) out.subject = 'subject';
  const message = values.message.trim();
  if (!message) out.message = 'required';
  else if (message.length > LIMITS.message) out.message = 'tooLong';
  return out;
}

/** The trimmed values that are sent (POST /contact body, SPEC §3 "Contact form"). */
export function contactPayload(values: ContactValues): ContactValues {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    subject: values.subject,
    message: values.message.trim(),
  };
}

/**
 * A mailto: link that opens the visitor's e-mail app with the message filled in
 * (RFC 6068: every part percent-encoded, line breaks as %0D%0A).
 */
export function mailtoHref(to: string, subject: string, body: string): string {
  const enc = (s: string) => encodeURIComponent(s.replace(/\r?\n/g, '\r\n'));
  return `mailto:${to}?subject=${enc(subject)}&body=${enc(body)}`;
}

/** The e-mail body of the hand-off: the message, then who wrote it. */
export function contactMailBody(values: ContactValues, labels: { name: string; email: string }): string {
  const v = contactPayload(values);
  return `${v.message}\n\n--\n${labels.name}: ${v.name}\n${labels.email}: ${v.email}`;
}

/**
 * Runs `send` for one submission at a time: a second submit while one is in flight is
 * ignored (returns null), so a double click or a second Enter never sends twice.
 */
export function singleFlight<A, R>(send: (arg: A) => Promise<R>) {
  let busy = false;
  return {
    get busy() {
      return busy;
    },
    async run(arg: A): Promise<R | null> {
      if (busy) return null;
      busy = true;
      try {
        return await send(arg);
      } finally {
        busy = false;
      }
    },
  };
}

export type SendResult = { ok: true } | { ok: false; reason: string };
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** POSTs JSON to an address (an operator's form endpoint, or the newsletter endpoint); never throws. */
export async function postJson(
  url: string,
  body: unknown,
  opts: { fetch?: FetchLike; timeoutMs?: number; headers?: Record<string, string> } = {},
): Promise<SendResult> {
  const doFetch = opts.fetch ?? ((input, init) => fetch(input, init));
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs ?? 10_000);
  try {
    const res = await doFetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...opts.headers },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    if (!res.ok) return { ok: false, reason: `HTTP ${res.status}` };
    // A JSON body that says it failed is a failure too (SPEC §7 envelope).
    const data: unknown = await res.json().catch(() => null);
    if (data && typeof data === 'object' && 'success' in data && (data as { success: unknown }).success === false)
      return { ok: false, reason: 'success false' };
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : 'network error' };
  } finally {
    clearTimeout(timer);
  }
}
