/**
 * The failed tests named in a test runner's JSON report (Playwright's `json` reporter, Vitest's
 * `json` reporter), so `npm test` can list them again in its summary: in a long CI log, the
 * runners' own failure lists scroll far above the last lines a reader sees.
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { z } from 'zod';

export interface FailedTest {
  /** Where: `[project] file:line` or the test file. */
  where: string;
  title: string;
  /** The first line of the error, when the report has one. */
  error?: string;
}

/** Terminal colour codes in the runners' messages. */
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

const firstLine = (text: string | undefined) =>
  text
    ?.replace(ANSI_COLOUR, '')
    .split('\n')
    .find((l) => l.trim() !== '')
    ?.trim()
    .slice(0, 300);

const PlaywrightSpec = z.object({
  title: z.string(),
  file: z.string().optional(),
  line: z.number().optional(),
  tests: z.array(
    z.object({
      projectName: z.string().optional(),
      status: z.string(),
      results: z.array(z.object({ error: z.object({ message: z.string().optional() }).optional() })).default([]),
    }),
  ),
});
type Suite = { title: string; specs?: z.infer<typeof PlaywrightSpec>[]; suites?: Suite[] };
const PlaywrightSuite: z.ZodType<Suite> = z.lazy(() =>
  z.object({
    title: z.string(),
    specs: z.array(PlaywrightSpec).optional(),
    suites: z.array(PlaywrightSuite).optional(),
  }),
);
const PlaywrightReport = z.object({
  suites: z.array(PlaywrightSuite),
  /** Errors outside any test, such as a spec file that fails to load (then no test runs). */
  errors: z
    .array(
      z.object({
        message: z.string().optional(),
        location: z.object({ file: z.string(), line: z.number().optional() }).optional(),
      }),
    )
    .default([]),
});

const VitestReport = z.object({
  testResults: z.array(
    z.object({
      name: z.string(),
      status: z.string(),
      message: z.string().optional(),
      assertionResults: z
        .array(z.object({ fullName: z.string(), status: z.string(), failureMessages: z.array(z.string()).default([]) }))
        .default([]),
    }),
  ),
});

/** Failed tests in a Playwright JSON report: "unexpected" after every retry (flaky ones passed). */
export function playwrightFailures(report: unknown): FailedTest[] {
  const parsed = PlaywrightReport.safeParse(report);
  if (!parsed.success) return [];
  const out: FailedTest[] = [];
  const walk = (suite: Suite, path: string[]) => {
    const titles = suite.title && !suite.title.endsWith('.ts') ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected') continue;
        const error = test.results.map((r) => firstLine(r.error?.message)).find(Boolean);
        out.push({
          where: `[${test.projectName ?? ''}] ${spec.file ?? ''}:${spec.line ?? ''}`,
          title: [...titles, spec.title].join(' › '),
          ...(error ? { error } : {}),
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, titles);
  };
  for (const suite of parsed.data.suites) walk(suite, []);
  for (const e of parsed.data.errors) {
    const error = firstLine(e.message);
    out.push({
      where: e.location ? `${e.location.file}:${e.location.line ?? ''}` : '(no file)',
      title: '(an error outside any test)',
      ...(error ? { error } : {}),
    });
  }
  return out;
}

/** Failed tests (or files that failed to run) in a Vitest JSON report. */
export function vitestFailures(report: unknown, root: string): FailedTest[] {
  const parsed = VitestReport.safeParse(report);
  if (!parsed.success) return [];
  const out: FailedTest[] = [];
  for (const file of parsed.data.testResults) {
    const where = relative(root, file.name);
    const failed = file.assertionResults.filter((a) => a.status === 'failed');
    for (const a of failed) {
      const error = firstLine(a.failureMessages[0]);
      out.push({ where, title: a.fullName, ...(error ? { error } : {}) });
    }
    if (failed.length === 0 && file.status === 'failed') {
      const error = firstLine(file.message);
      out.push({ where, title: '(the file failed to run)', ...(error ? { error } : {}) });
    }
  }
  return out;
}

/** Reads a report file; a missing or unreadable one gives no names (the step's status still counts). */
export function readReport(path: string): unknown {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}
