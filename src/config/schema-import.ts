/**
 * `import` in a site config (issue 30, docs/operators.md "Importing offers"): the affiliate-network
 * sources the nightly imports into the site's `staticData.catalog` before building it
 * (scripts/ci/import-sites.ts). Never published: `import` is not in the published-config allowlist
 * (public.ts). Credentials are never here: a source is a file in the repository or "api", whose
 * credentials come from environment variables (docs/networks/).
 */
import { z } from 'zod';
import { NETWORK_FORMATS, NETWORKS } from '../import/offer.ts';

const SOURCE = new RegExp(`^(${NETWORK_FORMATS.join('|')}):(.+)$`);

export const importSourceSchema = z.strictObject({
  /** "<format>:<file>" (a path relative to the repository) or "<network>:api", e.g. "awin:api". */
  from: z
    .string()
    .regex(SOURCE, { error: `expected "<format>:<file|api>" with a format of ${NETWORK_FORMATS.join(', ')}` })
    .refine((v) => !/^[a-z-]+:[a-z]+:\/\//i.test(v), {
      error:
        'a source is a file in the repository or "api" (credentials go in environment variables, see docs/networks/)',
    })
    .refine((v) => !v.startsWith('awin-csv:api'), {
      error: 'awin-csv is an export file; use "awin:api" for the live API',
    }),
});

export const importConfigSchema = z.strictObject({
  sources: z.array(importSourceSchema).min(1),
  /** The mapping file (advertisers → brands, network categories → the site's), relative to the repository. */
  mapping: z.string().min(1).optional(),
  /** Which network's offer wins when several have the same brand and code (default: the sources' order). */
  prefer: z.array(z.enum(NETWORKS)).optional(),
  /**
   * Exclusive/attributable vouchers and not-public deals (issue 39): "keep" (default: the feeds are
   * the operator's own replies, so these are this publisher's) or "drop" (feeds that are not the
   * operator's own; `ownCodes` still keeps the codes listed there).
   */
  exclusive: z.enum(['keep', 'drop']).default('keep'),
  /** Exclusive or attributable codes that are this publisher's: kept even with exclusive "drop" (compared case-insensitively). */
  ownCodes: z.array(z.string().min(1).max(64)).default([]),
  /** Offers that start within this many hours of the import are kept (the nightly's period). */
  windowHours: z.number().positive().max(744).default(24),
});
export type ImportConfig = z.infer<typeof importConfigSchema>;

/** A site that imports needs a catalog file to import into (the sample is not one). */
export function checkImportTarget(
  cfg: { import?: ImportConfig | undefined; staticData: { catalog: string } },
  ctx: { addIssue: (issue: { code: 'custom'; path: string[]; message: string }) => void },
): void {
  if (cfg.import && cfg.staticData.catalog === 'sample')
    ctx.addIssue({
      code: 'custom',
      path: ['staticData', 'catalog'],
      message: 'A site with import sources needs staticData.catalog: the catalog file the import writes (not "sample")',
    });
}
