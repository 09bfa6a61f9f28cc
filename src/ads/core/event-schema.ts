/**
 * The ad event as the API receives it (POST /ads/events and /ads/events/batch): the reporter's
 * `ReportedAdEvent` (./reporter.ts) as a schema, so the server stores only events that exist
 * (issue 41): a type the event bus emits (./events.ts, with viewable → impression and clicked →
 * click), a known platform (./platforms.ts), a slot and position the runtime mounts
 * (`<position>-<n>`, or "" for a page-level script), and bounded sizes. Unknown keys are refused.
 */
import { z } from 'zod';
import { AD_EVENT_TYPES } from './events.ts';
import { KNOWN_PLATFORMS } from './platforms.ts';
import type { ReportedAdEvent } from './reporter.ts';

/** The type names the reporter sends. */
export const REPORTED_AD_EVENT_TYPES = AD_EVENT_TYPES.map((t) =>
  t === 'viewable' ? 'impression' : t === 'clicked' ? 'click' : t,
) as readonly string[];

/** Where a slot can be (src/ads/core/decision.ts `AdPosition`). */
export const AD_EVENT_POSITIONS = [
  'modal-top',
  'modal-bottom',
  'modal-left',
  'modal-right',
  'top',
  'bottom',
  'left',
  'right',
] as const;

/** The reporter sends at most this many events a batch (./reporter.ts MAX_BATCH). */
export const MAX_EVENTS_PER_BATCH = 50;

const SLOT_ID = new RegExp(`^(?:(?:${AD_EVENT_POSITIONS.join('|')})-\\d{1,6})?$`);
const oneOf = (values: readonly string[]) => `choose one of ${values.join(', ')}`;

export const reportedAdEventSchema = z.strictObject({
  id: z.string({ error: 'required, a text' }).min(1, { error: 'required' }).max(64, { error: 'at most 64 characters' }),
  type: z.string({ error: oneOf(REPORTED_AD_EVENT_TYPES) }).refine((t) => REPORTED_AD_EVENT_TYPES.includes(t), {
    error: oneOf(REPORTED_AD_EVENT_TYPES),
  }),
  platform: z.enum(KNOWN_PLATFORMS, { error: oneOf(KNOWN_PLATFORMS) }),
  slotId: z.string({ error: 'a slot id like top-1, or ""' }).max(32).regex(SLOT_ID, {
    error: 'a slot id like top-1 (position-number), or ""',
  }),
  position: z.enum(['', ...AD_EVENT_POSITIONS], { error: oneOf(['""', ...AD_EVENT_POSITIONS]) }),
  at: z
    .number({ error: 'a time in milliseconds since 1970' })
    .int({ error: 'a whole number of milliseconds' })
    .min(0, { error: 'a time in milliseconds since 1970' })
    .max(4_102_444_800_000, { error: 'a time before 2100' }),
  mock: z.boolean({ error: 'true or false' }),
  error: z.string({ error: 'a text' }).max(300, { error: 'at most 300 characters' }).optional(),
  loadMs: z
    .number({ error: 'a number of milliseconds' })
    .min(0, { error: 'at least 0' })
    .max(600_000, { error: 'at most 600000' })
    .optional(),
  campaign: z.string({ error: 'a text' }).min(1).max(100, { error: 'at most 100 characters' }).optional(),
});

// The schema and the reporter's type stay one shape.
type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false;
const sameShape: SameKeys<z.infer<typeof reportedAdEventSchema>, ReportedAdEvent> = true;
void sameShape;

/** Problems of one event as "path: rule" (path from `prefix`), or [] when it is valid. */
export function adEventProblems(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return [`${prefix || 'event'}: must be an object`];
  const result = reportedAdEventSchema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    const rule = issue.code === 'unrecognized_keys' ? `unknown field(s) ${issue.keys.join(', ')}` : issue.message;
    return `${path || 'event'}: ${rule}`;
  });
}
