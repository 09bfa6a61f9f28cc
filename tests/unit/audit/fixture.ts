/** Fixture sites for the gate tests: the good site, or the good site with one broken overlay. */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll } from 'vitest';

export const FIXTURES = resolve(import.meta.dirname, '../../fixtures/audit');
export const GOOD = join(FIXTURES, 'good');

const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

/** A temporary copy of the good site with tests/fixtures/audit/broken/<name> laid over it. */
export function brokenSite(name: string): string {
  const dir = copyOfGood();
  cpSync(join(FIXTURES, 'broken', name), dir, { recursive: true });
  return dir;
}

export function copyOfGood(): string {
  const dir = mkdtempSync(join(tmpdir(), 'audit-fixture-'));
  made.push(dir);
  cpSync(GOOD, dir, { recursive: true });
  return dir;
}

/** Rewrites one file of a fixture copy. */
export function edit(dir: string, file: string, change: (text: string) => string): void {
  const path = join(dir, file);
  mkdirSync(dirname(path), { recursive: true });
  let text = '';
  try {
    text = readFileSync(path, 'utf8');
  } catch {}
  writeFileSync(path, change(text));
}
