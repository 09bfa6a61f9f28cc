/**
 * A small import reader for the architecture tests: the imports of a source file (.ts, .tsx, the
 * frontmatter and scripts of .astro), each with whether it brings values or only types, resolved
 * to files under src/ (relative imports) or kept as package names.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../../..');
export const SRC = join(ROOT, 'src');

export type Import = {
  /** The specifier as written. */
  spec: string;
  /** Absolute file for a relative import, else null (a package or a virtual module). */
  file: string | null;
  /** False for `import type …` and for `import { type A, type B } …`. */
  value: boolean;
  /** `import('…')`: loaded on demand, in a chunk of its own. */
  dynamic: boolean;
};

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx|astro|mjs)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/**
 * The code of a file, without comments: for .astro, its <script> elements (what reaches the
 * browser) and, unless `clientOnly`, its frontmatter (run at build time).
 */
export function codeOf(file: string, opts: { clientOnly?: boolean } = {}): string {
  const text = readFileSync(file, 'utf8');
  let code = text;
  if (file.endsWith('.astro')) {
    const front = opts.clientOnly ? '' : (/^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '');
    const scripts = [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n');
    code = `${front}\n${scripts}`;
  }
  return code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

function resolveFile(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return base;
}

const STATIC_IMPORT = /^\s*(import|export)\s+(type\s+)?([\s\S]*?)\s*from\s*['"]([^'"]+)['"]/gm;
const SIDE_EFFECT_IMPORT = /^\s*import\s*['"]([^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

export function importsOf(file: string, opts: { clientOnly?: boolean } = {}): Import[] {
  const code = codeOf(file, opts);
  const out: Import[] = [];
  for (const m of code.matchAll(STATIC_IMPORT)) {
    const [, , typeOnly, clause = '', spec = ''] = m;
    let value = !typeOnly;
    const named = /^\{([\s\S]*)\}$/.exec(clause.trim());
    if (value && named) {
      const names = (named[1] ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      value = names.length === 0 || names.some((n) => !n.startsWith('type '));
    }
    out.push({ spec, file: resolveFile(file, spec), value, dynamic: false });
  }
  for (const m of code.matchAll(SIDE_EFFECT_IMPORT)) {
    const spec = m[1] ?? '';
    out.push({ spec, file: resolveFile(file, spec), value: true, dynamic: false });
  }
  for (const m of code.matchAll(DYNAMIC_IMPORT)) {
    const spec = m[1] ?? '';
    out.push({ spec, file: resolveFile(file, spec), value: true, dynamic: true });
  }
  return out;
}

export const rel = (file: string) => relative(ROOT, file);

/** Every file and package reachable from `entries` through value imports (static, and dynamic when asked). */
export function reachable(entries: string[], opts: { dynamic: boolean; skip?: string[] }): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  const queue: [string, string[]][] = entries.map((e) => [e, [rel(e)]]);
  while (queue.length) {
    const [file, path] = queue.shift()!;
    if (seen.has(file) || opts.skip?.includes(file)) continue;
    seen.set(file, path);
    if (!file.startsWith('/') || !existsSync(file)) continue;
    for (const i of importsOf(file)) {
      if (!i.value || (i.dynamic && !opts.dynamic)) continue;
      const target = i.file ?? i.spec;
      if (!seen.has(target)) queue.push([target, [...path, i.file ? rel(i.file) : i.spec]]);
    }
  }
  return seen;
}
