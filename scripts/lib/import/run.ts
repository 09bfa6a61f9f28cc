/**
 * `npm run import` (scripts/import.ts): network feeds → the catalog file `staticData.catalog` and
 * the reference API's `--catalog` read. The work is src/import; here: arguments, files and live
 * sources, the summary, and the write — atomic, and never over the current file with a broken or
 * much smaller catalog (the snapshot rule, src/sources/snapshot.ts `shrunkLists`).
 */
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CATALOG_LANGUAGES, isCatalogLanguage } from '../../../src/catalog/localized.ts';
import { formatCatalogProblems, parseCatalog } from '../../../src/catalog/parse-catalog.ts';
import type { LocalizedCatalog } from '../../../src/catalog/schemas.ts';
import { formatSummary, type ImportSource, importFeeds, type SourceSummary } from '../../../src/import/import-feeds.ts';
import { EMPTY_MAPPING, type ImportMapping, importMappingSchema } from '../../../src/import/mapping.ts';
import { FeedError, NETWORK_FORMATS, NETWORKS, type Network, type NetworkFormat } from '../../../src/import/offer.ts';
import { importReportPath } from '../../../src/sources/catalog-file.ts';
import { shrunkLists, writeJsonAtomic } from '../../../src/sources/snapshot.ts';
import { DEFAULT_HTTP, type HttpOptions } from './http.ts';
import { liveSource, UsageError } from './live.ts';

export const USAGE = `Usage: npm run import -- --from <format>:<file|api> [--from …] --out <catalog.json>
         [--previous <catalog.json>] [--mapping <mapping.json>] [--dry-run]
         [--prefer awin,rakuten,cj,impact] [--own-code CODE …] [--window-hours 24]
         [--currency USD] [--now <ISO instant>] [--allow-shrink]
         [--drop-exclusive] [--default-language en]
  formats: ${NETWORK_FORMATS.join(', ')}  (api: awin, rakuten, cj, impact; credentials from the
  environment, see docs/networks/)`;

export type RunIo = {
  env?: Record<string, string | undefined>;
  cwd?: string;
  log?: (line: string) => void;
  warn?: (line: string) => void;
  http?: Partial<HttpOptions>;
};

export type RunResult = { code: 0 | 1 | 2; catalog?: LocalizedCatalog };

/** Reads a catalog file as the build does; throws a plain message naming the file. */
export function readCatalogFile(file: string): LocalizedCatalog {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`cannot read the catalog ${file}: ${(error as Error).message}`);
  }
  const parsed = parseCatalog(raw);
  if (!parsed.ok) throw new UsageError(`${file} is not a catalog: ${formatCatalogProblems(parsed.problems)[0]}`);
  return parsed.catalog;
}

function readMapping(file: string): ImportMapping {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`cannot read the mapping file ${file}: ${(error as Error).message}`);
  }
  const parsed = importMappingSchema.safeParse(raw);
  if (!parsed.success) {
    const i = parsed.error.issues[0]!;
    throw new UsageError(`mapping file ${file}, at ${i.path.join('.') || '(root)'}: ${i.message}`);
  }
  return parsed.data;
}

