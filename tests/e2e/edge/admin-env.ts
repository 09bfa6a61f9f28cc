/**
 * The local edge's console secrets for the "edge" project (issue 40 part 5): playwright.config.ts
 * gives them to `npm run edge` (ADMIN_PASSWORD is hashed at start), the specs log in with them.
 */
export const EDGE_ADMIN_ENV = {
  ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD ?? 'edge console test password',
  ADMIN_SESSION_SECRET: process.env.E2E_ADMIN_SESSION_SECRET ?? 'e2e-session-secret-0123456789abcdef0123456789',
  EDGE_ADMIN_TOKEN: process.env.E2E_EDGE_ADMIN_TOKEN ?? 'e2e-admin-token-0123456789abcdef',
};
