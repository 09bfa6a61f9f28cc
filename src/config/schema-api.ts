/** The API section of the site configuration (SPEC §3 "api"), combined in schema.ts. */
import { z } from 'zod';
import { ENDPOINT_NAMES, type EndpointName } from '../api/endpoints.ts';
import { isOutboundUrl, isSitePath } from '../catalog/refinements.ts';
import { noUrlSecret, TIMER_MAX_MS, urlSecretError } from './schema-fields.ts';

/** A path on the API such as "/coupons/{id}/usage": one leading "/", no spaces or control characters. */
const apiPathSchema = z
  .string()
  .refine((v) => isSitePath(v), {
    error: 'API endpoint must be a path starting with a single "/", e.g. "/coupons/{id}/usage"',
  })
  .refine(noUrlSecret, urlSecretError);

export const apiSchema = z.strictObject({
  /** Used by the build (API mode) and by the browser when absolute; "/api" means same origin. */
  baseUrl: z
    .string({ error: 'API base URL is required' })
    .min(1, { error: 'API base URL is required' })
    .refine((v) => isSitePath(v) || isOutboundUrl(v), {
      error: 'API base URL must be a path on this site such as "/api" or an http(s):// address',
    })
    .refine(noUrlSecret, urlSecretError),
  timeout: z
    .number()
    .int()
    .min(1000, { error: 'API timeout must be at least 1000 ms' })
    .max(TIMER_MAX_MS, {
      error: `API timeout must be at most ${TIMER_MAX_MS} ms (the longest delay browsers and Node timers accept; 10000 is usual)`,
    })
    .default(10000),
  retryCount: z
    .number()
    .int()
    .min(0, { error: 'retryCount must be between 0 and 5' })
    .max(5, { error: 'retryCount must be between 0 and 5' })
    .default(3),
  /**
   * Named endpoint overrides: a path on the API (relative to baseUrl, "/api" added) per name,
   * "{id}" standing for the coupon or deal id, e.g. { "couponUsage": "/v2/coupons/{id}/used" }.
   * Names: see src/api/endpoints.ts (DEFAULT_ENDPOINTS).
   */
  endpoints: z
    .strictObject(
      Object.fromEntries(ENDPOINT_NAMES.map((name) => [name, apiPathSchema.optional()])) as Record<
        EndpointName,
        z.ZodOptional<typeof apiPathSchema>
      >,
    )
    .default({}),
  /** How an API-mode build pulls the catalog and keeps its last good snapshot (README "API-mode builds"). */
  build: z
    .strictObject({
      /** Items per list request, e.g. 100. */
      pageSize: z
        .number()
        .int()
        .min(1, { error: 'api.build.pageSize must be 1 to 1000' })
        .max(1000, { error: 'api.build.pageSize must be 1 to 1000' })
        .default(100),
      /** Requests in flight at once, e.g. 4. */
      concurrency: z
        .number()
        .int()
        .min(1, { error: 'api.build.concurrency must be 1 to 32' })
        .max(32, { error: 'api.build.concurrency must be 1 to 32' })
        .default(4),
      /** The last good snapshot is refused when it is older than this, in hours, e.g. 72. */
      snapshotMaxAgeHours: z.number().positive({ error: 'api.build.snapshotMaxAgeHours must be above 0' }).default(72),
    })
    .default({ pageSize: 100, concurrency: 4, snapshotMaxAgeHours: 72 }),
});
