/**
 * The README's commands run as written on the Node 20 it asks for: `node scripts/….ts` does not
 * (ERR_UNKNOWN_FILE_EXTENSION; only `npm run …` uses the Node 24 of the `node` package), so every
 * command goes through an npm script, and every npm script the README names exists and points at
 * a file that exists.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const readme = readFileSync(resolve(ROOT, 'README.md'), 'utf8');
const scripts = (JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
  .scripts;

describe('README commands', () => {
  it('never tells the reader to run a TypeScript script with plain node', () => {
    const lines = readme.split('\n').filter((l) => /`node scripts\/[^`]*\.ts/.test(l));
    expect(lines).toEqual([]);
  });

  it('names only npm scripts that exist', () => {
    const named = [...readme.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((n) => !(n in scripts))).toEqual([]);
  });

  it('every npm script that runs a script file points at one that exists', () => {
    const missing = Object.entries(scripts).flatMap(([name, cmd]) =>
      [...cmd.matchAll(/node (scripts\/\S+\.ts)/g)]
        .map((m) => m[1]!)
        .filter((f) => !existsSync(resolve(ROOT, f)))
        .map((f) => `${name}: ${f}`),
    );
    expect(missing).toEqual([]);
  });

  it('has an npm script for each runnable script the README used to give as `node scripts/…`', () => {
    for (const file of [
      'scripts/deploy-headers.ts',
      'scripts/build-test-sites.ts',
      'scripts/screenshots.ts',
      'scripts/bench/page-js.ts',
      'scripts/bench/build.ts',
      'scripts/bench/catalog.ts',
      'scripts/content-screenshots.ts',
      'scripts/site-schema.ts',
      'scripts/ci/deploy.ts',
    ]) {
      expect(
        Object.values(scripts).some((cmd) => cmd === `node ${file}`),
        file,
      ).toBe(true);
    }
  });
});
