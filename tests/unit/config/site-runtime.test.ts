/**
 * `virtual:site-runtime` (what islands read in the browser) is `siteRuntimeOf(config)`: made from
 * the public subset, with the schema's defaults (no fallbacks added on the way).
 */
import { describe, expect, it } from 'vitest';
import { siteRuntimeOf } from '../../../src/config/public.ts';
import { siteConfigSchema } from '../../../src/config/schema.ts';
import { defaultConfig } from './helpers.ts';

describe('siteRuntimeOf', () => {
  it('takes the search minimum and pagination from the schema when the config leaves them out', () => {
    const input = defaultConfig();
    const features = input.features as Record<string, unknown>;
    delete features.search;
    delete features.pagination;
    const runtime = siteRuntimeOf(siteConfigSchema.parse(input));
    expect(runtime.searchMinCharacters).toBe(2);
    expect(runtime.pagination).toEqual({ type: 'pagination', itemsPerPage: 20 });
  });

  it('ships no secret of the config (newsletter apiKey, api.build)', () => {
    const input = defaultConfig();
    const features = input.features as Record<string, Record<string, unknown>>;
    features.newsletter = { ...features.newsletter, apiKey: 'nl-key-very-secret-123' };
    const text = JSON.stringify(siteRuntimeOf(siteConfigSchema.parse(input)));
    expect(text).not.toContain('nl-key-very-secret-123');
    expect(text).toContain(`"siteId":"${(input.site as { id: string }).id}"`);
  });
});
