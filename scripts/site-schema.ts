/**
 * Writes sites/site.schema.json from the zod site schema (editor help for operators):
 *
 *   node scripts/site-schema.ts          # regenerate
 *   node scripts/site-schema.ts --check  # exit 1 when the committed file is out of date
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SITE_SCHEMA_FILE, siteJsonSchemaText } from './lib/config/site-schema.ts';

const file = resolve(import.meta.dirname, '..', SITE_SCHEMA_FILE);
const text = siteJsonSchemaText();
if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    // missing: out of date
  }
  if (current !== text) {
    console.error(`${SITE_SCHEMA_FILE} is out of date: run npm run site-schema`);
    process.exit(1);
  }
  console.log(`${SITE_SCHEMA_FILE} is up to date`);
} else {
  writeFileSync(file, text);
  console.log(`wrote ${SITE_SCHEMA_FILE}`);
}
