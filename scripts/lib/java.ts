/**
 * The HTML validity gate (the Nu HTML Checker, npm `vnu-jar`) needs Java. `npm test` makes sure
 * it is there the way it does for Chromium (scripts/ensure-chromium.ts): as root on a machine
 * without it, Debian's headless JRE is installed with apt-get; otherwise that one gate is skipped
 * with one line saying why (every other test still runs).
 */
import { spawnSync } from 'node:child_process';
import { aptInstall, isRoot } from './apt.ts';

export const JAVA_PACKAGE = 'default-jre-headless';

export type JavaPlan = 'present' | 'install' | 'skip';

export function javaPlan(opts: { hasJava: boolean; isRoot: boolean; canApt: boolean }): JavaPlan {
  if (opts.hasJava) return 'present';
  return opts.isRoot && opts.canApt ? 'install' : 'skip';
}

/** The line `npm test` prints when it has to skip the HTML validity gate. */
export const JAVA_SKIP_LINE = `Java is missing, so the HTML validity gate (vnu) is skipped; install it with: sudo apt-get install -y ${JAVA_PACKAGE}`;

function javaRuns(java: string): boolean {
  const r = spawnSync(java, ['-version'], { stdio: 'ignore' });
  return r.status === 0;
}

/** The quality gates `npm test` runs without Java: every one but the HTML validator. */
export const GATES_WITHOUT_JAVA = ['--only', 'links,seo,weight,axe'];

export interface EnsureJavaOptions {
  log?: (line: string) => void;
  /** The java command (default $JAVA or "java"). */
  java?: string;
  isRoot?: boolean;
}

/** True when Java is (now) there; false, after printing JAVA_SKIP_LINE, when it is not. */
export function ensureJava(opts: EnsureJavaOptions = {}): boolean {
  const log = opts.log ?? console.log;
  const java = opts.java ?? process.env.JAVA ?? 'java';
  const plan = javaPlan({
    hasJava: javaRuns(java),
    isRoot: opts.isRoot ?? isRoot(),
    canApt: spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0,
  });
  if (plan === 'present') return true;
  if (plan === 'install') {
    log(`Installing Debian ${JAVA_PACKAGE} for the HTML validity gate (apt-get)…`);
    try {
      aptInstall(JAVA_PACKAGE);
    } catch {
      // Reported below.
    }
    if (javaRuns(java)) return true;
  }
  log(JAVA_SKIP_LINE);
  return false;
}
