/**
 * The two commands of `npm run offers` that are not one local edit (issue 40 parts 4-5):
 *
 *   hash-password [--iterations <n>]      reads the console's password from stdin, prints the
 *                                         ADMIN_PASSWORD_HASH line (src/server/admin-session.ts;
 *                                         default 100,000 PBKDF2 iterations)
 *   pull --site <id> --from <origin>      GET <origin>/api/admin/overrides with the bearer token
 *                                         EDGE_ADMIN_TOKEN, merged into catalogs/<id>.overrides.json
 *
 * Merge of a pull: an offer or brand the edge site has an entry for takes the edge's entry (the
 * console's last word); entries only in the file stay; the audit logs are joined (each entry once,
 * oldest first). Exit 0: done; 1: the origin or the file failed; 2: usage.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { emptyOverrides, type Overrides, parseOverrides } from '../../../src/catalog/overrides.ts';
import {
  hashPassword,
  MAX_PBKDF2_ITERATIONS,
  MIN_PBKDF2_ITERATIONS,
  PBKDF2_ITERATIONS,
} from '../../../src/server/admin-session.ts';
import { overridesPath } from '../../../src/sources/catalog-file.ts';
import type { OffersCliResult } from './cli.ts';

export const REMOTE_COMMANDS = ['hash-password', 'pull'] as const;

export interface RemoteOptions {
  cwd?: string;
  /** The password's text (default: all of stdin). */
  stdin?: () => Promise<string>;
  fetch?: typeof fetch;
  env?: Record<string, string | undefined>;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const key = (o: { kind: string; id: number }) => `${o.kind}:${o.id}`;
const auditKey = (a: Overrides['audit'][number]) => JSON.stringify([a.at, a.action, a.target, a.by, a.detail ?? '']);

/** The file's overrides with the edge's merged in, and one line per entry the edge changed. */
export function mergeOverrides(local: Overrides, remote: Overrides): { merged: Overrides; changes: string[] } {
  const changes: string[] = [];
  const offers = new Map(local.offers.map((o) => [key(o), o]));
  for (const o of remote.offers) {
    const before = offers.get(key(o));
    if (JSON.stringify(before) !== JSON.stringify(o)) changes.push(`${before ? 'changed' : 'added'} ${key(o)}`);
    offers.set(key(o), o);
  }
  const brands = new Map(local.brands.map((b) => [b.id, b]));
  for (const b of remote.brands) {
    const before = brands.get(b.id);
    if (JSON.stringify(before) !== JSON.stringify(b)) changes.push(`${before ? 'changed' : 'added'} brand:${b.id}`);
    brands.set(b.id, b);
  }
  const audit = new Map(local.audit.map((a) => [auditKey(a), a]));
  for (const a of remote.audit) audit.set(auditKey(a), a);
  return {
    merged: {
      version: 1,
      offers: [...offers.values()],
      brands: [...brands.values()],
      audit: [...audit.values()].sort((a, b) => Date.parse(a.at) - Date.parse(b.at)),
    },
    changes,
  };
}

function readFile(file: string): Overrides {
  try {
    return parseOverrides(JSON.parse(readFileSync(file, 'utf8')), file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return emptyOverrides();
    throw err;
  }
}

export async function runOffersRemote(argv: string[], opts: RemoteOptions = {}): Promise<OffersCliResult> {
  let values: { site?: string; from?: string; iterations?: string };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { site: { type: 'string' }, from: { type: 'string' }, iterations: { type: 'string' } },
    }));
  } catch (err) {
    return { code: 2, output: (err as Error).message };
  }
  const command = positionals[0];
  if (command === 'hash-password') {
    const password = (await (opts.stdin ?? readStdin)()).replace(/\r?\n$/, '');
    if (password === '') return { code: 2, output: 'hash-password: give the password on stdin' };
    const iterations = values.iterations === undefined ? PBKDF2_ITERATIONS : Number(values.iterations);
    if (!Number.isInteger(iterations) || iterations < MIN_PBKDF2_ITERATIONS || iterations > MAX_PBKDF2_ITERATIONS)
      return {
        code: 2,
        output: `hash-password: --iterations must be a whole number from ${MIN_PBKDF2_ITERATIONS} to ${MAX_PBKDF2_ITERATIONS}`,
      };
    return { code: 0, output: await hashPassword(password, iterations) };
  }
  if (command !== 'pull') return { code: 2, output: `Unknown command "${command ?? ''}"` };
  const env = opts.env ?? process.env;
  if (!values.site || !/^[a-z0-9][a-z0-9-]*$/.test(values.site))
    return { code: 2, output: 'pull: --site <site-id> is required' };
  let origin: URL;
  try {
    origin = new URL(values.from ?? '');
  } catch {
    return { code: 2, output: 'pull: --from <origin> is required, e.g. --from https://coupons.example' };
  }
  const token = env.EDGE_ADMIN_TOKEN;
  if (!token) return { code: 2, output: 'pull: set EDGE_ADMIN_TOKEN (the Worker secret) in the environment' };
  const url = new URL('/api/admin/overrides', origin);
  let remote: Overrides;
  try {
    const res = await (opts.fetch ?? fetch)(url, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(30_000),
    });
    if (!res.ok) return { code: 1, output: `✗ ${url.href}: HTTP ${res.status} ${(await res.text()).slice(0, 200)}` };
    remote = parseOverrides(await res.json(), url.href);
  } catch (err) {
    return { code: 1, output: `✗ ${url.href}: ${(err as Error).message}` };
  }
  const file = overridesPath(values.site, opts.cwd ?? process.cwd());
  try {
    const { merged, changes } = mergeOverrides(readFile(file), remote);
    if (changes.length === 0) return { code: 0, output: `✓ ${file} already has every change of ${origin.origin}` };
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(`${file}.tmp`, `${JSON.stringify(merged, null, 2)}\n`);
    renameSync(`${file}.tmp`, file);
    return {
      code: 0,
      output: [`✓ ${changes.length} change(s) from ${origin.origin} → ${file}`, ...changes.map((c) => `  ${c}`)].join(
        '\n',
      ),
    };
  } catch (err) {
    return { code: 1, output: `✗ ${(err as Error).message}` };
  }
}
