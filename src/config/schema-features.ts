/** The `features` section of the site configuration (SPEC §3), combined in schema.ts. */
import { z } from 'zod';
import { isOutboundUrl, isSitePath } from '../catalog/refinements.ts';
import { noUrlSecret, urlSecretError } from './schema-fields.ts';

export const featuresSchema = z
  .object({
    staticData: z.strictObject({ enabled: z.boolean() }),
    search: z
      .strictObject({
        enabled: z.boolean(),
        minCharacters: z.number().int().min(1, { error: 'search minCharacters must be at least 1' }).default(2),
      })
      .default({ enabled: true, minCharacters: 2 }),
    pagination: z
      .strictObject({
        enabled: z.boolean().default(true),
        type: z.enum(['pagination', 'infinite-scroll'], {
          error: 'Pagination type must be pagination or infinite-scroll',
        }),
        itemsPerPage: z.number().int().min(1, { error: 'itemsPerPage must be at least 1' }),
      })
      .default({ enabled: true, type: 'pagination', itemsPerPage: 20 }),
    newsletter: z
      .strictObject({
        enabled: z.boolean(),
        provider: z.enum(['mailchimp', 'sendgrid', 'custom'], {
          error: 'Newsletter provider must be mailchimp, sendgrid or custom',
        }),
        apiKey: z.string().optional(),
        listId: z.string().optional(),
        /** An https address or a path on the API, e.g. "/newsletter/subscribe". */
        endpoint: z
          .string()
          .refine((v) => isSitePath(v) || (/^https:\/\//i.test(v) && isOutboundUrl(v)), {
            error:
              'Newsletter endpoint must be a path on the API starting with a single "/" (not "//host") or an https:// address',
          })
          .refine(noUrlSecret, urlSecretError)
          .optional(),
      })
      .superRefine((n, ctx) => {
        if (!n.enabled) return;
        if (!n.apiKey)
          ctx.addIssue({
            code: 'custom',
            path: ['apiKey'],
            message: 'Newsletter API key is required when the newsletter is enabled',
          });
        if (!n.listId)
          ctx.addIssue({
            code: 'custom',
            path: ['listId'],
            message: 'Newsletter list ID is required when the newsletter is enabled',
          });
      })
      .optional(),
  })
  /** Any other feature is `{ "enabled": boolean, ... }`. */
  .catchall(z.looseObject({ enabled: z.boolean() }));
