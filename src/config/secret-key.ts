/**
 * A key name that looks like it holds a secret (case-insensitive): what the published-config
 * projection (./public.ts) drops and the ads schema (./schema-ads.ts) refuses in public params.
 * Its own module so the schemas need not import the projection (which imports their types):
 * no import circle between config/public.ts and config/schema*.ts.
 */
export const SECRET_KEY = /api[-_]?key|secret|token|password/i;
