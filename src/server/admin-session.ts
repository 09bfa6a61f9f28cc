/**
 * The console's gate (issue 40 part 5, docs/operators.md "The console's gate"): the operator's
 * password checked against a PBKDF2-SHA256 hash (the Worker secret ADMIN_PASSWORD_HASH), a
 * session cookie signed with HMAC-SHA256 by the secret ADMIN_SESSION_SECRET, and a CSRF token
 * derived from the session by HMAC (nothing stored per session: a logout stores the session id as
 * revoked, ./admin-store.ts). Web Crypto only: the same code in workerd and Node 24.
 *
 * - Password hash: `pbkdf2-sha256$<iterations>$<salt base64>$<hash base64>` (a 32-byte hash;
 *   iterations 1,000–100,000: workerd refuses PBKDF2 above 100,000).
 * - Cookie value: `<session id>.<expiry ms>.<signature base64url>`, the signature over
 *   `admin-session.v1.<id>.<expiry>`; valid until its expiry at the injected clock.
 * - CSRF token: base64url HMAC over `admin-csrf.v1.<id>` (the console sends it as X-CSRF-Token).
 */

export const SESSION_COOKIE = 'admin_session';
/** A session is valid this long (12 h). */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** PBKDF2 rounds of a new hash: the most workerd's Web Crypto accepts. */
export const PBKDF2_ITERATIONS = 100_000;
export const MIN_PBKDF2_ITERATIONS = 1_000;
export const MAX_PBKDF2_ITERATIONS = 100_000;
/** A session secret shorter than this counts as none (the console stays closed). */
export const MIN_SESSION_SECRET_LENGTH = 32;

const enc = new TextEncoder();

function b64(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

function fromB64(text: string): Uint8Array | null {
  try {
    const bin = atob(text);
    return Uint8Array.from(bin, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

const b64url = (bytes: Uint8Array) => b64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** Equal byte arrays, in time that depends only on their lengths. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

async function pbkdf2(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', enc.encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    key,
    256,
  );
  return new Uint8Array(bits);
}

export type PasswordHash = { iterations: number; salt: Uint8Array; hash: Uint8Array };

/** The parts of a hash line, or a message saying what is wrong with it. */
export function parsePasswordHash(line: string): PasswordHash | { error: string } {
  const parts = line.trim().split('$');
  if (parts.length !== 4 || parts[0] !== 'pbkdf2-sha256')
    return { error: 'ADMIN_PASSWORD_HASH: expected pbkdf2-sha256$<iterations>$<salt base64>$<hash base64>' };
  const iterations = Number(parts[1]);
  if (!Number.isInteger(iterations) || iterations < MIN_PBKDF2_ITERATIONS || iterations > MAX_PBKDF2_ITERATIONS)
    return {
      error: `ADMIN_PASSWORD_HASH: iterations must be a whole number from ${MIN_PBKDF2_ITERATIONS} to ${MAX_PBKDF2_ITERATIONS}`,
    };
  const salt = fromB64(parts[2] ?? '');
  const hash = fromB64(parts[3] ?? '');
  if (!salt || salt.length < 8) return { error: 'ADMIN_PASSWORD_HASH: the salt must be base64 of at least 8 bytes' };
  if (hash?.length !== 32) return { error: 'ADMIN_PASSWORD_HASH: the hash must be base64 of 32 bytes' };
  return { iterations, salt, hash };
}

/** A hash line for `password` with a fresh random salt (`npm run offers -- hash-password`, `npm run edge`). */
export async function hashPassword(password: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  if (password.length === 0) throw new Error('The password is empty');
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return `pbkdf2-sha256$${iterations}$${b64(salt)}$${b64(await pbkdf2(password, salt, iterations))}`;
}

/** Whether `password` matches the hash line (false for a malformed line). */
export async function verifyPassword(password: string, line: string): Promise<boolean> {
  const parsed = parsePasswordHash(line);
  if ('error' in parsed) return false;
  return sameBytes(await pbkdf2(password, parsed.salt, parsed.iterations), parsed.hash);
}

async function hmac(secret: string, message: string): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', enc.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, enc.encode(message)));
}

export type Session = { id: string; expiresAt: number };

/** A new session from `now`: its id, expiry and the signed cookie value. */
export async function newSession(secret: string, now: number): Promise<Session & { cookie: string }> {
  const id = b64url(crypto.getRandomValues(new Uint8Array(18)));
  const expiresAt = now + SESSION_TTL_MS;
  return { id, expiresAt, cookie: await signSession(secret, { id, expiresAt }) };
}

export async function signSession(secret: string, session: Session): Promise<string> {
  const sig = await hmac(secret, `admin-session.v1.${session.id}.${session.expiresAt}`);
  return `${session.id}.${session.expiresAt}.${b64url(sig)}`;
}

/** The session a cookie value carries when its signature holds and it has not expired at `now`; else null. */
export async function readSession(secret: string, value: string | undefined, now: number): Promise<Session | null> {
  const match = /^([A-Za-z0-9_-]{8,64})\.(\d{1,16})\.([A-Za-z0-9_-]{43})$/.exec(value ?? '');
  if (!match) return null;
  const [, id, exp, sig] = match as unknown as [string, string, string, string];
  const expected = b64url(await hmac(secret, `admin-session.v1.${id}.${exp}`));
  if (!sameBytes(enc.encode(expected), enc.encode(sig))) return null;
  const expiresAt = Number(exp);
  return expiresAt > now ? { id, expiresAt } : null;
}

/** The CSRF token of a session (derived, never stored). */
export async function csrfToken(secret: string, sessionId: string): Promise<string> {
  return b64url(await hmac(secret, `admin-csrf.v1.${sessionId}`));
}

/** Whether `sent` (the X-CSRF-Token header) is the session's token. */
export async function csrfMatches(secret: string, sessionId: string, sent: string | null): Promise<boolean> {
  if (!sent) return false;
  return sameBytes(enc.encode(await csrfToken(secret, sessionId)), enc.encode(sent));
}

/** The value of one cookie of a Cookie header. */
export function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The Set-Cookie of a session (HttpOnly, Secure, SameSite=Strict, under /api/admin, 12 h). */
export function sessionCookie(value: string): string {
  return `${SESSION_COOKIE}=${value}; HttpOnly; Secure; SameSite=Strict; Path=/api/admin; Max-Age=${SESSION_TTL_MS / 1000}`;
}

/** The Set-Cookie that clears it. */
export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; HttpOnly; Secure; SameSite=Strict; Path=/api/admin; Max-Age=0`;
}
