/**
 * Writes the figures table (README.md between the figures markers, else docs/figures.md)
 * from one or more `npm run audit -- --report <file>` reports, e.g. a weight run and a
 * Lighthouse run made separately:
 *   node scripts/readme-figures.ts weight.json lighthouse.json [--site default]
 * `npm run audit` does this itself when every gate ran and passed.
 */
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { figuresTable, writeFigures } from './lib/audit/figures.ts';
import type { LighthouseFigures } from './lib/audit/lighthouse.ts';
import type { GateResult } from './lib/audit/types.ts';
import type { TypeFigures } from './lib/audit/weight.ts';

const ROOT = resolve(import.meta.dirname, '..');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { site: { type: 'string', default: 'default' } },
});
const results = positionals.flatMap((f) => JSON.parse(readFileSync(f, 'utf8')) as GateResult[]);
const weight = results.findLast((r) => r.gate === 'weight')?.figures as Record<string, TypeFigures> | undefined;
const lighthouse = results.findLast((r) => r.gate === 'lighthouse')?.figures as
  | Record<string, LighthouseFigures & { url: string }>
  | undefined;
if (!weight) {
  console.error('No weight figures in the given reports (run: npm run audit -- --only weight --report w.json).');
  process.exit(1);
}
const table = figuresTable(weight, lighthouse, { site: values.site, date: new Date().toISOString().slice(0, 10) });
console.log(table);
console.log(`\nWritten to ${relative(ROOT, writeFigures(ROOT, table))}`);
