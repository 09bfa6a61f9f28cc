import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SITE_SCHEMA_FILE, siteJsonSchema, siteJsonSchemaText } from '../../../scripts/lib/config/site-schema.ts';
import { validateSiteConfig } from '../../../src/config/validate.ts';
import { defaultConfig, ROOT } from './helpers.ts';

describe('sites/site.schema.json (editor help for operators)', () => {
  it('is in sync with the zod schema (regenerate: node scripts/site-schema.ts)', () => {
    expect(readFileSync(resolve(ROOT, SITE_SCHEMA_FILE), 'utf8')).toBe(siteJsonSchemaText());
  });

  it('is referenced by sites/default.json, and the site validation accepts the $schema key', () => {
    const config = defaultConfig();
    expect(config.$schema).toBe('./site.schema.json');
    expect(validateSiteConfig(config).ok).toBe(true);
  });

  it('describes what an operator writes: unknown keys refused, defaulted fields optional, enums listed', () => {
    const schema = siteJsonSchema() as {
      additionalProperties: boolean;
      required: string[];
      properties: Record<
        string,
        { properties: Record<string, { enum?: string[]; properties?: Record<string, unknown> }>; required?: string[] }
      >;
    };
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required).toEqual(['site', 'branding', 'content', 'features', 'seo', 'api', 'ads']);
    expect(schema.properties.branding?.properties.theme?.enum).toEqual(['light', 'dark', 'auto']);
    expect(schema.properties.api?.required).toEqual(['baseUrl']);
    expect(Object.keys(schema.properties.api?.properties.endpoints?.properties ?? {})).toContain('couponUsage');
  });
});
