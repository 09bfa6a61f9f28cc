/**
 * How much an address may write through the API (issue 41, ARCHITECTURE "writes from the
 * internet"), combined in schema.ts as `limits`. Both hosts read it: the Worker of an edge site
 * and the Node reference API (`npm run api -- --site <id>`). Beyond a limit a write gets 429 with
 * `Retry-After` and nothing is stored (src/server/limiter.ts).
 */
import { z } from 'zod';

const count = (path: string, max: number) =>
  z
    .number({ error: `${path} must be a whole number` })
    .int({ error: `${path} must be a whole number` })
    .min(1, { error: `${path} must be at least 1` })
    .max(max, { error: `${path} must be at most ${max}` });

export const limitsSchema = z.strictObject({
  contact: z
    .strictObject({
      /** Contact messages per address per hour (default 5). */
      perHour: count('limits.contact.perHour', 1000).default(5),
      /**
       * A message sent sooner than this after the form appeared is a bot's: it is answered like
       * a success and not stored (default 3 seconds; 0 turns the check off).
       */
      minFillSeconds: z
        .number({ error: 'limits.contact.minFillSeconds must be a number of seconds' })
        .min(0, { error: 'limits.contact.minFillSeconds must be 0 or more' })
        .max(60, { error: 'limits.contact.minFillSeconds must be at most 60' })
        .default(3),
    })
    .default({ perHour: 5, minFillSeconds: 3 }),
  newsletter: z
    .strictObject({
      /** Sign-ups per address per hour (default 5). */
      perHour: count('limits.newsletter.perHour', 1000).default(5),
    })
    .default({ perHour: 5 }),
  counters: z
    .strictObject({
      /** Usage / click / copy records per coupon or deal per address per hour (default 1). */
      perTargetPerHour: count('limits.counters.perTargetPerHour', 100).default(1),
    })
    .default({ perTargetPerHour: 1 }),
  adEvents: z
    .strictObject({
      /** Ad events per address per minute; a batch counts its events (default 120). */
      perMinute: count('limits.adEvents.perMinute', 10_000).default(120),
    })
    .default({ perMinute: 120 }),
});

export type LimitsConfig = z.infer<typeof limitsSchema>;
export const DEFAULT_LIMITS: LimitsConfig = limitsSchema.parse({});