function parse(argv: readonly string[]) {
  try {
    return parseArgs({
      args: [...argv],
      options: {
        from: { type: 'string', multiple: true },
        out: { type: 'string' },
        previous: { type: 'string' },
        mapping: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        prefer: { type: 'string' },
        'own-code': { type: 'string', multiple: true },
        'window-hours': { type: 'string' },
        currency: { type: 'string' },
        now: { type: 'string' },
        'allow-shrink': { type: 'boolean', default: false },
        'drop-exclusive': { type: 'boolean', default: false },
        'default-language': { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** The import report (catalogs/<name>.import-report.json): per source, kept and left out by reason. */
export function importReportOf(summaries: readonly SourceSummary[], at: Date) {
  return {
    at: at.toISOString(),
    sources: summaries.map((s) => ({
      source: `${s.format} ${s.label}`,
      read: s.read,
      kept: s.kept,
      leftOut: { ...s.left },
    })),
  };
}

export async function runImport(argv: readonly string[], io: RunIo = {}): Promise<RunResult> {
  const env = io.env ?? process.env;
  const cwd = io.cwd ?? process.cwd();
  const log = io.log ?? ((l: string) => console.log(l));
  const warn = io.warn ?? ((l: string) => console.error(l));
  // IMPORT_HTTP_TIMEOUT_MS / IMPORT_HTTP_RETRIES tune the live sources (docs/operators.md).
  const fromEnv = (key: string) => (env[key] && Number.isFinite(Number(env[key])) ? Number(env[key]) : undefined);
  const timeoutMs = fromEnv('IMPORT_HTTP_TIMEOUT_MS');
  const retries = fromEnv('IMPORT_HTTP_RETRIES');
  const http: HttpOptions = {
    ...DEFAULT_HTTP,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    ...(retries === undefined ? {} : { retries }),
    log,
    ...io.http,
  };
  try {
    const args = parse(argv);
    if (args.help) {
      log(USAGE);
      return { code: 0 };
    }
    if (!args.from?.length) throw new UsageError('at least one --from <format>:<file|api> is needed');
    if (!args.out && !args['dry-run']) throw new UsageError('--out <catalog.json> is needed (or --dry-run)');
    const now = args.now ? new Date(args.now) : new Date();
    if (Number.isNaN(now.getTime())) throw new UsageError(`--now "${args.now}" is not a date`);
    const windowHours = args['window-hours'] === undefined ? 24 : Number(args['window-hours']);
    if (!Number.isFinite(windowHours) || windowHours < 0)
      throw new UsageError(`--window-hours "${args['window-hours']}" is not a number of hours`);
    const prefer = args.prefer?.split(',').map((s) => s.trim()) as Network[] | undefined;
    for (const n of prefer ?? [])
      if (!(NETWORKS as readonly string[]).includes(n))
        throw new UsageError(`--prefer: "${n}" is not a network (${NETWORKS.join(', ')})`);
    const currency = args.currency ?? 'USD';
    if (!/^[A-Z]{3}$/.test(currency)) throw new UsageError(`--currency "${currency}" is not an ISO 4217 code`);

    const defaultLanguage = args['default-language'] ?? 'en';
    if (!isCatalogLanguage(defaultLanguage))
      throw new UsageError(`--default-language "${defaultLanguage}" is not one of ${CATALOG_LANGUAGES.join(', ')}`);

    const sources: ImportSource[] = args.from.map((spec) => {
      const i = spec.indexOf(':');
      const format = spec.slice(0, i) as NetworkFormat;
      const target = spec.slice(i + 1);
      if (i < 1 || !target || !(NETWORK_FORMATS as readonly string[]).includes(format))
        throw new UsageError(
          `--from "${spec}": expected <format>:<file|api>, format one of ${NETWORK_FORMATS.join(', ')}`,
        );
      if (target === 'api') return liveSource(format, env, http);
      const file = resolve(cwd, target);
      if (!existsSync(file)) throw new UsageError(`--from "${spec}": no file ${file}`);
      return { format, label: target, pages: [createReadStream(file)] };
    });
    const previous = args.previous ? readCatalogFile(resolve(cwd, args.previous)) : null;
    const mapping = args.mapping ? readMapping(resolve(cwd, args.mapping)) : EMPTY_MAPPING;

    const started = performance.now();
    const result = await importFeeds(sources, {
      now,
      windowHours,
      ownCodes: args['own-code'] ?? [],
      exclusive: args['drop-exclusive'] ? 'drop' : 'keep',
      defaultLanguage,
      mapping,
      previous,
      currency,
      ...(prefer ? { prefer } : {}),
    });
    for (const s of result.summaries) log(`[import] ${formatSummary(s)}`);
    const shown = result.dropped.slice(0, 40);
    for (const line of shown) log(`  left out: ${line}`);
    if (result.dropped.length > shown.length) log(`  … and ${result.dropped.length - shown.length} more left out`);
    const notes = result.notes.slice(0, 40);
    for (const line of notes) log(`  language: ${line}`);
    if (result.assumed > notes.length)
      log(`  … and ${result.assumed - notes.length} more offers stored in the default language "${defaultLanguage}"`);
    const { catalog } = result;
    log(
      `[import] ${catalog.coupons.length} coupons, ${catalog.deals.length} deals, ${catalog.brands.length} brands, ` +
        `${catalog.categories.length} categories in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    // Never write a catalog the build would not read as is.
    const check = parseCatalog(catalog);
    if (!check.ok || check.problems.length > 0) {
      warn(
        `✗ import: the catalog would not be read as is; nothing written:\n  ${formatCatalogProblems(check.problems).slice(0, 10).join('\n  ')}`,
      );
      return { code: 1 };
    }
    if (args['dry-run']) {
      log(`[import] dry run: ${args.out ? `${args.out} not written` : 'nothing written'}`);
      return { code: 0, catalog };
    }
    const out = resolve(cwd, args.out!);
    if (existsSync(out) && !args['allow-shrink']) {
      let current: LocalizedCatalog | null = null;
      try {
        current = readCatalogFile(out);
      } catch {
        current = null; // an unreadable file is nothing to keep
      }
      const shrunk = current ? shrunkLists(current, catalog) : [];
      if (shrunk.length > 0) {
        warn(
          `✗ import: the new catalog is much smaller than ${args.out} (${shrunk.join(', ')}); ${args.out} is kept as it was. ` +
            'Check the feeds, or pass --allow-shrink if the offers really are gone.',
        );
        return { code: 1 };
      }
    }
    writeJsonAtomic(out, catalog, 1);
    log(`[import] wrote ${args.out}`);
    // What the console shows as "the last import" (issue 40 part 4), shipped by an edge build.
    const report = importReportPath(out);
    writeJsonAtomic(report, importReportOf(result.summaries, now), 1);
    log(`[import] wrote ${relative(cwd, report)}`);
    return { code: 0, catalog };
  } catch (error) {
    if (error instanceof UsageError) {
      warn(`✗ import: ${error.message}\n${USAGE}`);
      return { code: 2 };
    }
    if (error instanceof FeedError) {
      warn(`✗ import failed: ${error.message}. Nothing written.`);
      return { code: 1 };
    }
    throw error;
  }
}
