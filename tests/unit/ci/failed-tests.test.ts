/**
 * `npm test` names the failed tests again at the end of its log, read from the runners' JSON
 * reports. The fixtures are real reports: Playwright 1.65's `json` reporter (one passing, one
 * failing, one flaky test, retries 1) and Vitest 5's (one failing test, one file that failed to load).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { playwrightFailures, readReport, vitestFailures } from '../../../scripts/lib/test-report/failed.ts';

const fixture = (name: string) => JSON.parse(readFileSync(`tests/fixtures/test-reports/${name}`, 'utf8'));

describe("failed tests from the runners' reports", () => {
  it('Playwright: the test that failed every try, with its project, file, line and first error line; not the flaky one', () => {
    const failed = playwrightFailures(fixture('playwright.json'));
    expect(failed).toHaveLength(1);
    expect(failed[0]?.where).toBe('[static] a.spec.ts:4');
    expect(failed[0]?.title).toBe('group › fails');
    expect(failed[0]?.error).toContain('one is two');
  });

  it('Playwright: a spec file that fails to load (so no test runs) is named with its error', () => {
    const failed = playwrightFailures(fixture('playwright-load-error.json'));
    expect(failed).toEqual([
      {
        where: '/project/c.test.ts:1',
        title: '(an error outside any test)',
        error: "Error: Cannot find module './missing-module.ts'",
      },
    ]);
  });

  it('Vitest: a failed test with its file, and a file that did not load', () => {
    const failed = vitestFailures(fixture('vitest.json'), '/project');
    expect(failed.map((f) => `${f.where} › ${f.title}`)).toEqual([
      'b.test.ts › group fails',
      'c.test.ts › (the file failed to run)',
    ]);
    expect(failed[0]?.error).toBe('AssertionError: expected 1 to be 2 // Object.is equality');
    expect(failed[1]?.error).toMatch(/missing-module/);
  });

  it('a missing, corrupt or foreign report names nothing rather than throwing', () => {
    expect(readReport('tests/fixtures/test-reports/none.json')).toBeUndefined();
    expect(playwrightFailures(undefined)).toEqual([]);
    expect(vitestFailures({ suites: [] }, '/')).toEqual([]);
    expect(playwrightFailures(fixture('vitest.json'))).toEqual([]);
  });
});
