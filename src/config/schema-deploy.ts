/**
 * Where a site is served (issue 32, ARCHITECTURE "real-size sites"), combined in schema.ts.
 * `static` (default): plain files, built exactly as before. `cloudflare`: Astro's static output
 * with @astrojs/cloudflare: the head of the site pre-rendered within `prerender.maxFiles` files,
 * every other brand page rendered on demand by a Worker from catalog data shipped as assets,
 * shoppers' feedback stored in Cloudflare D1.
 */
import { z } from 'zod';

export const DEPLOY_TARGETS = ['static', 'cloudflare'] as const;
export type DeployTarget = (typeof DEPLOY_TARGETS)[number];

/** Cloudflare's free plan: at most this many files per deployment. */
export const CLOUDFLARE_FREE_FILES = 20_000;
/** Cloudflare Workers static assets: no file over 25 MiB. */
export const CLOUDFLARE_MAX_FILE_BYTES = 25 * 1024 * 1024;

export const prerenderSchema = z.strictObject({
  /** The build writes at most this many files for the site (pages, data, assets); default 20,000. */
  maxFiles: z
    .number()
    .int()
    .min(500, { error: 'deploy.prerender.maxFiles must be at least 500' })
    .max(100_000, { error: 'deploy.prerender.maxFiles must be at most 100000 (the paid plan limit)' })
    .default(CLOUDFLARE_FREE_FILES),
  /**
   * Pre-render at most this many brands per language (those with the most live offers first);
   * default: as many as fit within `maxFiles`. 0 renders every brand page on demand.
   */
  brandsPerLanguage: z
    .number()
    .int()
    .min(0, { error: 'deploy.prerender.brandsPerLanguage must be 0 or more' })
    .optional(),
});

/** Cloudflare's free plan: D1 accepts this many rows written a day. */
export const D1_FREE_DAILY_WRITES = 100_000;

export const d1Schema = z.strictObject({
  /**
   * The plan's daily D1 write allowance (default 100,000, the free plan). At 80 % of it the
   * Worker stops storing ad events and counters, so feedback, contact and console writes keep
   * working until the day (UTC) ends (issue 41, src/server/budget.ts).
   */
  dailyWrites: z
    .number({ error: 'deploy.d1.dailyWrites must be a whole number' })
    .int({ error: 'deploy.d1.dailyWrites must be a whole number' })
    .min(1000, { error: 'deploy.d1.dailyWrites must be at least 1000' })
    .default(D1_FREE_DAILY_WRITES),
});
/** How often the site's offers are imported, built and deployed (issue 42; docs/operators.md "The hourly cycle"). */
export const DEPLOY_SCHEDULES = ['hourly', 'nightly'] as const;
export type DeploySchedule = (typeof DEPLOY_SCHEDULES)[number];

export const deploySchema = z.strictObject({
  target: z.enum(DEPLOY_TARGETS, { error: 'deploy.target must be static or cloudflare' }).default('static'),
  /** Default: "hourly" for an edge site (cloudflare), "nightly" for a static one (`deploySchedule`). */
  schedule: z.enum(DEPLOY_SCHEDULES, { error: 'deploy.schedule must be "hourly" or "nightly"' }).optional(),
  /** Only read when target is cloudflare. */
  prerender: prerenderSchema.default({ maxFiles: CLOUDFLARE_FREE_FILES }),
  /** Only read when target is cloudflare: the database's daily write budget (absent: the free plan's). */
  d1: d1Schema.optional(),
});

export type DeployConfig = z.infer<typeof deploySchema>;

/** The site's schedule: as set, else hourly for an edge site and nightly for a static one. */
export function deploySchedule(deploy: Pick<DeployConfig, 'target' | 'schedule'>): DeploySchedule {
  return deploy.schedule ?? (deploy.target === 'cloudflare' ? 'hourly' : 'nightly');
}
