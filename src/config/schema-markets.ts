/** The `markets` section of the site configuration (issue 39), combined in schema.ts. */
import { z } from 'zod';
import { isCountryCode } from '../catalog/refinements.ts';

/**
 * Issue 39: the countries each language serves (ISO 3166-1 alpha-2), e.g.
 * `{ "de": ["DE", "AT", "CH"] }`. An offer with `countries` is shown in a language only when they
 * meet its market (src/catalog/markets.ts); a language without an entry serves every country.
 */
export const marketsSchema = z.record(
  z.string().regex(/^[a-z]{2}$/, { error: 'A markets key must be a 2-letter language code, e.g. "de"' }),
  z
    .array(
      z.string().refine(isCountryCode, {
        error: (issue) =>
          `${JSON.stringify(String(issue.input).slice(0, 20))} is not an ISO 3166-1 alpha-2 country code such as "DE" or "GB"`,
      }),
    )
    .min(1, { error: 'A market lists at least 1 country; leave the language out to serve every country' }),
);
