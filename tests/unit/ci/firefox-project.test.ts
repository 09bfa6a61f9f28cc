/**
 * The Playwright project "firefox" (docs/firefox.md): it runs exactly the static project's tests, in
 * Firefox; `npm test`'s Chromium step leaves it out with E2E_FIREFOX=0 and runs it as its own step.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const CLI = resolve(ROOT, 'node_modules/@playwright/test/cli.js');

/** The tests `playwright test --list` names, as "[project] › file:line:col › title". */
function listed(args: string[], env: Record<string, string> = {}): string[] {
  const r = spawnSync(process.execPath, [CLI, 'test', '--list', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout.split('\n').filter((l) => /^\s+\[[\w-]+\] › /.test(l));
}
const withoutProject = (lines: string[]) => lines.map((l) => l.replace(/^\s+\[[\w-]+\] › /, '')).sort();

describe('the firefox project', () => {
  it("lists the static project's tests, the same ones", () => {
    const firefox = listed(['--project', 'firefox']);
    const chromium = listed(['--project', 'static']);
    expect(firefox.length).toBeGreaterThan(100);
    expect(firefox.every((l) => l.includes('[firefox]'))).toBe(true);
    expect(withoutProject(firefox)).toEqual(withoutProject(chromium));
  }, 60_000);

  it('is left out with E2E_FIREFOX=0 (the Chromium step of npm test)', () => {
    const all = listed([], { E2E_FIREFOX: '0' });
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter((l) => l.includes('[firefox]'))).toEqual([]);
    expect(all.some((l) => l.includes('[static]'))).toBe(true);
  }, 60_000);
});
