/**
 * The admin dashboard's password gate (SPEC §5 "Admin login", §6): the site config holds only
 * `admin.passwordSha256`, the hex SHA-256 of the password; the typed password is hashed with
 * Web Crypto and compared. Unlocked for the browser session (sessionStorage). This hides
 * figures from casual visitors; it is NOT authorization (everything is in the client).
 */

export const ADMIN_SESSION_KEY = 'admin_unlocked';
export const SHA256_HEX = /^[0-9a-f]{64}$/;

type Subtle = Pick<SubtleCrypto, 'digest'>;

/** Lower-case hex SHA-256 of the UTF-8 text. */
export async function sha256Hex(text: string, subtle: Subtle = globalThis.crypto.subtle): Promise<string> {
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Compares without an early exit on the first differing character. */
function sameHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** True when `password` hashes to `expectedHex` (case-insensitive hex). False without a valid hash. */
export async function checkPassword(
  password: string,
  expectedHex: string | null | undefined,
  subtle?: Subtle,
): Promise<boolean> {
  const expected = (expectedHex ?? '').trim().toLowerCase();
  if (!SHA256_HEX.test(expected)) return false;
  return sameHex(await sha256Hex(password, subtle), expected);
}

type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The session remembers which hash unlocked it: a changed password locks again. */
export function isUnlocked(store: SessionStore | undefined, expectedHex: string | null | undefined): boolean {
  if (!store || !expectedHex) return false;
  try {
    return store.getItem(ADMIN_SESSION_KEY) === expectedHex.trim().toLowerCase();
  } catch {
    return false;
  }
}

export function rememberUnlock(store: SessionStore | undefined, expectedHex: string): void {
  try {
    store?.setItem(ADMIN_SESSION_KEY, expectedHex.trim().toLowerCase());
  } catch {
    // storage refused: unlocked for this page view only
  }
}

export function lock(store: SessionStore | undefined): void {
  try {
    store?.removeItem(ADMIN_SESSION_KEY);
  } catch {
    // nothing to do
  }
}
