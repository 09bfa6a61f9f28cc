/**
 * The key scan of tests/unit/i18n/island-keys.test.ts: the code of an island's component tree and
 * the `t('ns:key')` calls in it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

/** A module of the tree: its path from the repository root and the code that counts. */
export type Source = { file: string; source: string };

export const ROOT = resolve(import.meta.dirname, '../../..');
export const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

const DECLARATION = /^(export\s+)?(default\s+)?(?:async\s+)?(?:function|const|let|class|type|interface)\s*(\w*)/;
/** Code without its comments (a name in a comment is no use of it). */
const uncommented = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
const IMPORT = /^import\s+(?!type\b)([^;]*?)\s+from\s+'(\.[^']+)'/gms;

/**
 * Of a module, the code that counts when `names` of its exports are imported ("default" the
 * default one): those declarations, the unexported ones and the top-level code, and every other
 * exported declaration that code names (DealCard uses the DealPrice the module exports too).
 */
function keptCode(source: string, names: Set<string> | 'all'): string {
  if (names === 'all') return source;
  const chunks = source
    .split(/^(?=(?:export\s+)?(?:default\s+)?(?:async\s+)?(?:function|const|let|class|type|interface)\s)/m)
    .map((chunk) => {
      const head = DECLARATION.exec(chunk);
      // The imports and other top-level code, and unexported declarations, always count.
      const name = !head?.[1] ? null : head[2] ? 'default' : (head[3] as string);
      return { chunk, name };
    });
  const wanted = new Set(names);
  for (;;) {
    const code = uncommented(
      chunks
        .filter((c) => c.name === null || wanted.has(c.name))
        .map((c) => c.chunk)
        .join(''),
    );
    const more = chunks.filter(
      (c) => c.name !== null && c.name !== 'default' && !wanted.has(c.name) && new RegExp(`\\b${c.name}\\b`).test(code),
    );
    if (more.length === 0) return code;
    for (const c of more) wanted.add(c.name as string);
  }
}

/** The names an import clause brings: a set for `{ a, b as c }` or a default import, else 'all'. */
function importedNames(clause: string): { imported: Set<string> | 'all'; local: string[] } {
  const named = /^\{([^}]*)\}$/.exec(clause.trim());
  if (named) {
    const parts = (named[1] as string)
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n && !n.startsWith('type '));
    return {
      imported: new Set(parts.map((n) => n.split(/\s+as\s+/)[0] as string)),
      local: parts.map((n) => n.split(/\s+as\s+/).pop() as string),
    };
  }
  if (/^\w+$/.test(clause.trim())) return { imported: new Set(['default']), local: [clause.trim()] };
  return { imported: 'all', local: [] };
}

/**
 * The island's code: the entry whole, and of every relative module it imports (followed) the
 * top-level declarations it imports by name plus the module's unexported ones, so a shared
 * module's unrelated exports (the coupon discount label next to a logo's initial) do not count.
 * Of a module imported in part, only the imports that code uses are followed (DealGrid takes the
 * grid classes of CouponGrid.tsx, not the coupon card CouponGrid renders). Modules loaded as
 * chunks (`import('./ResultTabs.tsx')`) count whole.
 */
export function tree(entry: string): Source[] {
  const wanted = new Map<string, Set<string> | 'all'>();
  const queue: [string, Set<string> | 'all'][] = [[resolve(ROOT, entry), 'all']];
  while (queue.length > 0) {
    const [file, names] = queue.shift() as [string, Set<string> | 'all'];
    const had = wanted.get(file);
    if (had === 'all') continue;
    const merged = names === 'all' ? 'all' : new Set([...(had ?? []), ...names]);
    if (had && merged !== 'all' && merged.size === had.size) continue;
    wanted.set(file, merged);
    const source = readFileSync(file, 'utf8');
    const code = keptCode(source, merged).replace(IMPORT, '');
    for (const m of source.matchAll(IMPORT)) {
      const target = resolve(dirname(file), m[2] as string);
      if (!existsSync(target) || !/\.(tsx?|jsx?)$/.test(target)) continue;
      const { imported, local } = importedNames(m[1] as string);
      if (merged !== 'all' && local.length > 0 && !local.some((n) => new RegExp(`\\b${n}\\b`).test(code))) continue;
      queue.push([target, imported]);
    }
    for (const m of code.matchAll(/\bimport\(\s*'(\.[^']+)'\s*\)/g)) {
      const target = resolve(dirname(file), m[1] as string);
      if (existsSync(target) && /\.(tsx?|jsx?)$/.test(target)) queue.push([target, 'all']);
    }
  }
  return [...wanted].map(([file, names]) => ({
    file: relative(ROOT, file),
    source: keptCode(readFileSync(file, 'utf8'), names),
  }));
}

/** The first argument of the call whose `(` ends at `from` (to the `,` or `)` that closes it). */
function firstArgument(source: string, from: number): string {
  let depth = 0;
  let quote = '';
  for (let i = from; i < source.length && i < from + 200; i++) {
    const c = source[i] as string;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      if (depth === 0) return source.slice(from, i).trim();
      depth--;
    } else if (c === ',' && depth === 0) return source.slice(from, i).trim();
  }
  return source.slice(from, from + 200).trim();
}

/**
 * Keys of `t('…')` calls whose key is one literal, and the other calls (a template with a
 * placeholder, a variable, a condition…), each as "<file>: t(<its first argument>)", e.g.
 * "src/components/deals/DealsListing.tsx: t(`deals:sort.${s}`)".
 */
export function usedKeys(sources: Source[]): { keys: Set<string>; dynamic: string[] } {
  const keys = new Set<string>();
  const dynamic: string[] = [];
  for (const { file, source } of sources) {
    for (const m of source.matchAll(/\bt\(/g)) {
      const arg = firstArgument(source, (m.index as number) + m[0].length);
      const literal = /^(['"`])([^'"`\\]*)\1$/.exec(arg);
      if (literal && !(literal[1] === '`' && (literal[2] as string).includes('${'))) keys.add(literal[2] as string);
      else dynamic.push(`${file}: t(${arg})`);
    }
  }
  return { keys, dynamic };
}
