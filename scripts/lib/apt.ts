/**
 * Installs Debian packages with apt-get (non-interactive), for the browsers and tools the tests
 * need on a fresh machine: scripts/ensure-chromium.ts, scripts/firefox-smoke.ts, scripts/lib/java.ts.
 * Throws when apt-get fails; the caller checks that what it needs is now there.
 */
import { execFileSync } from 'node:child_process';

export const isRoot = (): boolean => typeof process.getuid === 'function' && process.getuid() === 0;

export function aptInstall(...packages: string[]): void {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
}
