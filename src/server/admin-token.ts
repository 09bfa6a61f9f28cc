/**
 * The bearer token of `GET /api/admin/health` (issue 40 part 3, docs/operators.md "Code health
 * into the build"): `Authorization: Bearer <EDGE_ADMIN_TOKEN>`, compared in constant time (the
 * time taken does not depend on where the first differing character is). No token configured
 * means the export is closed to everyone. Web-standard only (runs in workerd and Node).
 */

/** The shortest token accepted as configured: a shorter one is treated as none (the export stays closed). */
export const MIN_ADMIN_TOKEN_LENGTH = 16;

/** Whether `a` and `b` are equal, in time that depends only on their lengths. */
export function constantTimeEqual(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  const n = Math.max(x.length, y.length);
  let diff = x.length ^ y.length;
  for (let i = 0; i < n; i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

/**
 * Whether the request carries the configured admin token. `configured` is the secret
 * (EDGE_ADMIN_TOKEN); undefined, empty or shorter than MIN_ADMIN_TOKEN_LENGTH refuses everyone.
 */
export function hasAdminToken(authorization: string | null | undefined, configured: string | undefined): boolean {
  if (!configured || configured.length < MIN_ADMIN_TOKEN_LENGTH) return false;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return constantTimeEqual(match?.[1] ?? '', configured);
}
