/**
 * Issue 21: the boundaries are lint rules (biome.json overrides, lint/*.grit), so `biome check`
 * refuses a violation where it is written. This runs Biome on small files placed where the rules
 * apply (removed afterwards) and asserts each rule fires, so a rule cannot silently disappear
 * from the config.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const BIOME = join(ROOT, 'node_modules/.bin/biome');
const tag = `zz-lint-fixture-${process.pid}`;
const written: string[] = [];

interface Finding {
  rule: string;
  line: number;
}

/** Biome's findings for `code` written at `path` (relative to the repository). */
function lint(path: string, code: string): Finding[] {
  const file = join(ROOT, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, code);
  written.push(file);
  let out: string;
  try {
    out = execFileSync(BIOME, ['lint', '--reporter=json', '--max-diagnostics=100', file], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (err) {
    out = String((err as { stdout?: string }).stdout ?? '');
  }
  const report = JSON.parse(out) as {
    diagnostics: { category: string; location?: { start?: { line: number } } }[];
  };
  return report.diagnostics.map((d) => ({ rule: d.category, line: d.location?.start?.line ?? 0 }));
}

afterAll(() => {
  for (const f of written) rmSync(f, { force: true });
  rmSync(join(ROOT, 'src/components', tag), { recursive: true, force: true });
});

describe('biome.json boundary rules', () => {
  it('an island may not import src/api, src/sources or the ad runtime/preload modules', () => {
    const found = lint(
      `src/components/${tag}/Bad.tsx`,
      [
        "import { createApiClient } from '../../api/client.ts';",
        "import { getApiClient } from '../../sources/browser.ts';",
        "import { preloadAfterIdle } from '../../ads/preload.ts';",
        "import { loadAdRuntime } from '../../stores/ad-code.ts';",
        'export const all = [createApiClient, getApiClient, preloadAfterIdle, loadAdRuntime];',
        '',
      ].join('\n'),
    );
    expect(found.filter((f) => f.rule === 'lint/style/noRestrictedImports').map((f) => f.line)).toEqual([1, 2, 3]);
  });

  it('localStorage / sessionStorage and script tags are refused outside their modules', () => {
    const found = lint(
      `src/page-chrome/${tag}.ts`,
      [
        "export const a = localStorage.getItem('x');",
        'export const b = window.sessionStorage;',
        "export const c = document.createElement('script');",
        "export const d = document.createElement('div');",
        "export const e = 'localStorage';",
        '',
      ].join('\n'),
    );
    expect(found.filter((f) => f.rule === 'plugin').map((f) => f.line)).toEqual([1, 2, 3]);
  });

  it('src/catalog, src/api and src/config import no React', () => {
    for (const folder of ['catalog', 'api', 'config']) {
      const found = lint(`src/${folder}/${tag}.ts`, "import { useState } from 'react';\nexport const s = useState;\n");
      expect(
        found.map((f) => f.rule),
        folder,
      ).toContain('lint/style/noRestrictedImports');
    }
  });

  it('page scripts post through src/stores/form-client.ts, not src/api', () => {
    const found = lint(
      `src/content-helpers/enhance/${tag}.ts`,
      "import { createApiClient } from '../../api/client.ts';\nexport const c = createApiClient;\n",
    );
    expect(found.map((f) => f.rule)).toContain('lint/style/noRestrictedImports');
  });

  it('the sanctioned modules themselves pass', () => {
    for (const file of [
      'src/storage/web-storage.ts',
      'src/storage/stores.ts',
      'src/preferences/preferences.ts',
      'src/ads/core/script-element.ts',
      'src/ads/core/loader.ts',
      'src/stores/ad-code.ts',
    ]) {
      const out = execFileSync(BIOME, ['lint', '--reporter=json', join(ROOT, file)], { cwd: ROOT, encoding: 'utf8' });
      expect(JSON.parse(out).diagnostics, file).toEqual([]);
    }
  });
});
