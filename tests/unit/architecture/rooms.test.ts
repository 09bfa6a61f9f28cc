/**
 * Issue 43, point 5: every kind of module has its room, named after what it holds, so a newcomer
 * finds it by the folder name and the import graph shows it:
 * - every top-level folder of src/ is described in docs/architecture.md's layout (no folder of
 *   unrelated kinds such as the former src/lib);
 * - no module of src/ or scripts/ is longer than 400 lines;
 * - src/config has no import circle, types included (public.ts → schema.ts → schema-ads.ts →
 *   public.ts was one).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, SRC, sourceFiles } from './imports.ts';

const ROOT = join(SRC, '..');
const LAYOUT = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');

describe('rooms of src/', () => {
  const folders = readdirSync(SRC).filter((name) => statSync(join(SRC, name)).isDirectory());

  it('has no catch-all folder', () => {
    expect(folders.filter((f) => ['lib', 'utils', 'misc', 'helpers', 'common'].includes(f))).toEqual([]);
  });

  it.each(folders)('src/%s/ is described in the layout of docs/architecture.md', (folder) => {
    expect(LAYOUT).toMatch(new RegExp(`^src/${folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/ `, 'm'));
  });
});

describe('module size', () => {
  const modules = [...sourceFiles(SRC), ...sourceFiles(join(ROOT, 'scripts'))];
  it('no module of src/ or scripts/ is longer than 400 lines', () => {
    const long = modules
      .map((f) => ({ file: relative(ROOT, f), lines: readFileSync(f, 'utf8').split('\n').length - 1 }))
      .filter((m) => m.lines > 400);
    expect(long).toEqual([]);
  });
});

describe('src/config', () => {
  it('has no import circle, types included', () => {
    const files = sourceFiles(join(SRC, 'config'));
    const edges = new Map(
      files.map((f) => [f, importsOf(f).flatMap((i) => (i.file && files.includes(i.file) ? [i.file] : []))]),
    );
    const cycles: string[] = [];
    const walk = (f: string, path: string[]) => {
      for (const next of edges.get(f) ?? []) {
        if (path.includes(next))
          cycles.push([...path.slice(path.indexOf(next)), next].map((x) => relative(SRC, x)).join(' → '));
        else walk(next, [...path, next]);
      }
    };
    for (const f of files) walk(f, [f]);
    expect(cycles).toEqual([]);
  });
});
