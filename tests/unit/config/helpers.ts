import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { SiteConfigInput } from '../../../src/config/schema.ts';

export const ROOT = resolve(import.meta.dirname, '../../..');

/** A fresh deep copy of sites/default.json to mutate in a test. */
export function defaultConfig(): SiteConfigInput & Record<string, unknown> {
  return JSON.parse(readFileSync(resolve(ROOT, 'sites/default.json'), 'utf8'));
}
