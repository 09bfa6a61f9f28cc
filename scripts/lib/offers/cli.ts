/**
 * `npm run offers -- <command> … --site <id>` (issue 40): edits catalogs/<site-id>.overrides.json,
 * which every build of a static-data site applies (src/sources/catalog-file.ts). Commands:
 *
 *   hide <id> [--deal]            unhide <id> [--deal]
 *   pin <id> --until <ISO date> [--deal]      unpin <id> [--deal]
 *   edit <id> --lang <en|es|fr|de> [--title <text>] [--description <text>] [--deal]
 *   verify <coupon id>            (an operator confirmed the code works: sets verifiedAt)
 *   rename <brand id> --name <text>
 *   block <brand id>              unblock <brand id>
 *
 * <id> is a coupon's id unless --deal. Exit 0: written; 1: the file could not be read or the change
 * was refused; 2: usage.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { isCatalogLanguage } from '../../../src/catalog/localized.ts';
import {
  emptyOverrides,
  type OverrideChange,
  type Overrides,
  parseOverrides,
  recordChange,
} from '../../../src/catalog/overrides.ts';
import { overridesPath } from '../../../src/sources/catalog-file.ts';

export const OFFERS_USAGE = `Usage: npm run offers -- <command> <id> --site <site-id> [options]
  hide|unhide <id> [--deal]
  pin <id> --until <ISO date> [--deal]     unpin <id> [--deal]
  edit <id> --lang <en|es|fr|de> [--title <text>] [--description <text>] [--deal]
  verify <coupon id>
  rename <brand id> --name <text>
  block|unblock <brand id>
  pull --site <site-id> --from <origin>     (EDGE_ADMIN_TOKEN in the environment)
  hash-password [--iterations <n>]          (the password on stdin)`;

export interface OffersCliResult {
  code: 0 | 1 | 2;
  output: string;
}

function readOverrides(file: string): Overrides {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return emptyOverrides();
    throw err;
  }
  return parseOverrides(JSON.parse(text), file);
}

export function runOffersCli(argv: string[], opts: { cwd?: string; now?: Date } = {}): OffersCliResult {
  const cwd = opts.cwd ?? process.cwd();
  const now = opts.now ?? new Date();
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (err) {
    return { code: 2, output: `${(err as Error).message}\n${OFFERS_USAGE}` };
  }
  const { values, positionals } = parsed;
  const [command, rawId] = positionals;
  if (!values.site) return { code: 2, output: `--site <site-id> is required\n${OFFERS_USAGE}` };
  if (!/^[a-z0-9][a-z0-9-]*$/.test(values.site)) return { code: 2, output: `--site: not a site id: "${values.site}"` };
  const id = Number(rawId);
  if (rawId === undefined || !Number.isInteger(id) || id < 0)
    return { code: 2, output: `${command ?? '(no command)'}: an id (a whole number) is required\n${OFFERS_USAGE}` };
  const kind = values.deal ? 'deal' : 'coupon';
  let change: OverrideChange;
  switch (command) {
    case 'hide':
    case 'unhide':
    case 'unpin':
      change = { action: command, kind, id };
      break;
    case 'pin':
      if (!values.until) return { code: 2, output: 'pin: --until <ISO date> is required' };
      if (Number.isNaN(Date.parse(values.until)))
        return { code: 2, output: `pin: --until: not a date: "${values.until}"` };
      change = { action: 'pin', kind, id, until: new Date(values.until).toISOString() };
      break;
    case 'edit':
      if (!values.lang || !isCatalogLanguage(values.lang))
        return { code: 2, output: 'edit: --lang must be one of en, es, fr, de' };
      if (values.title === undefined && values.description === undefined)
        return { code: 2, output: 'edit: give --title, --description or both' };
      change = { action: 'edit', kind, id, lang: values.lang, title: values.title, description: values.description };
      break;
    case 'verify':
      change = { action: 'verify', id };
      break;
    case 'rename':
      if (!values.name?.trim()) return { code: 2, output: 'rename: --name <text> is required' };
      change = { action: 'rename', brandId: id, name: values.name.trim() };
      break;
    case 'block':
    case 'unblock':
      change = { action: command, brandId: id };
      break;
    default:
      return { code: 2, output: `Unknown command "${command ?? ''}"\n${OFFERS_USAGE}` };
  }
  const file = overridesPath(values.site, cwd);
  try {
    const next = recordChange(readOverrides(file), change, now, 'cli');
    mkdirSync(dirname(file), { recursive: true });
    const tmp = `${file}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(next, null, 2)}\n`);
    renameSync(tmp, file);
    const last = next.audit.at(-1);
    const what = last ? `${last.action} ${last.target}${last.detail ? ` (${last.detail})` : ''}` : 'saved';
    return { code: 0, output: `✓ ${what} → ${file}` };
  } catch (err) {
    return { code: 1, output: `✗ ${(err as Error).message}` };
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      site: { type: 'string' },
      deal: { type: 'boolean' },
      until: { type: 'string' },
      lang: { type: 'string' },
      title: { type: 'string' },
      description: { type: 'string' },
      name: { type: 'string' },
    },
  });
}
