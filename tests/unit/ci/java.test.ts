/**
 * `npm test` on a machine without Java (the HTML validator needs it): installed like Chromium
 * when it can be (root, apt-get), otherwise the one gate that needs it is skipped with one line
 * saying why, and every other gate still runs.
 */
import { describe, expect, it } from 'vitest';
import { ensureJava, GATES_WITHOUT_JAVA, JAVA_SKIP_LINE, javaPlan } from '../../../scripts/lib/java.ts';

describe('Java for the HTML validity gate', () => {
  it('installs it as root with apt-get, else skips the gate', () => {
    expect(javaPlan({ hasJava: true, isRoot: false, canApt: false })).toBe('present');
    expect(javaPlan({ hasJava: false, isRoot: true, canApt: true })).toBe('install');
    expect(javaPlan({ hasJava: false, isRoot: false, canApt: true })).toBe('skip');
    expect(javaPlan({ hasJava: false, isRoot: true, canApt: false })).toBe('skip');
  });

  it('without Java and without root: one line saying why the validator is skipped', () => {
    const lines: string[] = [];
    expect(ensureJava({ java: '/nonexistent/bin/java', isRoot: false, log: (l) => lines.push(l) })).toBe(false);
    expect(lines).toEqual([JAVA_SKIP_LINE]);
    expect(JAVA_SKIP_LINE).toMatch(/Java is missing.*vnu.*skipped.*apt-get install -y default-jre-headless/);
  });

  it('the other quality gates still run without Java', () => {
    expect(GATES_WITHOUT_JAVA).toEqual(['--only', 'links,seo,weight,axe']);
  });
});
