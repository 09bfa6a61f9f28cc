/**
 * `health` in the site config (issue 40 part 2, docs/code-health.md "The verdict"): when shoppers'
 * answers stop a code being offered. A code with at least `hideAfter` "didn't work" answers (the
 * counted answers of the last 30 days), the last of them within `windowHours`, and no success in
 * `windowHours` (a shopper's "it worked" or the operator's `verifiedAt`) shows no "Get Code" on
 * any page, in the API or in feeds.
 */
import { z } from 'zod';

export const HEALTH_DEFAULTS = { hideAfter: 5, windowHours: 24 } as const;

export const healthSchema = z.strictObject({
  hideAfter: z
    .int({ error: 'health.hideAfter must be a whole number of answers (1 to 1000)' })
    .min(1, { error: 'health.hideAfter must be at least 1 answer' })
    .max(1000, { error: 'health.hideAfter must be at most 1000 answers' })
    .default(HEALTH_DEFAULTS.hideAfter),
  windowHours: z
    .number({ error: 'health.windowHours must be a number of hours (1 to 720)' })
    .min(1, { error: 'health.windowHours must be at least 1 hour' })
    .max(720, { error: 'health.windowHours must be at most 720 hours (the 30 days answers are counted over)' })
    .default(HEALTH_DEFAULTS.windowHours),
});

export type HealthConfig = z.infer<typeof healthSchema>;
