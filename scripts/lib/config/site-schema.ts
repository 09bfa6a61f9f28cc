/**
 * The JSON Schema of a site file (`sites/site.schema.json`), generated from the zod schema
 * (src/config/schema.ts) so editors complete and check `sites/*.json` through their
 * `"$schema": "./site.schema.json"`. What JSON Schema cannot say (cross-field rules such as
 * "defaultLanguage must be one of supportedLanguages", AdSense/Adsterra field rules) is checked
 * by the build's validation only.
 */
import { z } from 'zod';
import { siteConfigSchema } from '../../../src/config/schema.ts';

export const SITE_SCHEMA_FILE = 'sites/site.schema.json';

export function siteJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(siteConfigSchema, {
    target: 'draft-07',
    // What an operator writes: fields with defaults are optional.
    io: 'input',
    // Refinements have no JSON Schema form; they are left to the build's validation.
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  return {
    ...schema,
    title: 'Site configuration',
    description:
      'One site of the coupon front end (sites/<site-id>.json). Generated from src/config/schema.ts by `node scripts/site-schema.ts`; do not edit by hand.',
  };
}

/** The file's text: stable key order as generated, 2-space indent, final newline. */
export function siteJsonSchemaText(): string {
  return `${JSON.stringify(siteJsonSchema(), null, 2)}\n`;
}
